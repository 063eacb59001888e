// Rope hazard stamps: the campaign's hazards as groups of linked entities, inserted with fresh ids
// at a point the designer clicks (the top of the hazard: its hook or its trolley), then edited like
// anything else. The numbers are the campaign's (levels/05, 06, 04, 08), scaled to a compact size.

import { addEntity } from './entityEdits';
import { freshId, usedIds } from './entityQueries';
import { round6, type EntityRef, type LevelAnchor, type LevelBox, type LevelFile, type LevelPlatform, type LevelRope } from './levelTypes';

export type StampKind = 'spiked-pendulum' | 'crate-bridge' | 'crate-gate' | 'gondola';

export const STAMPS: ReadonlyArray<{ kind: StampKind; name: string; description: string }> = [
  { kind: 'spiked-pendulum', name: 'Spiked pendulum', description: 'a spiked ball on a 5 m rope from a hook, swinging from 45° (Swing Yard and the finale)' },
  { kind: 'crate-bridge', name: 'Breaking crate bridge', description: 'two planks each hung from two frayed ropes that snap under a landing (Breaking Point)' },
  { kind: 'crate-gate', name: 'Crate gate', description: 'a heavy crate hanging in a passage: run into it so it swings out (Crate Gates)' },
  { kind: 'gondola', name: 'Gondola on a trolley', description: 'a gondola hung by two ropes from a trolley moving along a path (the finale)' },
];

interface Parts { anchors: LevelAnchor[]; boxes: LevelBox[]; ropes: LevelRope[]; platforms: LevelPlatform[] }

/** The stamp's entities with the point clicked at (x, y), before fresh ids. */
function stampParts(kind: StampKind, x: number, y: number): Parts {
  const r = round6;
  switch (kind) {
    case 'spiked-pendulum':
      return {
        anchors: [{ id: 'pivot', x, y }],
        boxes: [{ id: 'blade', x, y: r(y + 5.4), w: 0.8, h: 0.8, mass: 40, spikes: true, startAngle: 45 }],
        ropes: [{ id: 'pendulum', a: { anchor: 'pivot' }, b: { box: 'blade' }, length: 5, segments: 16 }],
        platforms: [],
      };
    case 'crate-bridge': {
      const parts: Parts = { anchors: [], boxes: [], ropes: [], platforms: [] };
      for (const [n, cx] of [['a', r(x - 1.3)], ['b', r(x + 1.3)]] as const) {
        parts.anchors.push({ id: `plank-${n}-hook-l`, x: r(cx - 1.05), y }, { id: `plank-${n}-hook-r`, x: r(cx + 1.05), y });
        parts.boxes.push({ id: `plank-${n}`, x: cx, y: r(y + 4.5), w: 2.4, h: 1, mass: 40 });
        for (const side of ['l', 'r'] as const) {
          parts.ropes.push({
            id: `plank-${n}-rope-${side}`, a: { anchor: `plank-${n}-hook-${side}` },
            b: { box: `plank-${n}`, at: [side === 'l' ? -1.05 : 1.05, -0.5] }, length: 4, segments: 14, breakTension: 9000,
          });
        }
      }
      return parts;
    }
    case 'crate-gate':
      return {
        anchors: [{ id: 'gate-hook', x, y }],
        boxes: [{ id: 'gate-crate', x, y: r(y + 6.2), w: 1.2, h: 2.4, mass: 150 }],
        ropes: [{ id: 'gate-rope', a: { anchor: 'gate-hook' }, b: { box: 'gate-crate' }, length: 5, segments: 16 }],
        platforms: [],
      };
    case 'gondola':
      return {
        platforms: [{ id: 'trolley', w: 3, h: 0.5, path: [[x, y], [r(x + 12), y]], speed: 2.2, mode: 'pingpong' }],
        anchors: [{ id: 'trolley-l', x: r(x - 1.1), y: r(y + 0.3), platform: 'trolley' }, { id: 'trolley-r', x: r(x + 1.1), y: r(y + 0.3), platform: 'trolley' }],
        boxes: [{ id: 'gondola', x, y: r(y + 0.3 + 5.1 + 0.25), w: 2.6, h: 0.5, mass: 150 }],
        ropes: [
          { id: 'gondola-rope-l', a: { anchor: 'trolley-l' }, b: { box: 'gondola', at: [-1.1, -0.25] }, length: 5.1, segments: 14 },
          { id: 'gondola-rope-r', a: { anchor: 'trolley-r' }, b: { box: 'gondola', at: [1.1, -0.25] }, length: 5.1, segments: 14 },
        ],
      };
  }
}

/** Inserts a stamp at (x, y), every entity with a fresh id (references follow); returns their refs. */
export function insertStamp(level: LevelFile, kind: StampKind, x: number, y: number): { level: LevelFile; refs: EntityRef[] } {
  const parts = stampParts(kind, round6(x), round6(y));
  const used = usedIds(level);
  const ids = new Map<string, string>();
  for (const e of [...parts.platforms, ...parts.anchors, ...parts.boxes, ...parts.ropes]) {
    const id = freshId(used, e.id);
    used.add(id);
    ids.set(e.id, id);
  }
  const id = (old: string) => ids.get(old) ?? old;
  let next = level;
  const refs: EntityRef[] = [];
  const add = <K extends 'platform' | 'anchor' | 'box' | 'rope'>(kind: K, e: Parameters<typeof addEntity<K>>[2]) => {
    const added = addEntity(next, kind, e);
    next = added.level;
    refs.push(added.ref);
  };
  for (const p of parts.platforms) add('platform', { ...p, id: id(p.id) });
  for (const a of parts.anchors) add('anchor', { ...a, id: id(a.id), ...(a.platform !== undefined ? { platform: id(a.platform) } : {}) });
  for (const b of parts.boxes) add('box', { ...b, id: id(b.id) });
  for (const rope of parts.ropes) {
    const end = (e: LevelRope['a']) => (e.anchor !== undefined ? { ...e, anchor: id(e.anchor) } : e.box !== undefined ? { ...e, box: id(e.box) } : e);
    add('rope', { ...rope, id: id(rope.id), a: end(rope.a), b: end(rope.b) });
  }
  return { level: next, refs };
}
