// A level's anchors, boxes and ropes -> the WorldDef's arrays, with the checks a schema cannot
// express: references resolve, nothing starts inside a wall or outside the grid, a rope is long
// enough to reach between its ends. Every message names the JSON path and the entity id.

import { rectOverlapsSolid, type AnchorDef, type BoxDef, type RopeDef, type RopeEndDef, type TileGrid } from '../sim';
import type { LevelFile, LevelRopeEnd } from './levelSchema';

/** Largest particle reserve of one rope and of all ropes together (memory guard). */
export const MAX_ROPE_PARTICLES = 4096;
export const MAX_TOTAL_PARTICLES = 32768;

/** Where the players' centres start (feet position minus half the player height), by slot. */
export type PlayerCentres = ReadonlyArray<{ x: number; y: number } | undefined>;

export interface LevelEntities {
  anchors: AnchorDef[];
  boxes: BoxDef[];
  ropes: RopeDef[];
}

export function buildEntities(
  level: LevelFile, grid: TileGrid, players: PlayerCentres, playerHalf: { w: number; h: number }, errors: string[],
): LevelEntities {
  const anchors = (level.anchors ?? []).map((a, i): AnchorDef => {
    if (a.x > grid.width || a.y > grid.height) {
      errors.push(`$.anchors[${i}]: anchor '${a.id}': (${a.x}, ${a.y}) is outside the ${grid.width}x${grid.height} grid`);
    }
    return { x: a.x, y: a.y };
  });
  const boxes = (level.boxes ?? []).map((b, i): BoxDef => {
    checkBox(level, grid, players, playerHalf, i, errors);
    return { x: b.x, y: b.y, w: b.w, h: b.h, mass: b.mass, isSpiked: b.spikes === true };
  });
  const ropes: RopeDef[] = [];
  let particles = 0;
  (level.ropes ?? []).forEach((r, i) => {
    const path = `$.ropes[${i}]`;
    const who = `rope '${r.id}'`;
    const a = resolveEnd(level, r.a, `${path}.a`, who, errors);
    const b = resolveEnd(level, r.b, `${path}.b`, who, errors);
    if (a && b) {
      const same = sameThing(r.a, r.b);
      if (same) errors.push(`${path}: ${who}: both ends are tied to ${same}; tie the ends to two different things`);
      const pa = startPosition(level, players, a);
      const pb = startPosition(level, players, b);
      if (pa && pb) {
        const d = Math.sqrt((pa.x - pb.x) ** 2 + (pa.y - pb.y) ** 2);
        if (d > r.length + 1e-9) {
          errors.push(`${path}: ${who} is ${r.length} m long but its ends start ${d.toFixed(2)} m apart`);
        }
      }
    }
    if ((r.breakTension ?? 0) > 0 && r.segments < 2) {
      errors.push(`${path}.segments: ${who}: a rope that can snap (breakTension > 0) needs at least 2 segments`);
    }
    if (r.maxLength !== undefined && r.maxLength < r.length) {
      errors.push(`${path}.maxLength: ${who}: maxLength ${r.maxLength} m is shorter than its length ${r.length} m`);
    }
    const reserve = Math.max(r.segments, Math.ceil(Math.max(r.length, r.maxLength ?? 0) / (r.length / r.segments) - 1e-9)) + 2;
    if (reserve > MAX_ROPE_PARTICLES) {
      errors.push(`${path}: ${who}: reeled out to ${r.maxLength ?? r.length} m in segments of ${(r.length / r.segments).toFixed(3)} m it needs ${reserve} particles; at most ${MAX_ROPE_PARTICLES} (use fewer segments or a smaller maxLength)`);
    }
    particles += reserve;
    ropes.push({
      a: a ?? { kind: 'free' }, b: b ?? { kind: 'free' }, length: r.length, segments: r.segments,
      compliance: r.compliance, breakTension: r.breakTension, maxLength: r.maxLength,
    });
  });
  if (particles > MAX_TOTAL_PARTICLES) {
    errors.push(`$.ropes: all ropes together need ${particles} particles; at most ${MAX_TOTAL_PARTICLES} (use fewer segments)`);
  }
  return { anchors, boxes, ropes };
}

function checkBox(
  level: LevelFile, grid: TileGrid, players: PlayerCentres, playerHalf: { w: number; h: number }, i: number, errors: string[],
): void {
  const boxes = level.boxes ?? [];
  const b = boxes[i];
  const path = `$.boxes[${i}]`;
  const who = `box '${b.id}'`;
  const left = b.x - b.w / 2;
  const top = b.y - b.h / 2;
  const right = b.x + b.w / 2;
  const bottom = b.y + b.h / 2;
  if (left < 0 || top < 0 || right > grid.width || bottom > grid.height) {
    errors.push(`${path}: ${who} reaches outside the ${grid.width}x${grid.height} grid`);
    return;
  }
  if (rectOverlapsSolid(grid, left, top, right, bottom)) {
    errors.push(`${path}: ${who} overlaps a solid tile (it spans x ${left}..${right}, y ${top}..${bottom})`);
  }
  for (let j = 0; j < i; j++) {
    const o = boxes[j];
    if (Math.abs(o.x - b.x) < (o.w + b.w) / 2 - 1e-9 && Math.abs(o.y - b.y) < (o.h + b.h) / 2 - 1e-9) {
      errors.push(`${path}: ${who} overlaps box '${o.id}'`);
    }
  }
  players.forEach((p, slot) => {
    if (p && Math.abs(p.x - b.x) < playerHalf.w + b.w / 2 && Math.abs(p.y - b.y) < playerHalf.h + b.h / 2) {
      errors.push(`${path}: ${who} overlaps where player ${slot + 1} spawns`);
    }
  });
}

/** The sim's end for a level end, or null (with an error) when its reference does not resolve. */
function resolveEnd(level: LevelFile, end: LevelRopeEnd, path: string, who: string, errors: string[]): RopeEndDef | null {
  const anchors = level.anchors ?? [];
  const boxes = level.boxes ?? [];
  if (end.anchor !== undefined) {
    const k = anchors.findIndex((a) => a.id === end.anchor);
    if (k < 0) {
      errors.push(`${path}: ${who}: no anchor with id '${end.anchor}' (${listIds('anchors', anchors)})${hintKind(level, end.anchor)}`);
      return null;
    }
    return { kind: 'anchor', anchor: k };
  }
  if (end.box !== undefined) {
    const k = boxes.findIndex((b) => b.id === end.box);
    if (k < 0) {
      errors.push(`${path}: ${who}: no box with id '${end.box}' (${listIds('boxes', boxes)})${hintKind(level, end.box)}`);
      return null;
    }
    const box = boxes[k];
    const [x, y] = end.at ?? [0, -box.h / 2];
    if (Math.abs(x) > box.w / 2 + 1e-9 || Math.abs(y) > box.h / 2 + 1e-9) {
      errors.push(`${path}.at: ${who}: [${x}, ${y}] lies outside box '${box.id}' (${box.w} x ${box.h} m); "at" is measured from the box's centre`);
      return null;
    }
    return { kind: 'box', box: k, x, y };
  }
  if (end.player !== undefined) return { kind: 'player', slot: end.player - 1 };
  if (end.point !== undefined) return { kind: 'point', x: end.point[0], y: end.point[1] };
  return null; // unreachable: the schema requires exactly one kind
}

function listIds(kind: string, list: ReadonlyArray<{ id: string }>): string {
  return list.length === 0 ? `the level has no ${kind}` : `${kind}: ${list.map((e) => e.id).join(', ')}`;
}

/** "; 'crate' is a box: write { "box": "crate" }" when the id exists as the other kind. */
function hintKind(level: LevelFile, id: string): string {
  if ((level.boxes ?? []).some((b) => b.id === id)) return `; '${id}' is a box: write { "box": "${id}" }`;
  if ((level.anchors ?? []).some((a) => a.id === id)) return `; '${id}' is an anchor: write { "anchor": "${id}" }`;
  return '';
}

/** A description of the thing both ends are tied to, or null when they differ. */
function sameThing(a: LevelRopeEnd, b: LevelRopeEnd): string | null {
  if (a.anchor !== undefined && a.anchor === b.anchor) return `anchor '${a.anchor}'`;
  if (a.box !== undefined && a.box === b.box) return `box '${a.box}'`;
  if (a.player !== undefined && a.player === b.player) return `player ${a.player}`;
  if (a.point && b.point && a.point[0] === b.point[0] && a.point[1] === b.point[1]) return `the same point [${a.point[0]}, ${a.point[1]}]`;
  return null;
}

/** Where a rope end is when the level starts, m. */
function startPosition(level: LevelFile, players: PlayerCentres, end: RopeEndDef): { x: number; y: number } | null {
  switch (end.kind) {
    case 'point': return { x: end.x, y: end.y };
    case 'anchor': { const a = (level.anchors ?? [])[end.anchor]; return { x: a.x, y: a.y }; }
    case 'box': { const b = (level.boxes ?? [])[end.box]; return { x: b.x + end.x, y: b.y + end.y }; }
    case 'player': return players[end.slot] ?? null;
    case 'free': return null;
  }
}
