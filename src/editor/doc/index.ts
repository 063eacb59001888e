// The level editor's core: the edited level as a value, every edit as a pure function, undo/redo,
// validation by the game's own parser. No pixi, no DOM: tested in Node (tests/unit/editor*.test.ts).
//
// API (stable: things are added, not renamed)
//
//   Document (editorDoc.ts)
//     createEditorDoc(level, cleared?) -> EditorDoc
//       doc.level            the level now (LevelFile, deep-frozen: never mutate it)
//       doc.apply(label, edit)   edit: (level) => level, one undo step (or part of a transaction)
//       doc.begin(label) / doc.commit() / doc.cancel()   a brush stroke or a drag = one undo step
//       doc.undo() / doc.redo(), canUndo, canRedo, undoLabel, redoLabel (UNDO_LIMIT = 1000 steps)
//       doc.revision         goes up on every change; doc.subscribe(listener) -> unsubscribe
//       doc.cleared / doc.markCleared({ replay })   any later edit clears it; undo brings it back
//     emptyLevel(id?, name?)  a small valid level to start from
//     sameContent(a, b)      true when both serialize to the same JSON (O(what differs))
//
//   Edits: pure (level, ...) => level, for doc.apply. Those that create entities return
//   { level, ref | refs } so the UI can select what was made:
//     doc.apply('Add box', (l) => addEntity(l, 'box', { id: 'box', x, y, w: 1, h: 1, mass: 20 }).level)
//   Tiles (tileEdits.ts):   paintCells(l, cells, '#'), paintRect(l, fromCell, toCell, '='),
//                           previewResize(l, {left,right,top,bottom}) -> what would be lost / error,
//                           resizeGrid(l, {left,right,top,bottom}) (negative removes; world places kept)
//   Entities (entityEdits.ts, entityQueries.ts, setField.ts): EntityRef = { kind, id };
//                           listEntities, findEntity, entityPath, entityBounds, entityPosition,
//                           addEntity, moveEntity(l, ref, x, y),
//                           shiftEntity(l, ref, dx, dy), setEntityRect(l, ref, {x,y,w,h}),
//                           moveRespawnPoint(l, checkpointId, 1 | 2, [x, feetY]) (the area grows to hold it),
//                           duplicateEntities(l, refs, dx, dy), deleteEntities(l, refs) (ropes tied to
//                           removed things go too), renameEntity(l, ref, id) (references follow),
//                           updateEntity(l, ref, fn), setField(l, ['boxes', 0, 'mass'], 30) and
//                           patchEntity(l, ref, { mass: 30, spikes: undefined }) for the inspector
//                           and tuning (undefined removes an optional field), freshId(l, base)
//   Ropes (ropeEdits.ts):   linkRope(l, endA, endB, opts?) (length = distance + slack),
//                           ropeEndPosition(l, end), ropesTiedTo(l, ref)
//   Level (levelMeta.ts):   setLevelMeta(l, {name, author, description, id}), setTether(l, {length, segments}),
//                           setPhysics(l, {gravity: 30, airDrag: undefined})
//   Platforms (platformEdits.ts): addPathNode(l, id, x, y, index?), movePathNode, removePathNode
//   Hints (hintEdits.ts):   addHint(l, verb, x, y) (a HINT_SIZE area kept on the grid; verbs: HINT_VERBS);
//                           a hint is then an entity { kind: 'hint', id } like a checkpoint
//   Stamps (stamps.ts):     STAMPS, insertStamp(l, 'spiked-pendulum' | 'crate-bridge' | 'crate-gate' | 'gondola', x, y)
//
//   Validation (validate.ts)
//     validateLevel(level) -> { ok, problems: [{ message, path, keys, text, entity, tileRow }], reason, cost, result }
//       ok = the game accepts it (play and share allowed); reason says why not. Cached per frozen
//       level object (undo/redo re-validate for free); 20-60 ms on the finale: run it after drawing.
//     levelCostOf(level) -> { cost, limitMs, fraction } | null   the tuning panel's cost gauge
//
//   Inspector (fieldMeta.ts): bounds and types from the valibot schema, words/units/defaults from
//   src/level/levelFieldDocs.ts (shared with levels/level.schema.json)
//     entityFields('box') -> FieldMeta[] in schema order; fieldsOf('physics'), fieldsOf('') (the level);
//     fieldMeta('boxes[].mass' | ['boxes', 3, 'mass']) -> { type, min, max, components, options,
//       pattern, optional, unit, default, description }
//
//   Files (levelExport.ts)
//     exportLevel(level, replay?, baseName?) -> { level: {name, text}, replay: {name, text} | null }
//       ("$schema" first; the replay only when recorded on this very content; put it in replays/)
//     importLevelText(text) -> { ok: true, level, valid, problems } | { ok: false, errors }
//       (a level breaking only bounds or whole-level rules opens with its problems; hostile text is refused)
//     levelToText(level), importReplayText(text)
//   Cleared (clearedMark.ts)
//     clearedFromInputs(level, masks) -> ClearedMark | null   from a test-play's per-tick [p1, p2] masks
//     verifyCleared(level, replay) -> { ok, mark, completedTick } | { ok: false, message }
//       re-simulates the replay's state hashes (as check-levels does) before a badge is shown
//   Share links (shareLink.ts), async (CompressionStream 'deflate-raw' + base64url)
//     encodeShareLink(level, replay?) -> { ok, fragment: '#share=1.…', chars } | { ok: false, message }
//     decodeShareLink(location.hash or a pasted URL) -> { ok, level, replay } | { ok: false, errors }
//       (the replay is a claim: verifyCleared it before showing the badge); isShareLink(hash)
//   My levels (levelLibrary.ts), IndexedDB through idb-keyval; options.store injects a UseStore
//     createLevelLibrary() -> { list, open, save, create, duplicate, rename, remove (returns the
//       record), restore, lastOpened, setLastOpened }; saves check a revision counter in one
//       transaction: another tab's newer save gives { ok: false, reason: 'conflict', message }
//     blocked / full storage: { ok: false, reason: 'blocked' | 'full', message } (export still works)
//   Test-play (testPlay.ts): testPlayText(level, checkpointId?) -> { text, canClear } (the text the
//     game plays; from a checkpoint it is a derived level and cannot clear the level)
//   Save to the project (projectSave.ts; dev server only, tools/editorSavePlugin.ts):
//     saveToProject(exportLevel(...), '09-my-level', { overwrite? }) -> { ok, message, files | exists }
//   Autosave (autosave.ts)
//     createAutosave({ doc, library, docId, revision, getView?, onStatus? }) -> { status, flush,
//       overwrite, keepMineAsCopy(newDocId), stop }: saves <= AUTOSAVE_DELAY_MS (400) after a change

export { createEditorDoc, deepFreeze, sameContent, UNDO_LIMIT, type ClearedMark, type EditorDoc, type LevelEdit } from './editorDoc';
export { emptyLevel, EMPTY_LEVEL_HEIGHT, EMPTY_LEVEL_WIDTH } from './emptyLevel';
export {
  addEntity, deleteEntities, duplicateEntities, moveEntity, moveRespawnPoint, renameEntity, setEntityRect, shiftEntity, updateEntity, type Rect,
} from './entityEdits';
export {
  entityBounds, entityPath, entityPosition, findEntity, freshId, indexOf, kindOfList, listEntities, listOf, usedIds,
} from './entityQueries';
export { setField, type PathKey } from './setField';
export { setLevelMeta, setPhysics, setTether, type LevelMeta } from './levelMeta';
export * from './levelTypes';
export {
  defaultRopeLength, defaultRopeSegments, linkRope, ropeEndPosition, ropesTiedTo, ROPE_SLACK_FRACTION, ROPE_SLACK_M,
  type LinkOptions,
} from './ropeEdits';
export { insertStamp, STAMPS, type StampKind } from './stamps';
export { paintCells, paintRect, previewResize, resizeGrid, type Cell, type GridResize, type ResizePreview } from './tileEdits';
export { entityAt, levelCostOf, toProblem, validateLevel, type Problem, type Validation } from './validate';
export { entityFields, fieldMeta, fieldsOf, schemaPath, type FieldMeta, type FieldType } from './fieldMeta';
export { exportLevel, importLevelText, importReplayText, levelBaseName, levelToText, LEVEL_SCHEMA_REF, type Export, type ExportedFile, type ImportResult } from './levelExport';
export { clearedFromInputs, verifyCleared, type ClearedCheck } from './clearedMark';
export {
  decodeShareLink, encodeShareLink, fromBase64Url, isShareLink, toBase64Url, MAX_SHARE_CHARS, MAX_SHARE_JSON_BYTES, SHARE_PREFIX,
  type DecodeResult, type EncodeResult,
} from './shareLink';
export {
  createLevelLibrary, storageMessage, type LevelLibrary, type LibraryOptions, type SaveResult, type SavedLevel, type SavedLevelInfo,
} from './levelLibrary';
export { AUTOSAVE_DELAY_MS, createAutosave, type Autosave, type AutosaveOptions, type AutosaveStatus } from './autosave';
export { patchEntity } from './entityEdits';
export { addPathNode, movePathNode, removePathNode } from './platformEdits';
export { testPlayText } from './testPlay';
export { addHint, HINT_SIZE, HINT_VERBS, type HintVerb } from './hintEdits';
export { LEVEL_FILE_NAME, SAVE_LEVEL_ENDPOINT, saveToProject, type ProjectSaveResult } from './projectSave';
