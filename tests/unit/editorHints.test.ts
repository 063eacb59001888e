// Teaching hints in the editor: placed for a verb where the designer clicks (kept on the grid, ids
// unique across the level), then moved, resized, duplicated and deleted like any entity, each one
// undo step; a level's hints survive open, edits and export, reach test-play, and move with the
// world when the grid grows on the left or top.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addHint, createEditorDoc, deleteEntities, duplicateEntities, emptyLevel, entityBounds, exportLevel, findEntity, HINT_SIZE, HINT_VERBS,
  importLevelText, listEntities, moveEntity, paintCells, resizeGrid, setEntityRect, setField, setLevelMeta, testPlayText,
  validateLevel, type LevelFile,
} from '../../src/editor/doc';
import { freshId, usedIds } from '../../src/editor/doc/entityQueries';
import { parseLevel } from '../../src/level/parseLevel';

const RAPPEL = readFileSync('levels/02-rappel.json', 'utf8');

function open(text: string): LevelFile {
  const imported = importLevelText(text);
  if (!imported.ok || !imported.valid) throw new Error(imported.ok ? imported.problems.join('\n') : imported.errors.join('\n'));
  return imported.level;
}

describe('editor: hints', () => {
  it('their ids are taken: a new entity never gets a hint\'s id (the level would then be refused)', () => {
    const level = open(RAPPEL);
    const hintId = level.hints![0].id;
    expect(usedIds(level).has(hintId)).toBe(true);
    expect(freshId(level, hintId)).not.toBe(hintId);
  });

  it('survive open, edits and export unchanged, and the exported file plays with them', () => {
    const original = open(RAPPEL);
    expect(original.hints?.length).toBeGreaterThan(0);
    const doc = createEditorDoc(original);
    doc.apply('Rename', (l) => setLevelMeta(l, { name: 'Rappel, again' }));
    doc.apply('Paint', (l) => paintCells(l, [{ col: 40, row: 2 }], '#'));
    doc.apply('Move', (l) => moveEntity(l, { kind: 'goal', id: 'goal' }, 2.5, 13.5));
    const exported = exportLevel(doc.level).level.text;
    expect(JSON.parse(exported).hints).toEqual(JSON.parse(RAPPEL).hints);
    const parsed = parseLevel(exported);
    expect(parsed.ok ? parsed.level.hints : parsed.errors).toEqual(JSON.parse(RAPPEL).hints);
    // A test-play plays the draft with its hints (so the designer sees the prompts).
    expect(JSON.parse(testPlayText(doc.level).text).hints).toEqual(JSON.parse(RAPPEL).hints);
  });

  it('move with the world when the grid grows on the left or top, and go when it shrinks under them', () => {
    const level = open(RAPPEL);
    const hints = level.hints!;
    const grown = resizeGrid(level, { left: 3, right: 0, top: 2, bottom: 0 });
    expect(grown.hints).toEqual(hints.map((h) => ({ ...h, x: h.x + 3, y: h.y + 2 })));
    expect(resizeGrid(grown, { left: -3, right: 0, top: -2, bottom: 0 }).hints).toEqual(hints);
    // Cutting the right side off past the shaft drops the hints there, and the level stays valid.
    const cut = resizeGrid(level, { left: 0, right: -13, top: 0, bottom: 0 });
    expect(cut.hints?.every((h) => h.x + h.w <= 37)).toBe(true);
    expect(cut.hints?.map((h) => h.id)).toEqual(['teach-rappel', 'teach-haul']);
    expect(parseLevel(exportLevel(cut).level.text).ok).toBe(true);
  });
});

describe('editor: placing and editing hints', () => {
  const teaches = (level: LevelFile) => (level.hints ?? []).map((h) => [h.id, h.verb, h.x, h.y, h.w, h.h]);

  it('a click adds a hint for the chosen verb, its area\'s top-left corner where clicked, and the level still plays', () => {
    const out = addHint(emptyLevel(), 'anchor', 2, 6);
    expect(out.ref).toEqual({ kind: 'hint', id: 'teach-anchor' });
    expect(teaches(out.level)).toEqual([['teach-anchor', 'anchor', 2, 6, HINT_SIZE.w, HINT_SIZE.h]]);
    expect(listEntities(out.level)).toContainEqual(out.ref);
    const parsed = parseLevel(exportLevel(out.level).level.text);
    expect(parsed.ok ? parsed.level.hints : parsed.errors).toEqual(out.level.hints);
    // Every verb the teaching system knows can be placed, and the game takes each.
    let level = emptyLevel();
    for (const verb of HINT_VERBS) level = addHint(level, verb, 1, 1).level;
    expect(level.hints?.map((h) => h.verb)).toEqual([...HINT_VERBS]);
    expect(validateLevel(level).ok).toBe(true);
  });

  it('ids stay unique: a second hint of a verb, or a verb whose id another entity has, gets a fresh id', () => {
    let level = addHint(emptyLevel(), 'jump', 1, 1).level;
    const second = addHint(level, 'jump', 8, 1);
    expect(second.ref.id).toBe('teach-jump-2');
    level = { ...second.level, anchors: [{ id: 'teach-swing', x: 4, y: 2 }] };
    expect(addHint(level, 'swing', 10, 2).ref.id).toBe('teach-swing-2');
    const ids = listEntities(addHint(level, 'swing', 10, 2).level).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a click near the edge keeps the whole area on the grid (the game refuses a hint reaching outside)', () => {
    const level = emptyLevel();
    const w = level.tiles[0].length;
    const h = level.tiles.length;
    const out = addHint(level, 'walk', w - 1, h - 0.5);
    const hint = out.level.hints![0];
    expect([hint.x + hint.w, hint.y + hint.h]).toEqual([w, h]);
    expect(addHint(level, 'walk', -3, -2).level.hints![0]).toMatchObject({ x: 0, y: 0 });
    expect(validateLevel(out.level).ok).toBe(true);
  });

  it('moves, resizes, duplicates and deletes like a checkpoint area, each edit one undo step', () => {
    const doc = createEditorDoc(emptyLevel());
    let ref = { kind: 'hint' as const, id: '' };
    doc.apply('Place anchor hint', (l) => { const out = addHint(l, 'anchor', 2, 6); ref = out.ref; return out.level; });
    doc.apply('Move', (l) => moveEntity(l, ref, 5, 4));
    expect(findEntity(doc.level, ref)).toMatchObject({ x: 5, y: 4, w: HINT_SIZE.w, h: HINT_SIZE.h });
    doc.apply('Resize', (l) => setEntityRect(l, ref, { x: 5, y: 3, w: 9, h: 5 }));
    expect(entityBounds(doc.level, ref)).toEqual({ x0: 5, y0: 3, x1: 14, y1: 8 });
    doc.apply('Set verb', (l) => setField(l, ['hints', 0, 'verb'], 'swing'));
    doc.apply('Duplicate', (l) => duplicateEntities(l, [ref], 1, 0).level);
    expect(teaches(doc.level)).toEqual([['teach-anchor', 'swing', 5, 3, 9, 5], ['teach-anchor-2', 'swing', 6, 3, 9, 5]]);
    doc.apply('Delete hint', (l) => deleteEntities(l, [ref]).level);
    expect(teaches(doc.level)).toEqual([['teach-anchor-2', 'swing', 6, 3, 9, 5]]);
    expect(validateLevel(doc.level).ok).toBe(true);
    // Undo walks back one edit at a time, to the level without hints; redo comes all the way back.
    const labels: string[] = [];
    while (doc.canUndo) { labels.push(doc.undoLabel!); doc.undo(); }
    expect(labels).toEqual(['Delete hint', 'Duplicate', 'Set verb', 'Resize', 'Move', 'Place anchor hint']);
    expect(doc.level.hints).toBeUndefined();
    while (doc.canRedo) doc.redo();
    expect(teaches(doc.level)).toEqual([['teach-anchor-2', 'swing', 6, 3, 9, 5]]);
  });

  it('a hint the game refuses is named by the problem list, which selects it', () => {
    const level = addHint(emptyLevel(), 'rappel', 2, 2).level;
    const wide = setField(level, ['hints', 0, 'w'], 400);
    const v = validateLevel(wide);
    expect(v.ok).toBe(false);
    expect(v.problems.map((p) => p.entity)).toContainEqual({ kind: 'hint', id: 'teach-rappel' });
  });

  it('the test-play text carries a placed hint', () => {
    const level = addHint(emptyLevel(), 'walk', 0, 6).level;
    expect(JSON.parse(testPlayText(level).text).hints).toEqual(level.hints);
  });
});
