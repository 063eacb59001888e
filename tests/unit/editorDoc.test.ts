// The editor's document: edits as pure functions on the level value, one undo step per apply or
// transaction, and levels made by the edits that the game's own parser accepts.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSimWorld } from '../../src/sim';
import {
  addEntity, addPathNode, createEditorDoc, movePathNode, patchEntity, removePathNode, testPlayText, deleteEntities, duplicateEntities, emptyLevel, findEntity, insertStamp, linkRope,
  moveEntity, moveRespawnPoint, paintCells, paintRect, previewResize, renameEntity, resizeGrid, setEntityRect, setField, setPhysics,
  setTether, validateLevel, levelToText, levelCostOf, STAMPS, UNDO_LIMIT, type LevelFile,
} from '../../src/editor/doc';

const json = (l: LevelFile) => JSON.stringify(l);
const readLevel = (name: string) => JSON.parse(readFileSync(`levels/${name}.json`, 'utf8')) as LevelFile;

/** An empty level widened to 40x20 (room for stamps), floor at rows 18-19. */
function roomy(): LevelFile {
  const wide = resizeGrid(emptyLevel(), { left: 0, right: 16, top: 6, bottom: 0 });
  return paintRect(wide, { col: 0, row: 18 }, { col: 39, row: 19 }, '#');
}

describe('empty level', () => {
  it('is accepted by the game', () => {
    const v = validateLevel(emptyLevel());
    expect(v.problems).toEqual([]);
    expect(v.ok).toBe(true);
  });

  it('bends its ropes round corners, as the campaign does: a tether across a wall starts draped over it', () => {
    // A wall two tiles high between the spawns (p2 moved to x 7): the tether's straight line crosses it.
    const level = emptyLevel();
    const spawns = level.spawns.map((sp) => (sp.player === 2 ? { ...sp, x: 7 } : sp));
    const walled = paintRect({ ...level, spawns }, { col: 5, row: 10 }, { col: 5, row: 11 }, '#');
    const v = validateLevel(walled);
    if (!v.result.ok) throw new Error(v.reason ?? 'not ok');
    const world = createSimWorld(v.result.def);
    expect(world.wrap.count[world.tetherRope]).toBeGreaterThan(0);
  });
});

describe('document and undo', () => {
  it('one apply is one undo step; undo and redo give the same JSON', () => {
    const doc = createEditorDoc(emptyLevel());
    const start = json(doc.level);
    expect(doc.apply('Paint', (l) => paintCells(l, [{ col: 1, row: 1 }], '#'))).toBe(true);
    const after = json(doc.level);
    expect(doc.level.tiles[1][1]).toBe('#');
    expect(doc.undoLabel).toBe('Paint');
    doc.undo();
    expect(json(doc.level)).toBe(start);
    doc.redo();
    expect(json(doc.level)).toBe(after);
  });

  it('an edit that changes nothing is no step', () => {
    const doc = createEditorDoc(emptyLevel());
    expect(doc.apply('Paint', (l) => paintCells(l, [{ col: 1, row: 12 }], '#'))).toBe(false);
    expect(doc.canUndo).toBe(false);
  });

  it('a brush stroke in a transaction is one undo step; cancel puts the level back', () => {
    const doc = createEditorDoc(emptyLevel());
    const start = json(doc.level);
    doc.begin('Brush');
    for (let col = 2; col < 10; col++) doc.apply('Brush', (l) => paintCells(l, [{ col, row: 5 }], '='));
    doc.commit();
    expect(doc.level.tiles[5].slice(2, 10)).toBe('========');
    doc.undo();
    expect(json(doc.level)).toBe(start);
    expect(doc.canUndo).toBe(false);
    doc.begin('Drag');
    doc.apply('Drag', (l) => moveEntity(l, { kind: 'goal', id: 'goal' }, 10, 2));
    doc.cancel();
    expect(json(doc.level)).toBe(start);
    expect(doc.canUndo).toBe(false);
  });

  it('a stroke that ends where it began, or an edit to the same content, is no step', () => {
    const doc = createEditorDoc(emptyLevel());
    const start = doc.level;
    doc.begin('Brush');
    doc.apply('Brush', (l) => paintCells(l, [{ col: 4, row: 4 }], '#'));
    doc.apply('Brush', (l) => paintCells(l, [{ col: 4, row: 4 }], '.'));
    doc.commit();
    expect(doc.level).toBe(start);
    expect(doc.canUndo).toBe(false);
    expect(doc.apply('Move', (l) => moveEntity(l, { kind: 'goal', id: 'goal' }, l.goal.x, l.goal.y))).toBe(false);
    expect(doc.apply('Same', (l) => ({ ...l }))).toBe(false);
  });

  it(`keeps ${UNDO_LIMIT} steps (at least 500)`, () => {
    const doc = createEditorDoc(emptyLevel());
    const start = json(doc.level);
    for (let i = 0; i < 600; i++) doc.apply('Move', (l) => moveEntity(l, { kind: 'goal', id: 'goal' }, 5 + (i % 10), 2));
    let n = 0;
    while (doc.undo()) n++;
    expect(n).toBe(600);
    expect(json(doc.level)).toBe(start);
  });

  it('the level is frozen: mutating it throws instead of bypassing undo', () => {
    const doc = createEditorDoc(emptyLevel());
    expect(() => { (doc.level.spawns[0] as { x: number }).x = 9; }).toThrow(TypeError);
  });

  it('the cleared mark goes with any edit and comes back with undo', () => {
    const doc = createEditorDoc(emptyLevel());
    const replay = { format: 'ropebound-replay', version: 1, level: 'my-level', levelHash: '00000000', ticks: 0, inputs: [], hashes: [], completedTick: 0 } as const;
    doc.markCleared({ replay: { ...replay, inputs: [], hashes: [] } });
    expect(doc.cleared).not.toBeNull();
    doc.apply('Tether', (l) => setTether(l, { length: 7 }));
    expect(doc.cleared).toBeNull();
    doc.undo();
    expect(doc.cleared?.replay.level).toBe('my-level');
    doc.redo();
    expect(doc.cleared).toBeNull();
  });

  it('tells listeners about every change', () => {
    const doc = createEditorDoc(emptyLevel());
    let calls = 0;
    const off = doc.subscribe(() => calls++);
    doc.apply('Tether', (l) => setTether(l, { segments: 30 }));
    doc.undo();
    off();
    doc.redo();
    expect(calls).toBe(2);
    expect(doc.revision).toBe(3);
  });
});

describe('tiles', () => {
  it('paints a rectangle from any corner', () => {
    const l = paintRect(emptyLevel(), { col: 6, row: 4 }, { col: 3, row: 2 }, '^');
    expect(l.tiles.slice(2, 5).map((r) => r.slice(3, 7))).toEqual(['^^^^', '^^^^', '^^^^']);
    expect(l.tiles[1]).toBe(emptyLevel().tiles[1]);
  });

  it('adding on the left and top shifts every entity and keeps it valid', () => {
    const base = insertStamp(roomy(), 'spiked-pendulum', 26, 5).level;
    const l = resizeGrid(base, { left: 3, right: 0, top: 2, bottom: 0 });
    expect(l.tiles.length).toBe(base.tiles.length + 2);
    expect(l.tiles[0].length).toBe(base.tiles[0].length + 3);
    expect(l.spawns[0]).toMatchObject({ x: base.spawns[0].x + 3, y: base.spawns[0].y + 2 });
    expect(l.anchors![0]).toMatchObject({ x: 29, y: 7 });
    expect(l.goal.x).toBe(base.goal.x + 3);
    expect(validateLevel(l).ok).toBe(true);
    // and back: the same level
    expect(json(resizeGrid(l, { left: -3, right: 0, top: -2, bottom: 0 }))).toBe(json(base));
  });

  it('says what would fall off the edge, and removes it with the ropes tied to it', () => {
    const base = insertStamp(roomy(), 'crate-gate', 35, 4).level;
    const p = previewResize(base, { left: 0, right: -8, top: 0, bottom: 0 });
    expect(p.lostEntities).toEqual([{ kind: 'anchor', id: 'gate-hook' }, { kind: 'box', id: 'gate-crate' }, { kind: 'rope', id: 'gate-rope' }]);
    // the crate alone off the edge: its rope goes with it, the hook stays
    const q0 = previewResize(base, { left: 0, right: 0, top: 0, bottom: -10 });
    expect(q0.lostEntities).toEqual([{ kind: 'box', id: 'gate-crate' }, { kind: 'rope', id: 'gate-rope' }]);
    expect(p.lostTiles).toBe(16);
    expect(p.outsideRequired).toEqual([]);
    const l = resizeGrid(base, { left: 0, right: -8, top: 0, bottom: 0 });
    expect(l.anchors).toEqual([]);
    expect(l.boxes).toEqual([]);
    expect(l.ropes).toEqual([]);
    const q = previewResize(base, { left: -20, right: 0, top: 0, bottom: 0 });
    expect(q.outsideRequired.map((r) => r.kind)).toEqual(['spawn', 'spawn', 'goal']);
  });

  it('refuses a grid out of bounds', () => {
    const base = emptyLevel();
    expect(previewResize(base, { left: -23, right: 0, top: 0, bottom: 0 }).error).toMatch(/2 to 512 tiles wide/);
    expect(resizeGrid(base, { left: 0, right: 600, top: 0, bottom: 0 })).toBe(base);
  });
});

describe('entities', () => {
  it('duplicates a box with its anchor and rope, all with fresh ids tied to each other', () => {
    const base = insertStamp(roomy(), 'crate-gate', 20, 4).level;
    const { level, refs } = duplicateEntities(base, [{ kind: 'anchor', id: 'gate-hook' }, { kind: 'box', id: 'gate-crate' }], 6, 0);
    expect(refs).toEqual([{ kind: 'anchor', id: 'gate-hook-2' }, { kind: 'box', id: 'gate-crate-2' }, { kind: 'rope', id: 'gate-rope-2' }]);
    expect(level.ropes![1]).toMatchObject({ a: { anchor: 'gate-hook-2' }, b: { box: 'gate-crate-2' } });
    expect(level.boxes![1].x).toBe(26);
    expect(validateLevel(level).ok).toBe(true);
  });

  it('deleting an anchor removes the ropes tied to it; spawns and the goal stay', () => {
    const base = insertStamp(roomy(), 'crate-gate', 20, 4).level;
    const { level, removed } = deleteEntities(base, [{ kind: 'anchor', id: 'gate-hook' }, { kind: 'spawn', id: 'p1' }, { kind: 'goal', id: 'goal' }]);
    expect(removed).toEqual([{ kind: 'anchor', id: 'gate-hook' }, { kind: 'rope', id: 'gate-rope' }]);
    expect(level.spawns.length).toBe(2);
    expect(level.boxes!.length).toBe(1);
  });

  it('renaming updates the references to it', () => {
    const base = insertStamp(roomy(), 'gondola', 10, 4).level;
    const a = renameEntity(base, { kind: 'platform', id: 'trolley' }, 'cart');
    expect(a.anchors!.map((x) => x.platform)).toEqual(['cart', 'cart']);
    const b = renameEntity(a, { kind: 'box', id: 'gondola' }, 'car');
    expect(b.ropes!.map((r) => r.b.box)).toEqual(['car', 'car']);
    expect(validateLevel(b).ok).toBe(true);
  });

  it('resizing a box keeps its rope points at the same place relative to its size', () => {
    const base = insertStamp(roomy(), 'gondola', 10, 4).level;
    const g = findEntity(base, { kind: 'box', id: 'gondola' })!;
    const l = setEntityRect(base, { kind: 'box', id: 'gondola' }, { x: g.x - 2.6, y: g.y - 0.25, w: 5.2, h: 0.5 });
    expect(l.boxes![0]).toMatchObject({ x: g.x, w: 5.2 });
    expect(l.ropes!.map((r) => r.b.at)).toEqual([[-2.2, -0.25], [2.2, -0.25]]);
  });

  it('a respawn point dragged out of its checkpoint grows the area to hold a player standing there (the flag lit where it stands)', () => {
    const base = addEntity(roomy(), 'checkpoint', { id: 'cp', x: 14, y: 15, w: 2, h: 3, p1: [14.5, 18], p2: [15.5, 18] }).level;
    const inside = (c: { x: number; y: number; w: number; h: number }, x: number, y: number) =>
      x >= c.x && x <= c.x + c.w && y >= c.y && y <= c.y + c.h;
    // Out to the right and up a step: the area reaches the new feet and the centre 0.7 m above them.
    const moved = moveRespawnPoint(base, 'cp', 1, [19, 16]);
    const c = findEntity(moved, { kind: 'checkpoint', id: 'cp' })!;
    expect(c.p1).toEqual([19, 16]);
    expect(c.p2).toEqual([15.5, 18]);
    expect(c).toMatchObject({ x: 14, y: 15, w: 5, h: 3 });
    for (const [x, y] of [c.p1, c.p2]) {
      expect(inside(c, x, y), `feet ${x}, ${y}`).toBe(true);
      expect(inside(c, x, y - 0.7), `centre above ${x}, ${y}`).toBe(true);
    }
    // Up out of the top: the area grows upwards to the player's centre.
    expect(findEntity(moveRespawnPoint(base, 'cp', 2, [15, 15.2]), { kind: 'checkpoint', id: 'cp' })).toMatchObject({ x: 14, y: 14.5, w: 2, h: 3.5 });
    // Back inside: the area is left as it is; the game accepts the level.
    const back = moveRespawnPoint(moved, 'cp', 1, [15, 18]);
    expect(findEntity(back, { kind: 'checkpoint', id: 'cp' })).toMatchObject({ x: 14, y: 15, w: 5, h: 3, p1: [15, 18] });
    expect(validateLevel(moved).problems).toEqual([]);
  });

  it('setField sets and removes fields, keeping key order', () => {
    const base = insertStamp(roomy(), 'spiked-pendulum', 26, 5).level;
    const a = setField(base, ['boxes', 0, 'mass'], 60);
    expect(Object.keys(a.boxes![0])).toEqual(Object.keys(base.boxes![0]));
    expect(a.boxes![0].mass).toBe(60);
    const b = setField(a, ['boxes', 0, 'startAngle'], undefined);
    expect('startAngle' in b.boxes![0]).toBe(false);
    const c = setPhysics(b, { gravity: 30 });
    expect(c.physics).toEqual({ ropeWrap: true, gravity: 30 }); // a new level bends its ropes
    expect(setPhysics(c, { gravity: undefined }).physics).toEqual({ ropeWrap: true });
    expect(setPhysics(c, { gravity: undefined, ropeWrap: undefined }).physics).toBeUndefined();
  });

  it('a new rope is as long as the distance plus slack, and the game accepts it', () => {
    const base = addEntity(addEntity(roomy(), 'anchor', { id: 'hook', x: 12, y: 8 }).level, 'box', { id: 'crate', x: 12, y: 14, w: 1, h: 1, mass: 20 }).level;
    const { level, ref } = linkRope(base, { anchor: 'hook' }, { box: 'crate' });
    const rope = findEntity(level, ref)!;
    expect(rope.length).toBeGreaterThan(5.5);
    expect(rope.length).toBeLessThan(6.2);
    expect(validateLevel(level).ok).toBe(true);
  });
});

describe('platforms, the inspector and test-play', () => {
  it('adds, drags and removes path nodes; a path keeps 2', () => {
    const base = insertStamp(roomy(), 'gondola', 10, 4).level;
    const a = addPathNode(base, 'trolley', 22, 6);
    expect(a.platforms![0].path).toEqual([[10, 4], [22, 4], [22, 6]]);
    const b = addPathNode(a, 'trolley', 16, 2, 1);
    expect(b.platforms![0].path[1]).toEqual([16, 2]);
    const c = movePathNode(b, 'trolley', 1, 16.5, 2);
    expect(c.platforms![0].path[1]).toEqual([16.5, 2]);
    expect(movePathNode(c, 'trolley', 1, 16.5, 2)).toBe(c);
    const d = removePathNode(removePathNode(c, 'trolley', 1), 'trolley', 2);
    expect(d.platforms![0].path).toEqual([[10, 4], [22, 4]]);
    expect(removePathNode(d, 'trolley', 0)).toBe(d);
  });

  it('patches several fields of an entity, removing those set to undefined', () => {
    const base = insertStamp(roomy(), 'spiked-pendulum', 26, 5).level;
    const l = patchEntity(base, { kind: 'box', id: 'blade' }, { mass: 55, startAngle: undefined, push: [1, 0] });
    expect(l.boxes![0]).toEqual({ id: 'blade', x: 26, y: 10.4, w: 0.8, h: 0.8, mass: 55, spikes: true, push: [1, 0] });
    expect(patchEntity(base, { kind: 'box', id: 'nothing' }, { mass: 1 })).toBe(base);
    expect(patchEntity(base, { kind: 'goal', id: 'goal' }, { w: 4 }).goal.w).toBe(4);
  });

  it('test-play from a checkpoint plays a derived level that cannot clear it', () => {
    const base = addEntity(roomy(), 'checkpoint', { id: 'cp', x: 10, y: 14, w: 2, h: 4, p1: [11, 18], p2: [10.5, 18] }).level;
    const fromStart = testPlayText(base);
    expect(fromStart).toEqual({ text: levelToText(base), canClear: true });
    const fromCp = testPlayText(base, 'cp');
    expect(fromCp.canClear).toBe(false);
    const played = JSON.parse(fromCp.text) as LevelFile;
    expect(played.spawns.map((p) => [p.x, p.y])).toEqual([[11, 18], [10.5, 18]]);
    expect(played.checkpoints).toEqual([]);
    expect(validateLevel(played).ok).toBe(true);
  });
});

describe('stamps', () => {
  for (const { kind } of STAMPS) {
    it(`${kind}: fresh ids, and the game accepts the level (twice over)`, () => {
      const once = insertStamp(roomy(), kind, 14, 3);
      const twice = insertStamp(once.level, kind, 26, 3);
      const ids = [...once.refs, ...twice.refs].map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      const v = validateLevel(twice.level);
      expect(v.problems.map((p) => p.message)).toEqual([]);
    });
  }
});

describe('validation', () => {
  it('maps each problem to its path and entity', () => {
    const base = insertStamp(roomy(), 'crate-gate', 20, 4).level;
    const broken = setField(setField(base, ['boxes', 0, 'w'], 99), ['ropes', 0, 'a', 'anchor'], 'nowhere');
    const v = validateLevel(broken);
    expect(v.ok).toBe(false);
    expect(v.reason).toMatch(/before it can be played or shared/);
    const w = v.problems.find((p) => p.path === '$.boxes[0].w')!;
    expect(w.entity).toEqual({ kind: 'box', id: 'gate-crate' });
    expect(w.keys).toEqual(['boxes', 0, 'w']);
    const a = v.problems.find((p) => p.path === '$.ropes[0].a')!;
    expect(a.entity).toEqual({ kind: 'rope', id: 'gate-rope' });
    expect(a.text).toMatch(/no anchor with id 'nowhere'/);
  });

  it('names tile rows and whole-level problems', () => {
    const l = setField(emptyLevel(), ['tiles', 3], '..');
    const v = validateLevel(l);
    expect(v.problems[0]).toMatchObject({ path: '$.tiles[3]', tileRow: 3, entity: null });
    const far = setTether(emptyLevel(), { length: 1 });
    expect(validateLevel(far).problems.some((p) => p.path === '$.spawns' && p.entity === null)).toBe(true);
  });

  it('answers again at once for a document\'s level seen before (undo), not for a changed copy', () => {
    const doc = createEditorDoc(emptyLevel());
    const first = validateLevel(doc.level);
    expect(validateLevel(doc.level)).toBe(first);
    doc.apply('Tether', (l) => setTether(l, { length: 1 }));
    const second = validateLevel(doc.level);
    expect(second.ok).toBe(false);
    doc.undo();
    expect(validateLevel(doc.level)).toBe(first);
    const loose = { ...emptyLevel() };
    expect(validateLevel(loose)).not.toBe(validateLevel(loose)); // not frozen: may change, not cached
  });

  it('gives the cost per tick against the bound, also for a level that does not validate', () => {
    const base = insertStamp(roomy(), 'crate-bridge', 20, 4).level;
    const c = levelCostOf(base)!;
    expect(c.limitMs).toBe(4);
    expect(c.cost.particles).toBe(22 + 4 * 16);
    expect(c.fraction).toBeCloseTo(c.cost.ms / 4, 12);
    const heavy = setPhysics(setField(base, ['boxes', 0, 'w'], 99), { substeps: 64 });
    expect(validateLevel(heavy).ok).toBe(false);
    expect(levelCostOf(heavy)!.cost.substeps).toBe(64);
    expect(levelCostOf(setTether(base, { segments: 0 }))).toBeNull();
  });

  it('accepts every campaign level as it is', () => {
    for (const name of ['10-swing-yard', '24-finale']) expect(validateLevel(readLevel(name)).ok).toBe(true);
  });
});
