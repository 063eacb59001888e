// Moves an axis-aligned body through the tile grid without ever entering a solid tile: the move
// is split into chunks shorter than half a tile and each chunk is swept along x, then along y,
// checking every cell the leading edge enters. So no speed the game produces passes a 1-tile wall.

import type { BodyComponent } from '../components';
import { Tile, tileAt, type TileGrid } from '../tileGrid';
import type { SimWorld } from '../worldState';

/** Hit flags returned by {@link moveBody}. */
export const Hit = { Left: 1, Right: 2, Ceiling: 4, Floor: 8 } as const;

const EPS = 1e-9;
const MAX_CHUNK = 0.45;
/**
 * A walk into a wall whose top is at most this far above the feet steps up onto it, m. A player on
 * a crate or plank hanging from ropes sinks a hair under the level of a ledge beside it (a 60 kg
 * plank sagged 0.7 mm under a player), and without this the ledge's edge was a wall it could not
 * walk onto (found by a bot on Frayed Crossing once its tether bent over the well's lip).
 */
const STEP_UP = 0.05;

/** A displacement for moveBody, m (an object the caller keeps: two number arguments would be
 *  boxed by V8, a heap allocation per call). */
export interface BodyMove { dx: number; dy: number }

/**
 * Moves body `eid` by (move.dx, move.dy) metres, stopping at solid tiles (and at one-way tiles when
 * moving down onto them, unless `ignoreOneWay`). Returns the {@link Hit} flags of the sides that touched.
 */
export function moveBody(world: SimWorld, eid: number, move: BodyMove, ignoreOneWay: boolean): number {
  const { grid, body } = world;
  const dx = move.dx;
  const dy = move.dy;
  const longest = Math.max(Math.abs(dx), Math.abs(dy));
  const chunks = longest > MAX_CHUNK ? Math.ceil(longest / MAX_CHUNK) : 1;
  const sx = dx / chunks;
  const sy = dy / chunks;
  let hits = 0;
  // Only a player walking on something steps up (in the air a lip is a wall, as before).
  const canStep = world.player.isGrounded[eid] === 1;
  for (let c = 0; c < chunks; c++) {
    step.d = sx;
    if (sx !== 0 && (hits & (Hit.Left | Hit.Right)) === 0) hits |= sweepX(grid, body, eid, canStep);
    step.d = sy;
    if (sy !== 0 && (hits & (Hit.Ceiling | Hit.Floor)) === 0) hits |= sweepY(grid, body, eid, ignoreOneWay);
  }
  return hits;
}

/** The chunk a sweep moves the body by, m (passed here: a number argument is boxed when the
 *  sweep is not inlined, a heap allocation per move). */
const step = { d: 0 };

function sweepX(grid: TileGrid, body: BodyComponent, eid: number, canStep: boolean): number {
  const dx = step.d;
  // A step up moves the body and sweeps again, once (a loop: a sweepX calling itself was not inlined).
  let mayStep = canStep;
  sweep: for (;;) {
    const x = body.x[eid];
    const hw = body.halfW[eid];
    const y = body.y[eid];
    const hh = body.halfH[eid];
    const rowFirst = Math.floor(y - hh + EPS);
    const rowLast = Math.ceil(y + hh - EPS) - 1;
    // The first column the leading edge newly enters that blocks it, if any.
    let col = 0;
    let isBlocked = false;
    if (dx > 0) {
      const from = x + hw;
      const to = from + dx;
      // Columns the right edge newly enters: c >= from and c < to.
      for (let c = Math.ceil(from - EPS); c <= Math.ceil(to - EPS) - 1; c++) {
        if (columnBlocked(grid, c, rowFirst, rowLast)) { col = c; isBlocked = true; break; }
      }
    } else {
      const from = x - hw;
      const to = from + dx;
      // Columns the left edge newly enters: c + 1 <= from and c + 1 > to.
      for (let c = Math.floor(from + EPS) - 1; c >= Math.floor(to + EPS); c--) {
        if (columnBlocked(grid, c, rowFirst, rowLast)) { col = c; isBlocked = true; break; }
      }
    }
    if (!isBlocked) {
      body.x[eid] = x + dx;
      return 0;
    }
    // A step up: the column blocks only the bottom row the body spans, whose top is at most STEP_UP
    // above its feet, and the lifted body overlaps no solid tile. Written out here, not as a
    // helper: a call this rare (a few a level) stays in V8's interpreter, which boxes every
    // fractional number it computes (64 B a call, Ice Cliff).
    if (mayStep) {
      mayStep = false;
      const depth = y + hh - rowLast;
      if (depth > 0 && depth <= STEP_UP && rowLast > rowFirst && !columnBlocked(grid, col, rowFirst, rowLast - 1)) {
        const lifted = rowLast - hh;
        solidProbe.left = x - hw;
        solidProbe.top = lifted - hh;
        solidProbe.right = x + hw;
        solidProbe.bottom = lifted + hh;
        if (!isSolidProbeBlocked(grid)) {
          body.y[eid] = lifted;
          continue sweep;
        }
      }
    }
    body.x[eid] = dx > 0 ? col - hw : col + 1 + hw;
    return dx > 0 ? Hit.Right : Hit.Left;
  }
}

function sweepY(grid: TileGrid, body: BodyComponent, eid: number, ignoreOneWay: boolean): number {
  const dy = step.d;
  const x = body.x[eid];
  const hw = body.halfW[eid];
  const y = body.y[eid];
  const hh = body.halfH[eid];
  const colFirst = Math.floor(x - hw + EPS);
  const colLast = Math.ceil(x + hw - EPS) - 1;
  if (dy > 0) {
    const from = y + hh;
    const to = from + dy;
    // Rows the feet newly enter lie below where the feet were, so a one-way tile there was
    // approached from above and holds the body.
    for (let r = Math.ceil(from - EPS); r <= Math.ceil(to - EPS) - 1; r++) {
      if (rowBlocked(grid, r, colFirst, colLast, !ignoreOneWay)) {
        body.y[eid] = r - hh;
        return Hit.Floor;
      }
    }
  } else {
    const from = y - hh;
    const to = from + dy;
    for (let r = Math.floor(from + EPS) - 1; r >= Math.floor(to + EPS); r--) {
      if (rowBlocked(grid, r, colFirst, colLast, false)) {
        body.y[eid] = r + 1 + hh;
        return Hit.Ceiling;
      }
    }
  }
  body.y[eid] = y + dy;
  return 0;
}

function columnBlocked(grid: TileGrid, col: number, rowFirst: number, rowLast: number): boolean {
  for (let r = rowFirst; r <= rowLast; r++) if (tileAt(grid, col, r) === Tile.Solid) return true;
  return false;
}

function rowBlocked(grid: TileGrid, row: number, colFirst: number, colLast: number, oneWayBlocks: boolean): boolean {
  for (let c = colFirst; c <= colLast; c++) {
    const t = tileAt(grid, c, row);
    if (t === Tile.Solid || (oneWayBlocks && t === Tile.OneWay)) return true;
  }
  return false;
}

/** True if any solid tile overlaps the body (used by tests and to check spawns). */
export function bodyOverlapsSolid(grid: TileGrid, body: BodyComponent, eid: number): boolean {
  const x = body.x[eid];
  const y = body.y[eid];
  const hw = body.halfW[eid];
  const hh = body.halfH[eid];
  return rectOverlapsSolid(grid, x - hw, y - hh, x + hw, y + hh);
}

/** True if any solid tile overlaps the open rectangle (left, top)-(right, bottom). */
export function rectOverlapsSolid(grid: TileGrid, left: number, top: number, right: number, bottom: number): boolean {
  solidProbe.left = left;
  solidProbe.top = top;
  solidProbe.right = right;
  solidProbe.bottom = bottom;
  return isSolidProbeBlocked(grid);
}

/**
 * The rectangle isSolidProbeBlocked tests, m: the tick's callers write it here instead of calling
 * rectOverlapsSolid (four fractional numbers handed to a call V8 does not inline are four heap
 * numbers, an allocation per call; tick-cost saw them from the ledge climb, the step up and the
 * box impacts). An instance of its own class, as playerBox.ts's AxisRect says why.
 */
class SolidProbe {
  left = 0;
  top = 0;
  right = 0;
  bottom = 0;
}
export const solidProbe = new SolidProbe();

/** True if any solid tile overlaps the open rectangle in solidProbe. */
export function isSolidProbeBlocked(grid: TileGrid): boolean {
  const rowLast = Math.ceil(solidProbe.bottom - EPS) - 1;
  const colFirst = Math.floor(solidProbe.left + EPS);
  const colLast = Math.ceil(solidProbe.right - EPS) - 1;
  for (let r = Math.floor(solidProbe.top + EPS); r <= rowLast; r++) {
    for (let c = colFirst; c <= colLast; c++) {
      if (tileAt(grid, c, r) === Tile.Solid) return true;
    }
  }
  return false;
}
