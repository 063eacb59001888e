// Standing room: where the players start, respawn and finish must hold a player. A spawn or a
// checkpoint's respawn point puts the player's whole body (0.7 x 1.4 m, feet at the point) inside
// the grid and clear of solid tiles, of spikes (the death rule's own test), of every box where it
// starts and of every platform where it starts (a respawn puts the whole level back as it started,
// so "where it starts" is what a respawn meets too). The goal needs one such place for a player's
// centre inside it. Messages name the JSON path and the ids involved.

import { SPIKE_HEIGHT, SPIKE_TOUCH, rectOverlapsSolid, rectTouchesSpikes } from '../sim';
import { gridName, type LevelCheck, type Placement } from './levelCheck';
import type { LevelFile } from './levelSchema';

type Checkpoint = NonNullable<LevelFile['checkpoints']>[number];
type Goal = LevelFile['goal'];

/** Something a player's body must not start inside: a box or a platform where it starts. */
interface Obstacle { what: string; x: number; y: number; hw: number; hh: number }

export interface RoomChecker {
  /** The spawns by player slot. */
  checkSpawns(spawns: ReadonlyArray<{ x: number; y: number } | undefined>): void;
  /** The i-th checkpoint that passed the schema: its area, respawn points and their distance. */
  checkCheckpoint(c: Checkpoint, i: number): void;
  checkGoal(goal: Goal): void;
}

export function roomChecker(check: LevelCheck, placements: readonly Placement[]): RoomChecker {
  const { level, parts, grid, errors, settings } = check;
  const hw = settings.playerHalfWidth;
  const hh = settings.playerHalfHeight;
  const obstacles: Obstacle[] = [
    ...(level.boxes ?? []).map((b, k): Obstacle => ({ what: `box '${b.id}'`, ...placements[k] })),
    ...(level.platforms ?? []).map((p): Obstacle => ({
      what: `platform '${p.id}' (where it starts)`, x: p.path[0][0], y: p.path[0][1], hw: p.w / 2, hh: p.h / 2,
    })),
  ];
  /** The first thing a player's body centred at (x, y) would start inside, or null. */
  const blocker = (x: number, y: number): string | null => {
    if (!grid) return null;
    if (x - hw < 0 || x + hw > grid.width || y - hh < 0 || y + hh > grid.height) return `outside ${gridName(grid)}`;
    if (rectOverlapsSolid(grid, x - hw, y - hh, x + hw, y + hh)) return 'inside a solid tile';
    if (rectTouchesSpikes(grid, x - hw, y - hh, x + hw, y + hh)) return 'in spikes';
    for (const o of obstacles) {
      if (Math.abs(o.x - x) < o.hw + hw - 1e-9 && Math.abs(o.y - y) < o.hh + hh - 1e-9) return `inside ${o.what}`;
    }
    return null;
  };
  /** Boxes overlapping a spawn are reported on the box ($.boxes[k]: ... overlaps where player N spawns). */
  const isBoxBlocker = (why: string) => why.startsWith("inside box '");

  return {
    checkSpawns(spawns): void {
      level.spawns.forEach((s, i) => {
        if (spawns[s.player - 1] !== s) return; // a second spawn for one player: already an error
        const why = blocker(s.x, s.y - hh);
        if (why === null || isBoxBlocker(why)) return;
        const path = parts.at('spawns', i);
        if (why.startsWith('outside')) errors.push(`${path}: spawn '${s.id}': the player would stand ${why}`);
        else errors.push(`${path}: spawn '${s.id}': the player would be ${why} at (${s.x}, ${s.y})`);
      });
    },
    checkCheckpoint(c, i): void {
      const path = parts.at('checkpoints', i);
      const who = `checkpoint '${c.id}'`;
      if (grid && (c.x + c.w > grid.width || c.y + c.h > grid.height)) errors.push(`${path}: ${who} reaches outside ${gridName(grid)}`);
      [c.p1, c.p2].forEach(([x, y], slot) => {
        const why = blocker(x, y - hh);
        if (why === null) return;
        const where = why.startsWith('outside') ? why : `${why} at (${x}, ${y})`;
        errors.push(`${path}.p${slot + 1}: ${who}: player ${slot + 1} would respawn ${where}`);
      });
      const d = Math.sqrt((c.p1[0] - c.p2[0]) ** 2 + (c.p1[1] - c.p2[1]) ** 2);
      if (!parts.hasFailed('tether') && d > level.tether.length) {
        errors.push(`${path}: ${who}: p1 and p2 are ${d.toFixed(2)} m apart but the tether is only ${level.tether.length} m long`);
      }
    },
    checkGoal(g): void {
      if (!grid) return;
      if (g.x + g.w > grid.width || g.y + g.h > grid.height) {
        errors.push(`$.goal: goal '${g.id}' reaches outside ${gridName(grid)}`);
        return;
      }
      if (!hasRoom(g, obstacles, hw, hh, blocker)) {
        errors.push(`$.goal: goal '${g.id}': no place in it holds a player (${2 * hw} x ${2 * hh} m) clear of solid tiles, spikes, boxes and platforms; both players' centres must fit inside it`);
      }
    },
  };
}

/**
 * True when some centre (x, y) inside the goal holds a player. The places that do are a union of
 * rectangles whose edges lie on the edges of what blocks a player (tiles, spikes, boxes,
 * platforms, the grid's border) moved out by the player's half size, so testing the middle of
 * every cell between consecutive edges (and the edges themselves) finds one if there is one.
 * Rejected: sampling on a fixed lattice, which misses a gap narrower than its step.
 */
function hasRoom(
  g: Goal, obstacles: readonly Obstacle[], hw: number, hh: number, blocker: (x: number, y: number) => string | null,
): boolean {
  const xs = cellCentres(g.x, g.x + g.w, [hw, -hw, hw - SPIKE_TOUCH, SPIKE_TOUCH - hw], obstacles.map((o) => [o.x - o.hw - hw, o.x + o.hw + hw]).flat());
  const ys = cellCentres(g.y, g.y + g.h, [hh, -hh, 1 - SPIKE_HEIGHT + SPIKE_TOUCH - hh, 1 - SPIKE_TOUCH + hh], obstacles.map((o) => [o.y - o.hh - hh, o.y + o.hh + hh]).flat());
  for (const y of ys) {
    for (const x of xs) if (blocker(x, y) === null) return true;
  }
  return false;
}

/**
 * Points to test along one axis within [lo, hi]: the ends, every edge (tile edges k + offset for
 * whole k, and the obstacles' `extra` edges) inside, and the middle between each two neighbours.
 */
function cellCentres(lo: number, hi: number, offsets: readonly number[], extra: readonly number[]): number[] {
  const edges = new Set<number>([lo, hi]);
  for (let k = Math.floor(lo) - 2; k <= Math.ceil(hi) + 2; k++) {
    for (const o of offsets) if (k + o > lo && k + o < hi) edges.add(k + o);
  }
  for (const e of extra) if (e > lo && e < hi) edges.add(e);
  const sorted = [...edges].sort((a, b) => a - b);
  const out: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    out.push(sorted[i]);
    if (i + 1 < sorted.length) out.push((sorted[i] + sorted[i + 1]) / 2);
  }
  return out;
}
