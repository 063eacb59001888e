// Heavy level files: legal levels built to cost as much per tick as their counts allow, for the
// level cost model (src/level/levelCost.ts). Each scene loads one kind of work (rope particles on
// tiles, rope particles crossing boxes, boxes resting on shelves, platforms carrying hanging
// ropes) and can be scaled up or down; tools/levelCostBench.ts times them and the unit tests check
// that the ones at the limit are accepted and the ones past it refused.
// Every scene is a level file object (JSON-ready), so it goes through parseLevel like any file.

/** What a scene holds. Counts are capped by the format; the scene lays out as many as it can. */
export interface HeavyOptions {
  substeps: number;
  /** Ropes from the ceiling; each `segments` long. */
  ropes?: number;
  segments?: number;
  /** Rope length, m (sags onto what is below when longer than the gap between its ends). */
  ropeLength?: number;
  /** Boxes of `boxSize` m, resting on shelves (or hanging under the ropes with `boxesOnRopes`). */
  boxes?: number;
  boxSize?: number;
  /** Hang each rope's lower end on a box (ropes then cross the boxes next to them). */
  boxesOnRopes?: boolean;
  /** Moving platforms, each carrying an anchor with a rope hanging from it. */
  platforms?: number;
}

export type LevelObject = Record<string, unknown>;

const WIDTH = 512;

/**
 * One scene: ropes hang in a row from the ceiling at y = 1 (anchor to anchor, 1 m apart, so they
 * sag into a U that lies on the floor when long enough), boxes stand on shelves below them, and
 * platforms shuttle under the ceiling. Players start at the far left on the floor.
 */
export function heavyLevel(id: string, opts: HeavyOptions): LevelObject {
  const ropeCount = opts.ropes ?? 0;
  const segments = opts.segments ?? 16;
  const ropeLength = opts.ropeLength ?? 12;
  const boxCount = opts.boxes ?? 0;
  const boxSize = opts.boxSize ?? 1;
  const platformCount = opts.platforms ?? 0;
  // Rows: 0 ceiling space, shelves for boxes from row 20 down, floor at the bottom.
  const shelfPitch = Math.ceil(boxSize) + 1;
  const boxesPerShelf = Math.max(1, Math.floor((WIDTH - 12) / (Math.ceil(boxSize) + 0.5)));
  const shelves = opts.boxesOnRopes ? 0 : Math.ceil(boxCount / boxesPerShelf);
  const floorRow = 20 + shelves * shelfPitch;
  const height = Math.min(256, floorRow + 2);
  const rows: string[] = [];
  for (let r = 0; r < height; r++) {
    const isShelf = !opts.boxesOnRopes && r >= 20 && r < floorRow && (r - 20) % shelfPitch === shelfPitch - 1;
    rows.push((r >= floorRow || isShelf ? '#' : '.').repeat(WIDTH));
  }
  // Players stand on a pillar at the far left (columns 1-9), clear of everything else.
  for (let r = 12; r < floorRow; r++) rows[r] = '#'.repeat(10) + rows[r].slice(10);
  const anchors: LevelObject[] = [];
  const ropes: LevelObject[] = [];
  const boxes: LevelObject[] = [];
  const platforms: LevelObject[] = [];
  const pitch = Math.max(1, Math.floor((WIDTH - 14) / Math.max(1, ropeCount)));
  for (let k = 0; k < ropeCount; k++) {
    const x = 12 + k * pitch;
    anchors.push({ id: `a${k}`, x, y: 1 });
    if (opts.boxesOnRopes && k < boxCount) {
      // A box hanging from the rope, its top at the rope's full length: ropes next to it drape over it.
      const y = Math.min(floorRow - boxSize / 2 - 0.01, 1 + ropeLength - 0.05 + boxSize / 2);
      boxes.push({ id: `b${k}`, x: x + 0.25, y, w: boxSize, h: boxSize, mass: 50 });
      ropes.push({ id: `r${k}`, a: { anchor: `a${k}` }, b: { box: `b${k}` }, length: ropeLength, segments });
    } else {
      ropes.push({ id: `r${k}`, a: { anchor: `a${k}` }, b: { point: [x + Math.min(pitch, 1) * 0.5, 1] }, length: ropeLength, segments });
    }
  }
  if (!opts.boxesOnRopes) {
    for (let k = 0; k < boxCount; k++) {
      const shelf = Math.floor(k / boxesPerShelf);
      const slot = k % boxesPerShelf;
      const shelfTop = 20 + shelf * shelfPitch + shelfPitch - 1;
      boxes.push({ id: `b${k}`, x: 12 + slot * (Math.ceil(boxSize) + 0.5) + boxSize / 2, y: shelfTop - boxSize / 2, w: boxSize, h: boxSize, mass: 20 });
    }
  }
  for (let k = 0; k < platformCount; k++) {
    const x = 14 + k * 7.5;
    const y = 3 + (k % 4) * 4;
    platforms.push({ id: `pl${k}`, w: 2, h: 0.5, path: [[x, y], [x + 5, y]], speed: 4 });
    anchors.push({ id: `pa${k}`, x, y: y + 0.25, platform: `pl${k}` });
    ropes.push({ id: `pr${k}`, a: { anchor: `pa${k}` }, b: { point: [x, y + 3] }, length: 4, segments });
  }
  return {
    format: 'ropebound-level',
    version: 2,
    id,
    name: id,
    tiles: rows,
    spawns: [{ id: 'p1', player: 1, x: 3, y: 12 }, { id: 'p2', player: 2, x: 5, y: 12 }],
    goal: { id: 'goal', x: 6, y: 9, w: 3, h: 3 },
    tether: { length: 4, segments: 8 },
    physics: { substeps: opts.substeps },
    ...(anchors.length ? { anchors } : {}),
    ...(boxes.length ? { boxes } : {}),
    ...(ropes.length ? { ropes } : {}),
    ...(platforms.length ? { platforms } : {}),
  };
}

/**
 * The worst contact case: boxes do not collide with each other, so boxes stacked in a 1 m shaft
 * fall into one pile, and ropes hanging into the shaft lie in that pile: every particle there
 * touches every box.
 */
export function pileLevel(id: string, opts: { substeps: number; boxes: number; ropes: number; segments: number }): LevelObject {
  const width = 64;
  const shaftCol = 32;
  const top = 4;
  const depth = Math.ceil(opts.boxes * 1.0) + 2;
  const height = Math.min(256, top + depth + 2);
  const rows: string[] = [];
  for (let r = 0; r < height; r++) {
    if (r >= top + depth) rows.push('#'.repeat(width));
    else if (r >= top) rows.push('#'.repeat(shaftCol) + '..' + '#'.repeat(width - shaftCol - 2));
    else rows.push('.'.repeat(width));
  }
  const boxes: LevelObject[] = [];
  for (let k = 0; k < opts.boxes; k++) {
    boxes.push({ id: `b${k}`, x: shaftCol + 1, y: top + depth - 0.5 - k * 1.0, w: 0.8, h: 0.8, mass: 5 });
  }
  const anchors: LevelObject[] = [];
  const ropes: LevelObject[] = [];
  for (let k = 0; k < opts.ropes; k++) {
    const x = shaftCol + 0.2 + (1.6 * k) / Math.max(1, opts.ropes - 1);
    anchors.push({ id: `a${k}`, x, y: 1 });
    ropes.push({ id: `r${k}`, a: { anchor: `a${k}` }, b: { point: [x, 1.5] }, length: Math.min(60, 2 * (top + depth) + 4), segments: opts.segments });
  }
  return {
    format: 'ropebound-level',
    version: 2,
    id,
    name: id,
    tiles: rows,
    spawns: [{ id: 'p1', player: 1, x: 3, y: top }, { id: 'p2', player: 2, x: 5, y: top }],
    goal: { id: 'goal', x: 6, y: 1, w: 3, h: 3 },
    tether: { length: 4, segments: 8 },
    physics: { substeps: opts.substeps },
    anchors,
    boxes,
    ropes,
  };
}

/** A family of heavy levels grown by one count `n` (the tool finds the largest one accepted). */
export interface HeavyFamily {
  name: string;
  /** What grows with n. */
  grows: string;
  make(n: number): LevelObject;
  /** Largest n the format's counts allow. */
  maxN: number;
}

/** One family per kind of work, at the substeps that make it heaviest, and two mixes. */
export const HEAVY_FAMILIES: readonly HeavyFamily[] = [
  { name: 'ropes on the floor, 8 substeps', grows: 'ropes of 128 segments', maxN: 252, make: (n) => heavyLevel('ropes-8', { substeps: 8, ropes: n, segments: 128, ropeLength: 40 }) },
  { name: 'ropes hanging, 64 substeps', grows: 'ropes of 16 segments', maxN: 256, make: (n) => heavyLevel('ropes-64', { substeps: 64, ropes: n, segments: 16, ropeLength: 12 }) },
  { name: 'ropes, 1 substep', grows: 'ropes of 128 segments', maxN: 252, make: (n) => heavyLevel('ropes-1', { substeps: 1, ropes: n, segments: 128, ropeLength: 40 }) },
  { name: '8 m boxes on shelves, 8 substeps', grows: 'boxes', maxN: 256, make: (n) => heavyLevel('boxes-8', { substeps: 8, boxes: n, boxSize: 8 }) },
  { name: '8 m boxes on shelves, 1 substep', grows: 'boxes', maxN: 256, make: (n) => heavyLevel('boxes-1', { substeps: 1, boxes: n, boxSize: 8 }) },
  { name: '0.2 m boxes, 64 substeps', grows: 'boxes', maxN: 256, make: (n) => heavyLevel('small-boxes-64', { substeps: 64, boxes: n, boxSize: 0.2 }) },
  { name: '16 ropes x 64 segments over 1 m boxes, 8 substeps', grows: 'boxes', maxN: 256, make: (n) => heavyLevel('rope-boxes-8', { substeps: 8, ropes: 16, segments: 64, ropeLength: 12, boxes: n, boxSize: 1 }) },
  { name: 'boxes hanging on ropes side by side, 8 substeps', grows: 'ropes of 32 segments, each with a box', maxN: 256, make: (n) => heavyLevel('hung-boxes-8', { substeps: 8, ropes: n, segments: 32, ropeLength: 10, boxes: n, boxSize: 0.8, boxesOnRopes: true }) },
  { name: 'platforms carrying ropes, 8 substeps', grows: 'platforms, each with a 32-segment rope', maxN: 64, make: (n) => heavyLevel('platforms-8', { substeps: 8, platforms: n, segments: 32 }) },
  { name: 'boxes piled in a shaft under ropes, 8 substeps', grows: 'boxes', maxN: 200, make: (n) => pileLevel('pile-8', { substeps: 8, boxes: n, ropes: 8, segments: 64 }) },
  { name: 'a mix: ropes, boxes and platforms, 16 substeps', grows: 'ropes of 32 segments and as many 2 m boxes', maxN: 200, make: (n) => heavyLevel('mix-16', { substeps: 16, ropes: n, segments: 32, ropeLength: 30, boxes: n, boxSize: 2, platforms: Math.min(64, Math.ceil(n / 4)) }) },
];
