// Undo and redo over random edit sequences (fast-check): after any sequence of edits, some grouped
// in transactions, undoing everything gives the starting JSON byte for byte, redoing everything the
// final JSON, and every step in between matches what it was on the way.

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addEntity, createEditorDoc, deleteEntities, duplicateEntities, emptyLevel, insertStamp, linkRope, listEntities,
  addPathNode, movePathNode, moveEntity, paintCells, patchEntity, removePathNode, paintRect, renameEntity, resizeGrid, setEntityRect, setField, setLevelMeta, setPhysics,
  sameContent, setTether, STAMPS, TILE_CHARS, type LevelEdit, type LevelFile,
} from '../../src/editor/doc';

const pick = <T>(list: readonly T[], i: number): T | undefined => (list.length === 0 ? undefined : list[i % list.length]);
const width = (l: LevelFile) => l.tiles[0].length;

/** Arbitrary edits; entities are chosen by index when the edit runs, so any sequence applies. */
const edit: fc.Arbitrary<[string, LevelEdit]> = fc.oneof(
  fc.tuple(fc.nat(600), fc.nat(300), fc.constantFrom(...TILE_CHARS)).map(([c, r, t]): [string, LevelEdit] =>
    ['paint', (l) => paintCells(l, [{ col: c % width(l), row: r % l.tiles.length }], t)]),
  fc.tuple(fc.nat(600), fc.nat(300), fc.nat(6), fc.nat(4), fc.constantFrom(...TILE_CHARS)).map(([c, r, w, h, t]): [string, LevelEdit] =>
    ['rect', (l) => paintRect(l, { col: c % width(l), row: r % l.tiles.length }, { col: (c % width(l)) + w, row: (r % l.tiles.length) + h }, t)]),
  fc.tuple(fc.integer({ min: -2, max: 3 }), fc.integer({ min: -2, max: 3 }), fc.integer({ min: -2, max: 3 }), fc.integer({ min: -2, max: 3 }))
    .map(([left, right, top, bottom]): [string, LevelEdit] => ['resize', (l) => resizeGrid(l, { left, right, top, bottom })]),
  fc.tuple(fc.double({ min: 0, max: 60, noNaN: true }), fc.double({ min: 0, max: 30, noNaN: true })).map(([x, y]): [string, LevelEdit] =>
    ['anchor', (l) => addEntity(l, 'anchor', { id: 'hook', x, y }).level]),
  fc.tuple(fc.double({ min: 0, max: 60, noNaN: true }), fc.double({ min: 0, max: 30, noNaN: true }), fc.boolean()).map(([x, y, spikes]): [string, LevelEdit] =>
    ['box', (l) => addEntity(l, 'box', { id: 'box', x, y, w: 1, h: 1, mass: 20, ...(spikes ? { spikes } : {}) }).level]),
  fc.tuple(fc.nat(), fc.double({ min: -5, max: 60, noNaN: true }), fc.double({ min: -5, max: 30, noNaN: true })).map(([i, x, y]): [string, LevelEdit] =>
    ['move', (l) => { const r = pick(listEntities(l), i); return r ? moveEntity(l, r, x, y) : l; }]),
  fc.tuple(fc.nat(), fc.double({ min: 0.5, max: 4, noNaN: true })).map(([i, w]): [string, LevelEdit] =>
    ['rect', (l) => { const r = pick(listEntities(l), i); return r ? setEntityRect(l, r, { x: 3, y: 2, w, h: w / 2 }) : l; }]),
  fc.nat().map((i): [string, LevelEdit] => ['delete', (l) => { const r = pick(listEntities(l), i); return r ? deleteEntities(l, [r]).level : l; }]),
  fc.nat().map((i): [string, LevelEdit] => ['duplicate', (l) => { const r = pick(listEntities(l), i); return r ? duplicateEntities(l, [r]).level : l; }]),
  fc.tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 8 })).map(([i, id]): [string, LevelEdit] =>
    ['rename', (l) => { const r = pick(listEntities(l), i); return r ? renameEntity(l, r, id) : l; }]),
  fc.tuple(fc.nat(), fc.nat()).map(([i, j]): [string, LevelEdit] => ['link', (l) => {
    const a = pick(l.anchors ?? [], i);
    const b = pick(l.boxes ?? [], j);
    return a && b ? linkRope(l, { anchor: a.id }, { box: b.id }).level : linkRope(l, { point: [1, 1] }, { player: 1 }).level;
  }]),
  fc.tuple(fc.constantFrom(...STAMPS.map((s) => s.kind)), fc.nat(40), fc.nat(20)).map(([k, x, y]): [string, LevelEdit] =>
    ['stamp', (l) => insertStamp(l, k, x, y).level]),
  fc.tuple(fc.nat(), fc.oneof(fc.double({ min: 0, max: 100, noNaN: true }), fc.constant(undefined))).map(([i, value]): [string, LevelEdit] =>
    ['field', (l) => (l.boxes?.length ? setField(l, ['boxes', i % l.boxes.length, 'startAngle'], value) : l)]),
  fc.tuple(fc.double({ min: 1, max: 40, noNaN: true }), fc.integer({ min: 2, max: 128 })).map(([length, segments]): [string, LevelEdit] =>
    ['tether', (l) => setTether(l, { length, segments })]),
  fc.option(fc.double({ min: 0, max: 200, noNaN: true }), { nil: undefined }).map((gravity): [string, LevelEdit] =>
    ['physics', (l) => setPhysics(l, { gravity })]),
  fc.tuple(fc.nat(), fc.nat(70), fc.nat(30), fc.nat(5), fc.constantFrom('add', 'move', 'remove')).map(([i, x, y, k, op]): [string, LevelEdit] =>
    ['path', (l) => {
      const p = pick(l.platforms ?? [], i);
      if (!p) return l;
      return op === 'add' ? addPathNode(l, p.id, x, y, k) : op === 'move' ? movePathNode(l, p.id, k, x, y) : removePathNode(l, p.id, k);
    }]),
  fc.tuple(fc.nat(), fc.double({ min: 0.1, max: 100, noNaN: true }), fc.boolean()).map(([i, mass, spikes]): [string, LevelEdit] =>
    ['patch', (l) => { const b = pick(l.boxes ?? [], i); return b ? patchEntity(l, { kind: 'box', id: b.id }, { mass, spikes: spikes || undefined }) : l; }]),
  fc.string({ maxLength: 20 }).map((name): [string, LevelEdit] => ['meta', (l) => setLevelMeta(l, { name: name || 'x', author: name })]),
);

/** Each entry: one edit on its own, or a transaction of several. */
const script = fc.array(fc.array(edit, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 25 });

const starts: Array<[string, LevelFile]> = [
  ['the empty level', emptyLevel()],
  ['24-finale', JSON.parse(readFileSync('levels/24-finale.json', 'utf8')) as LevelFile],
];

describe('undo/redo over random edits', () => {
  for (const [name, start] of starts) {
    it(`from ${name}: undo all = start, redo all = end, byte for byte`, () => {
      fc.assert(fc.property(script, (groups) => {
        const doc = createEditorDoc(start);
        const seen = [JSON.stringify(doc.level)];
        for (const group of groups) {
          if (group.length > 1) doc.begin('group');
          for (const [label, e] of group) doc.apply(label, e);
          if (group.length > 1) doc.commit();
          const now = JSON.stringify(doc.level);
          if (now !== seen.at(-1)) seen.push(now);
        }
        for (let k = seen.length - 2; k >= 0; k--) {
          expect(doc.undo()).toBe(true);
          expect(JSON.stringify(doc.level)).toBe(seen[k]);
        }
        expect(doc.undo()).toBe(false);
        for (let k = 1; k < seen.length; k++) {
          expect(doc.redo()).toBe(true);
          expect(JSON.stringify(doc.level)).toBe(seen[k]);
        }
        expect(doc.redo()).toBe(false);
      }), { numRuns: 150 });
    });
  }
});

describe('sameContent', () => {
  it('agrees with comparing JSON text, on any JSON values', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(fc.property(json, json, (a, b) => {
      expect(sameContent(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
      expect(sameContent(a, structuredClone(a))).toBe(true);
    }), { numRuns: 500 });
    expect(sameContent({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false); // key order is part of the bytes
    expect(sameContent({ a: 1, b: undefined }, { a: 1 })).toBe(true);
  });
});

describe('resizing keeps the world in place', () => {
  it('growing on any sides and shrinking back gives the same level, for every campaign level', () => {
    const levels = ['01-tied-together', '10-swing-yard', '18-sky-ferry', '24-finale'].map((f) => JSON.parse(readFileSync(`levels/${f}.json`, 'utf8')) as LevelFile);
    const grow = fc.record({ left: fc.nat(20), right: fc.nat(20), top: fc.nat(20), bottom: fc.nat(20) });
    fc.assert(fc.property(fc.constantFrom(...levels), grow, (level, d) => {
      const big = resizeGrid(level, d);
      const back = resizeGrid(big, { left: -d.left, right: -d.right, top: -d.top, bottom: -d.bottom });
      expect(JSON.stringify(back)).toBe(JSON.stringify(level));
    }), { numRuns: 100 });
  });
});
