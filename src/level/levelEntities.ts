// A level's anchors, boxes, ropes and platforms -> the WorldDef's arrays, with the checks a schema
// cannot express: references resolve, nothing starts inside a wall or outside the grid, a rope is
// long enough to reach between its ends, a pendulum hangs from one rope. Every message names the
// JSON path and the entity id.
// A pendulum's start angle is turned into a position and orientation here, with the sim's sinCos
// (+ - * / only), not Math.sin / Math.cos, whose last bits differ between JavaScript engines: the
// same level must start from the same bits everywhere.

import {
  TICK_HZ, isConvexCorner, rectOverlapsSolid, sinCos, type AnchorDef, type BoxDef, type PlatformDef, type RopeDef, type RopeEndDef,
} from '../sim';
import { gridName, type LevelCheck, type Placement, type PlayerCentres } from './levelCheck';
import { ropeReserve } from './levelCost';
import type { ListKey } from './levelParts';
import { checkPlatformRiders } from './platformRiders';
import type { LevelFile, LevelRopeEnd } from './levelSchema';

/** Largest particle reserve of one rope and of all ropes together (memory guard). */
export const MAX_ROPE_PARTICLES = 4096;
export const MAX_TOTAL_PARTICLES = 32768;

export interface LevelEntities {
  anchors: AnchorDef[];
  boxes: BoxDef[];
  ropes: RopeDef[];
  platforms: PlatformDef[];
  /** Where each box starts (after startAngle), for the checks that follow. */
  placements: Placement[];
}

export function buildEntities(check: LevelCheck, players: PlayerCentres, playerHalf: { w: number; h: number }): LevelEntities {
  const { level, parts, grid, errors } = check;
  const platforms = (level.platforms ?? []).map((_, i) => buildPlatform(check, i));
  const anchors = (level.anchors ?? []).map((a, i): AnchorDef => {
    const path = parts.at('anchors', i);
    if (grid && (a.x > grid.width || a.y > grid.height)) {
      errors.push(`${path}: anchor '${a.id}': (${a.x}, ${a.y}) is outside ${gridName(grid)}`);
    }
    if (a.platform === undefined) return { x: a.x, y: a.y };
    const k = (level.platforms ?? []).findIndex((p) => p.id === a.platform);
    if (k < 0) {
      if (!parts.isFailedId('platforms', a.platform)) {
        errors.push(`${path}.platform: anchor '${a.id}': no platform with id '${a.platform}' (${listIds('platforms', level.platforms ?? [])})`);
      }
      return { x: a.x, y: a.y };
    }
    return { x: a.x, y: a.y, platform: k };
  });
  const placements = (level.boxes ?? []).map((_, i) => placeBox(check, i));
  const boxes = (level.boxes ?? []).map((b, i): BoxDef => {
    const at = placements[i];
    checkBox(check, players, playerHalf, placements, i);
    return {
      x: at.x, y: at.y, w: b.w, h: b.h, mass: b.mass, isSpiked: b.spikes === true,
      rotC: at.c, rotS: at.s, vx: b.push?.[0] ?? 0, vy: b.push?.[1] ?? 0,
    };
  });
  const ropes: RopeDef[] = [];
  let particles = 0;
  (level.ropes ?? []).forEach((r, i) => {
    const path = parts.at('ropes', i);
    const who = `rope '${r.id}'`;
    const a = resolveEnd(check, r.a, `${path}.a`, who);
    const b = resolveEnd(check, r.b, `${path}.b`, who);
    if (a && b) {
      const same = sameThing(r.a, r.b);
      if (same) errors.push(`${path}: ${who}: both ends are tied to ${same}; tie the ends to two different things`);
      const pa = startPosition(level, players, placements, a);
      const pb = startPosition(level, players, placements, b);
      if (a.kind === 'free' && b.kind === 'free') {
        errors.push(`${path}: ${who}: both ends are free; tie at least one end to an anchor, a box, a player or a point`);
      } else if (a.kind === 'free' || b.kind === 'free') {
        checkFreeHang(check, pa ?? pb, r.length, path, who);
      }
      if (pa && pb) {
        // Along the corners it is slung over, if any.
        let d = 0;
        let from = pa;
        for (const [x, y] of r.over ?? []) {
          d += Math.sqrt((x - from.x) ** 2 + (y - from.y) ** 2);
          from = { x, y };
        }
        d += Math.sqrt((pb.x - from.x) ** 2 + (pb.y - from.y) ** 2);
        if (d > r.length + 1e-9) {
          const over = r.over?.length ? ' over its corners' : '';
          errors.push(`${path}: ${who} is ${r.length} m long but its ends start ${d.toFixed(2)} m apart${over}`);
        }
      }
    }
    if (r.over !== undefined && r.over.length > 0) {
      if (level.physics?.ropeWrap !== true) {
        errors.push(`${path}.over: ${who}: ropes bend around corners only with "physics": { "ropeWrap": true }`);
      }
      if (a?.kind === 'free' || b?.kind === 'free') {
        errors.push(`${path}.over: ${who}: only a rope tied at both ends can be slung over corners`);
      }
      r.over.forEach(([x, y], k) => {
        if (grid && !isConvexCorner(grid, x, y)) {
          errors.push(`${path}.over[${k}]: ${who}: (${x}, ${y}) is not an outer corner of the solid tiles (a grid point with one solid tile of the four around it)`);
        }
      });
    }
    if ((r.breakTension ?? 0) > 0 && r.segments < 2) {
      errors.push(`${path}.segments: ${who}: a rope that can snap (breakTension > 0) needs at least 2 segments`);
    }
    if (r.maxLength !== undefined && r.maxLength < r.length) {
      errors.push(`${path}.maxLength: ${who}: maxLength ${r.maxLength} m is shorter than its length ${r.length} m`);
    }
    const reserve = ropeReserve(r);
    if (reserve > MAX_ROPE_PARTICLES) {
      errors.push(`${path}: ${who}: reeled out to ${r.maxLength ?? r.length} m in segments of ${(r.length / r.segments).toFixed(3)} m it needs ${reserve} particles; at most ${MAX_ROPE_PARTICLES} (use fewer segments or a smaller maxLength)`);
    }
    particles += reserve;
    ropes.push({
      a: a ?? { kind: 'free' }, b: b ?? { kind: 'free' }, length: r.length, segments: r.segments,
      compliance: r.compliance, breakTension: r.breakTension, maxLength: r.maxLength,
      ...(r.over?.length ? { over: r.over.map(([x, y]) => ({ x, y })) } : {}),
    });
  });
  if (particles > MAX_TOTAL_PARTICLES) {
    errors.push(`$.ropes: all ropes together need ${particles} particles; at most ${MAX_TOTAL_PARTICLES} (use fewer segments)`);
  }
  checkPlatformRiders(check, placements);
  return { anchors, boxes, ropes, platforms, placements };
}

function buildPlatform({ level, parts, grid, errors }: LevelCheck, i: number): PlatformDef {
  const p = (level.platforms ?? [])[i];
  const path = parts.at('platforms', i);
  const who = `platform '${p.id}'`;
  const isLoop = p.mode === 'loop';
  p.path.forEach(([x, y], k) => {
    if (grid && (x - p.w / 2 < 0 || x + p.w / 2 > grid.width || y - p.h / 2 < 0 || y + p.h / 2 > grid.height)) {
      errors.push(`${path}.path[${k}]: ${who} centred at (${x}, ${y}) would reach outside ${gridName(grid)}`);
    }
    const isLast = k === p.path.length - 1;
    if (isLast && !isLoop) return;
    const [nx, ny] = p.path[isLast ? 0 : k + 1];
    if (nx === x && ny === y) {
      errors.push(`${path}.path[${k}]: ${who}: point ${k} equals the ${isLast ? 'first' : 'next'} one; a path needs a distance between points`);
    }
  });
  // The wait in whole ticks (the sim counts ticks); left out when 0, as before platforms could wait.
  const waitTicks = Math.round((p.wait ?? 0) * TICK_HZ);
  return { w: p.w, h: p.h, path: p.path.map(([x, y]) => ({ x, y })), speed: p.speed, isLoop, ...(waitTicks > 0 ? { waitTicks } : {}) };
}

/**
 * A box's start: where the file puts it, or, with `startAngle`, swung out by that angle around the
 * fixed end of the one rope it hangs from, turned with it (as a rigid pendulum would be).
 */
function placeBox({ level, parts, errors }: LevelCheck, i: number): Placement {
  const b = (level.boxes ?? [])[i];
  const rest: Placement = { x: b.x, y: b.y, c: 1, s: 0, hw: b.w / 2, hh: b.h / 2 };
  if (b.startAngle === undefined || b.startAngle === 0) return rest;
  const path = `${parts.at('boxes', i)}.startAngle`;
  const who = `box '${b.id}'`;
  const hanging = (level.ropes ?? []).filter((r) => r.a.box === b.id || r.b.box === b.id);
  if (hanging.length !== 1) {
    // A rope that failed the schema may be the one it hangs from: say nothing until that is fixed.
    if (!parts.hasFailedIn('ropes')) {
      errors.push(`${path}: ${who}: a start angle needs the box to hang from exactly one rope (it has ${hanging.length})`);
    }
    return rest;
  }
  const rope = hanging[0];
  const pivotEnd = rope.a.box === b.id ? rope.b : rope.a;
  const pivot = pivotEnd.point
    ? { x: pivotEnd.point[0], y: pivotEnd.point[1] }
    : pivotEnd.anchor !== undefined ? (level.anchors ?? []).find((a) => a.id === pivotEnd.anchor) : undefined;
  if (!pivot) {
    const isFailedAnchor = pivotEnd.anchor !== undefined && parts.isFailedId('anchors', pivotEnd.anchor);
    if (!isFailedAnchor) errors.push(`${path}: ${who}: a start angle needs its rope '${rope.id}' to hang from an anchor or a point`);
    return rest;
  }
  // Turning by startAngle to the right around a pivot above is a turn by -angle in y-down axes.
  const turn = sinCos((b.startAngle * Math.PI) / 180);
  const c = turn.cos;
  const s = -turn.sin;
  const dx = b.x - pivot.x;
  const dy = b.y - pivot.y;
  return {
    x: pivot.x + c * dx - s * dy,
    y: pivot.y + s * dx + c * dy,
    c, s,
    hw: Math.abs(c) * b.w / 2 + Math.abs(s) * b.h / 2,
    hh: Math.abs(s) * b.w / 2 + Math.abs(c) * b.h / 2,
  };
}

function checkBox(
  { level, parts, grid, errors }: LevelCheck, players: PlayerCentres, playerHalf: { w: number; h: number },
  placements: readonly Placement[], i: number,
): void {
  const boxes = level.boxes ?? [];
  const b = boxes[i];
  const at = placements[i];
  const path = parts.at('boxes', i);
  const who = `box '${b.id}'`;
  const left = at.x - at.hw;
  const top = at.y - at.hh;
  const right = at.x + at.hw;
  const bottom = at.y + at.hh;
  if (grid && (left < 0 || top < 0 || right > grid.width || bottom > grid.height)) {
    errors.push(`${path}: ${who} reaches outside ${gridName(grid)}`);
    return;
  }
  if (grid && rectOverlapsSolid(grid, left, top, right, bottom)) {
    errors.push(`${path}: ${who} overlaps a solid tile (it spans x ${left}..${right}, y ${top}..${bottom})`);
  }
  for (let j = 0; j < i; j++) {
    const o = placements[j];
    if (Math.abs(o.x - at.x) < o.hw + at.hw - 1e-9 && Math.abs(o.y - at.y) < o.hh + at.hh - 1e-9) {
      errors.push(`${path}: ${who} overlaps box '${boxes[j].id}'`);
    }
  }
  players.forEach((p, slot) => {
    if (p && Math.abs(p.x - at.x) < playerHalf.w + at.hw && Math.abs(p.y - at.y) < playerHalf.h + at.hh) {
      errors.push(`${path}: ${who} overlaps where player ${slot + 1} spawns`);
    }
  });
}

/**
 * The sim's end for a level end, or null when its reference does not resolve (with an error,
 * unless it names an entry that failed the schema: that one's own errors say what to fix).
 */
function resolveEnd({ level, parts, errors }: LevelCheck, end: LevelRopeEnd, path: string, who: string): RopeEndDef | null {
  const anchors = level.anchors ?? [];
  const boxes = level.boxes ?? [];
  const missing = (list: ListKey, id: string, known: ReadonlyArray<{ id: string }>): null => {
    const kind = list === 'anchors' ? 'anchor' : 'box';
    if (!parts.isFailedId(list, id)) errors.push(`${path}: ${who}: no ${kind} with id '${id}' (${listIds(list, known)})${hintKind(level, id)}`);
    return null;
  };
  if (end.anchor !== undefined) {
    const k = anchors.findIndex((a) => a.id === end.anchor);
    if (k < 0) return missing('anchors', end.anchor, anchors);
    return { kind: 'anchor', anchor: k };
  }
  if (end.box !== undefined) {
    const k = boxes.findIndex((b) => b.id === end.box);
    if (k < 0) return missing('boxes', end.box, boxes);
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
  if (end.free) return { kind: 'free' };
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
/**
 * A free end starts hanging straight down from the tied end (the sim lays it out so: layOutFromEnds),
 * so that line must be clear of solid tiles and inside the grid; otherwise its particles would start
 * inside stone. A tied end on a moving thing (a player) is checked where it starts.
 */
function checkFreeHang({ grid, errors }: LevelCheck, tied: { x: number; y: number } | null, length: number, path: string, who: string): void {
  if (!grid || !tied) return;
  const bottom = tied.y + length;
  if (bottom > grid.height) {
    errors.push(`${path}: ${who}: its free end hangs ${length} m straight down from (${tied.x}, ${tied.y}) to y ${bottom}, below the bottom of ${gridName(grid)}; shorten it to at most ${(grid.height - tied.y).toFixed(2)} m`);
    return;
  }
  if (rectOverlapsSolid(grid, tied.x - 1e-6, tied.y, tied.x + 1e-6, bottom)) {
    let clear = 0; // how far down the line stays out of solid tiles, to the tile edge below
    while (clear < length && !rectOverlapsSolid(grid, tied.x - 1e-6, tied.y, tied.x + 1e-6, Math.min(bottom, Math.floor(tied.y + clear) + 1))) {
      clear = Math.floor(tied.y + clear) + 1 - tied.y;
    }
    errors.push(`${path}: ${who}: its free end hangs ${length} m straight down from (${tied.x}, ${tied.y}) into a solid tile at y ${(tied.y + clear).toFixed(2)}; shorten it to at most ${clear.toFixed(2)} m or tie the end`);
  }
}

function sameThing(a: LevelRopeEnd, b: LevelRopeEnd): string | null {
  if (a.anchor !== undefined && a.anchor === b.anchor) return `anchor '${a.anchor}'`;
  if (a.box !== undefined && a.box === b.box) return `box '${a.box}'`;
  if (a.player !== undefined && a.player === b.player) return `player ${a.player}`;
  if (a.point && b.point && a.point[0] === b.point[0] && a.point[1] === b.point[1]) return `the same point [${a.point[0]}, ${a.point[1]}]`;
  return null;
}

/** Where a rope end is when the level starts, m. */
export function startPosition(
  level: LevelFile, players: PlayerCentres, placements: readonly Placement[], end: RopeEndDef,
): { x: number; y: number } | null {
  switch (end.kind) {
    case 'point': return { x: end.x, y: end.y };
    case 'anchor': { const a = (level.anchors ?? [])[end.anchor]; return { x: a.x, y: a.y }; }
    case 'box': {
      const b = placements[end.box];
      return { x: b.x + b.c * end.x - b.s * end.y, y: b.y + b.s * end.x + b.c * end.y };
    }
    case 'player': return players[end.slot] ?? null;
    case 'free': return null;
  }
}
