// Ropes bend around tile corners. A rope tied at both ends runs from end A through a list of
// pivots (convex corners of the solid tiles) to end B, and its end-to-end constraint holds the
// length of that bent path (ropeLength.ts): over a ledge the rope slides like a rope over a pulley.
// Each substep, before the lengths are solved, the pivots follow the ends:
// - unwrap: a pivot next to an end is dropped once the path no longer turns around it the way it
//   did when it caught (the end swung back past the line through the corner);
// - wrap: the span from each end to its nearest pivot (or to the other end) sweeps a triangle as
//   the end moves; the first corner that triangle meets, turning from the old span, becomes a new
//   pivot, and the rest of the sweep goes on around it.
// End A moves first (end B where it was), then end B. Only convex corners catch a rope: a grid point
// with one solid cell of the four around it, or two on a diagonal. The sweep takes an end's move as
// a straight line; an end that jumps farther than a ledge climb goes keeps the pivots still turned
// around, or has the rope draped afresh when none is left (a respawn lays the rope out itself).
// Each rope remembers where its ends were at its last update (WrapState.from*), so a move made
// between substeps (a ledge climb) is swept like any other.
// The rope's particles follow the bent path (solveRope.ts), so no rope cuts through stone.

import { MAX_WRAPS } from '../ropeComponents';
import { Tile, countConvexCornersIn, hasConvexCornersIn, isConvexCorner, tileAt, type TileGrid } from '../tileGrid';
import { endPosition, type EndPosition } from './ropeEnds';
import type { SimWorld } from '../worldState';

const endNow: EndPosition = { x: 0, y: 0 };
/** The corner a sweep found (findCorner), m. */
const hit = { x: 0, y: 0 };
/**
 * The end being brought up to date: where it was (px, py) and is (ex, ey), and the other end (ox,
 * oy), m. Numbers pass between these functions through here: as arguments or return values V8
 * would box them, a heap allocation per call (tick-cost measured ~1.2 kB a tick before this).
 */
const move = { px: 0, py: 0, ex: 0, ey: 0, ox: 0, oy: 0 };
/** The triangle findCorner searches: the pivot Q, and the far end from P to N, m. */
const tri = { qx: 0, qy: 0, px: 0, py: 0, nx: 0, ny: 0 };
/** Out value of measureRopePath, m. */
export const ropePath = { length: 0 };

/** The wraps of every active rope tied at both ends follow its ends (see the top of the file). */
export function wrapRopes(world: SimWorld): void {
  if (!world.settings.ropeWrap) return;
  const { rope } = world;
  const ropes = world.queries.ropes.dense;
  for (let k = 0; k < ropes.length; k++) {
    const r = ropes[k];
    if (rope.isActive[r] === 0 || rope.bodyA[r] === 0 || rope.bodyB[r] === 0) continue;
    wrapRope(world, r);
  }
}

function wrapRope(world: SimWorld, r: number): void {
  const { wrap } = world;
  const apx = wrap.fromAX[r];
  const apy = wrap.fromAY[r];
  const bpx = wrap.fromBX[r];
  const bpy = wrap.fromBY[r];
  endPosition(world, r, 0, endNow);
  const anx = endNow.x;
  const any = endNow.y;
  endPosition(world, r, 1, endNow);
  const bnx = endNow.x;
  const bny = endNow.y;
  const movedA2 = (anx - apx) * (anx - apx) + (any - apy) * (any - apy);
  const movedB2 = (bnx - bpx) * (bnx - bpx) + (bny - bpy) * (bny - bpy);
  wrap.fromAX[r] = anx;
  wrap.fromAY[r] = any;
  wrap.fromBX[r] = bnx;
  wrap.fromBY[r] = bny;
  // An end that moved farther than a ledge climb can take a player (across its width and up its
  // height) since the rope's last update was put somewhere (a test, a tool): it is not swept. The
  // bound was 1 m, and a climb moves a player up to 1.57 m: every corner the tether was bent round
  // was dropped at such a climb, and the taut tether then ran straight through the stone (a
  // ledge's corner cut 8.9 cm deep in the long fuzz, Over the Pits, a tether 2.2 m inside the
  // ledge before it). A respawn lays its ropes out afresh (resetLevel) and never gets here.
  // Beyond it the pivots the rope still turns around are kept, none is added, and a rope left with
  // none is draped afresh over what the line between its ends crosses (its particles stay where
  // they are); a path longer than the rope is no path it can lie on (an end put far away, as a
  // test drops the players out of the level: kept pivots yanked them back up), and the pivots go.
  const { settings } = world;
  const teleport = 2 * (settings.playerHalfWidth + settings.playerHalfHeight);
  if (movedA2 > teleport * teleport || movedB2 > teleport * teleport) {
    move.ex = anx; move.ey = any; move.ox = bnx; move.oy = bny;
    unwrapEnd(world, r, 0);
    move.ex = bnx; move.ey = bny; move.ox = anx; move.oy = any;
    unwrapEnd(world, r, 1);
    if (wrap.count[r] > 0 && !isPathWithinRope(world, r)) wrap.count[r] = 0;
    if (wrap.count[r] === 0 && drapeRope(world, r) > 0) {
      if (isPathWithinRope(world, r)) placeSpan(world, r, r * MAX_WRAPS, -1);
      else wrap.count[r] = 0;
    }
    if (wrap.count[r] === 0) wrap.spanA[r] = 0;
    return;
  }
  // End A moves, end B still where it was: its span to its nearest pivot sweeps, then the pivots
  // next to it that its new place no longer bends round are dropped. (Unwrapping is checked even
  // for an end that did not move in the substep: a ledge climb puts a player over the edge between
  // substeps.) Not the other way round: after a climb over a block the rope had bent round, the
  // block's corners were dropped first and the sweep, from below the block's top to the new spot
  // above it, started from a span through the block and caught its corner again, backwards: the
  // tether's path 0.34 m over its length, both players yanked at 140 m/s.)
  move.px = apx; move.py = apy; move.ex = anx; move.ey = any; move.ox = bpx; move.oy = bpy;
  if (movedA2 > 0) sweepEnd(world, r, 0);
  unwrapEnd(world, r, 0);
  // Then end B, with end A where it is now.
  move.px = bpx; move.py = bpy; move.ex = bnx; move.ey = bny; move.ox = anx; move.oy = any;
  if (movedB2 > 0) sweepEnd(world, r, 1);
  unwrapEnd(world, r, 1);
}

/**
 * Drops the pivots next to end `side` (now at move.ex, ey) that the path no longer turns around;
 * (move.ox, oy) is the other end, the path's far point when no pivot is left beyond the one tested.
 */
function unwrapEnd(world: SimWorld, r: number, side: number): void {
  const { wrap } = world;
  const ex = move.ex;
  const ey = move.ey;
  const ox = move.ox;
  const oy = move.oy;
  const base = r * MAX_WRAPS;
  while (wrap.count[r] > 0) {
    const count = wrap.count[r];
    const k = side === 0 ? base : base + count - 1;
    const px = wrap.x[k];
    const py = wrap.y[k];
    // The pivot's other neighbour along the path.
    let qx = ox;
    let qy = oy;
    if (count > 1) {
      const q = side === 0 ? k + 1 : k - 1;
      qx = wrap.x[q];
      qy = wrap.y[q];
    }
    // Turn at the pivot along the path A -> B: cross(pivot - previous, next - pivot).
    const turn = side === 0
      ? (px - ex) * (qy - py) - (py - ey) * (qx - px)
      : (px - qx) * (ey - py) - (py - qy) * (ex - px);
    if (turn * wrap.turn[k] >= 0) return;
    removePivot(world, r, side);
  }
}

/**
 * End `side` moved from P (move.px, py) to N (move.ex, ey); its span to Q (the nearest pivot, else
 * the other end at move.ox, oy) swept the triangle Q, P, N. Each corner it met becomes a pivot,
 * nearest the end, and the sweep goes on around it from where the span met it.
 */
function sweepEnd(world: SimWorld, r: number, side: number): void {
  const { wrap } = world;
  const base = r * MAX_WRAPS;
  const nx = move.ex;
  const ny = move.ey;
  const ox = move.ox;
  const oy = move.oy;
  let fromX = move.px;
  let fromY = move.py;
  for (let guard = 0; guard < MAX_WRAPS; guard++) {
    const count = wrap.count[r];
    let qx = ox;
    let qy = oy;
    if (count > 0) {
      const k = side === 0 ? base : base + count - 1;
      qx = wrap.x[k];
      qy = wrap.y[k];
    }
    tri.qx = qx; tri.qy = qy; tri.px = fromX; tri.py = fromY; tri.nx = nx; tri.ny = ny;
    if (!findCorner(world.grid, world.convexCornerSums)) return;
    if (count >= MAX_WRAPS) return; // out of room: the rope goes on straight (never seen in a level)
    const cx = hit.x;
    const cy = hit.y;
    // The turn at the new pivot along A -> B.
    const turn = side === 0
      ? (cx - nx) * (qy - cy) - (cy - ny) * (qx - cx)
      : (cx - qx) * (ny - cy) - (cy - qy) * (nx - cx);
    if (turn === 0) return;
    addPivot(world, r, side, cx, cy, turn > 0 ? 1 : -1);
    // The rest of the sweep turns about the new pivot: from where the line Q -> corner meets P -> N.
    const ux = cx - qx;
    const uy = cy - qy;
    const dx = nx - fromX;
    const dy = ny - fromY;
    const denom = ux * dy - uy * dx;
    if (denom === 0) return;
    const t = -(ux * (fromY - qy) - uy * (fromX - qx)) / denom;
    if (!(t > 0 && t < 1)) return;
    fromX += t * dx;
    fromY += t * dy;
  }
}

/** Inserts a pivot at end `side` of rope r's list (the end's new nearest pivot). */
function addPivot(world: SimWorld, r: number, side: number, x: number, y: number, turn: number): void {
  const { wrap } = world;
  const base = r * MAX_WRAPS;
  const count = wrap.count[r];
  let k = base + count;
  if (side === 0) {
    for (let j = base + count; j > base; j--) {
      wrap.x[j] = wrap.x[j - 1];
      wrap.y[j] = wrap.y[j - 1];
      wrap.turn[j] = wrap.turn[j - 1];
    }
    k = base;
  }
  wrap.x[k] = x;
  wrap.y[k] = y;
  wrap.turn[k] = turn;
  wrap.count[r] = count + 1;
  placeSpan(world, r, side === 0 ? base : base + count, side);
}

/** True if rope r's path from end A through its pivots to end B is no longer than the rope. */
function isPathWithinRope(world: SimWorld, r: number): boolean {
  measureRopePath(world, r);
  return ropePath.length <= world.rope.length[r];
}

/**
 * Where rope r sits on its corners once pivot k (index into WrapState) is new, caught at end `side`
 * (-1: the pivots were all set at once): its arc length from end A is that of the particle nearest
 * the corner (so no particle jumps to another span), within what the spans allow. What is kept is
 * spanA, the rope from end A to the first pivot; a corner caught at end B is reached after spanA
 * and the straight runs between the pivots (`before`), so spanA is set to put the corner at that
 * arc too. Left as it was there, a slack rope's run between its last two corners was at once no
 * longer than their distance: its particles were pulled straight across the stone and those
 * beyond onto the new corner (78 % stretch in the long fuzz).
 * But the nearest particle moves the pivots already there along the rope with the new one, and
 * the rope between two pivots is a straight run: a slack tether heaped over a one-tile block
 * caught both its top corners in one tick, the second nearest a particle 7 m of rope further on
 * than the first (the rope ran over the block, down into a heap beside it and back up), and the
 * particles then on the run across the block's top were thrown up to 1.5 m, through the stone
 * (16.8 cm deep, the long fuzz, Over the Pits). So the arcs the older pivots had are kept instead
 * when the particles on the straight runs lie nearer their places on them that way.
 */
function placeSpan(world: SimWorld, r: number, k: number, side: number): void {
  const { wrap, rope } = world;
  const base = r * MAX_WRAPS;
  let before = 0;
  for (let j = base + 1; j <= k; j++) {
    const gx = wrap.x[j] - wrap.x[j - 1];
    const gy = wrap.y[j] - wrap.y[j - 1];
    before += Math.sqrt(gx * gx + gy * gy);
  }
  endPosition(world, r, 0, endNow);
  const ex = endNow.x - wrap.x[base];
  const ey = endNow.y - wrap.y[base];
  const least = Math.sqrt(ex * ex + ey * ey);
  // The most: all the rope not needed between the first pivot and end B.
  measureRopePath(world, r);
  const most = rope.length[r] - (ropePath.length - least);
  const top = most > least ? most : least;
  measureArcNearest(world, r, k);
  const arc = run.arc - before;
  const nearest = arc < least ? least : arc > top ? top : arc;
  if (side < 0 || wrap.count[r] < 2) {
    wrap.spanA[r] = nearest;
    return;
  }
  // The older pivots where they were: at end B spanA as it was; at end A the old first pivot,
  // now the second, at the old spanA.
  let kept = wrap.spanA[r];
  if (side === 0) {
    const gx = wrap.x[base + 1] - wrap.x[base];
    const gy = wrap.y[base + 1] - wrap.y[base];
    kept -= Math.sqrt(gx * gx + gy * gy);
  }
  if (kept < least) kept = least;
  else if (kept > top) kept = top;
  run.spanA = nearest;
  measureRunCost(world, r);
  const nearestCost = run.cost;
  run.spanA = kept;
  measureRunCost(world, r);
  wrap.spanA[r] = run.cost < nearestCost ? kept : nearest;
}

/** The spanA measureRunCost tries, its answer, and measureArcNearest's, m (module scratch:
 *  numbers passed would be boxed). */
const run = { spanA: 0, cost: 0, arc: 0 };

/**
 * How far rope r's particles on the straight runs between its pivots lie from their places on
 * them (each at its arc from end A, the first pivot at run.spanA), summed: into run.cost, m.
 */
function measureRunCost(world: SimWorld, r: number): void {
  const { particle, rope, wrap } = world;
  const base = r * MAX_WRAPS;
  const runs = wrap.count[r] - 1;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  let cost = 0;
  let j = 0; // the run from pivot j to pivot j + 1
  let fromArc = run.spanA;
  let gx = wrap.x[base + 1] - wrap.x[base];
  let gy = wrap.y[base + 1] - wrap.y[base];
  let gap = Math.sqrt(gx * gx + gy * gy);
  let s = 0;
  for (let i = first; i <= last; i++) {
    while (s > fromArc + gap) {
      j++;
      if (j >= runs) break;
      fromArc += gap;
      gx = wrap.x[base + j + 1] - wrap.x[base + j];
      gy = wrap.y[base + j + 1] - wrap.y[base + j];
      gap = Math.sqrt(gx * gx + gy * gy);
    }
    if (j >= runs) break;
    if (s >= fromArc) {
      const f = (s - fromArc) / gap;
      const dx = particle.x[i] - (wrap.x[base + j] + gx * f);
      const dy = particle.y[i] - (wrap.y[base + j] + gy * f);
      cost += Math.sqrt(dx * dx + dy * dy);
    }
    s += particle.rest[i];
  }
  run.cost = cost;
}

/** Arc length from end A of rope r's particle nearest its pivot slot k, m: into run.arc. */
function measureArcNearest(world: SimWorld, r: number, k: number): void {
  const { particle, rope } = world;
  const x = world.wrap.x[k];
  const y = world.wrap.y[k];
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  let best = Infinity;
  let bestArc = 0;
  let arc = 0;
  for (let i = first; i <= last; i++) {
    const dx = particle.x[i] - x;
    const dy = particle.y[i] - y;
    const d2 = dx * dx + dy * dy;
    if (d2 < best) { best = d2; bestArc = arc; }
    arc += particle.rest[i];
  }
  run.arc = bestArc;
}

/** Removes the pivot nearest end `side`; the rope between it and its neighbour joins the A side. */
function removePivot(world: SimWorld, r: number, side: number): void {
  const { wrap } = world;
  const base = r * MAX_WRAPS;
  const count = wrap.count[r];
  if (side === 0) {
    if (count > 1) {
      const gx = wrap.x[base + 1] - wrap.x[base];
      const gy = wrap.y[base + 1] - wrap.y[base];
      wrap.spanA[r] += Math.sqrt(gx * gx + gy * gy);
    }
    for (let j = base; j < base + count - 1; j++) {
      wrap.x[j] = wrap.x[j + 1];
      wrap.y[j] = wrap.y[j + 1];
      wrap.turn[j] = wrap.turn[j + 1];
    }
  }
  wrap.count[r] = count - 1;
  if (count === 1) wrap.spanA[r] = 0;
}

/** Remembers where rope r's ends are now as where its next wrap update sweeps from. */
export function markRopeEnds(world: SimWorld, r: number): void {
  const { wrap } = world;
  endPosition(world, r, 0, endNow);
  wrap.fromAX[r] = endNow.x;
  wrap.fromAY[r] = endNow.y;
  endPosition(world, r, 1, endNow);
  wrap.fromBX[r] = endNow.x;
  wrap.fromBY[r] = endNow.y;
}

/**
 * True if the rope bending at corner (gx, gy) between tri's Q and N has stone on the inside
 * of its bend (a solid cell towards the bisector of the two spans): it rests on the corner. A rope
 * swinging away from a corner it just left sweeps over it too, with the stone on the outside of
 * the bend: that is no wrap (it caught a pendulum leaving Galileo's peg straight back on it).
 */
function isInsideBend(grid: TileGrid, gx: number, gy: number): boolean {
  let ax = tri.qx - gx;
  let ay = tri.qy - gy;
  let d = Math.sqrt(ax * ax + ay * ay);
  if (d === 0) return false;
  ax /= d;
  ay /= d;
  let bx = tri.nx - gx;
  let by = tri.ny - gy;
  d = Math.sqrt(bx * bx + by * by);
  if (d === 0) return false;
  bx /= d;
  by /= d;
  const sx = ax + bx;
  const sy = ay + by;
  // The four cells around the corner, each towards (+-1, +-1) from it.
  return (tileAt(grid, gx - 1, gy - 1) === Tile.Solid && -sx - sy > 0)
    || (tileAt(grid, gx, gy - 1) === Tile.Solid && sx - sy > 0)
    || (tileAt(grid, gx - 1, gy) === Tile.Solid && -sx + sy > 0)
    || (tileAt(grid, gx, gy) === Tile.Solid && sx + sy > 0);
}

/** How far past an end's path a corner is still met by its sweep, m (findCorner). */
const END_GRAZE = 0.01;

/**
 * The first convex corner the span from pivot Q met while its far end moved from P to N (the
 * triangle in `tri`; strictly past the old span, up to and on the new one), into `hit`; false if
 * none. Of corners met at once (in line with Q), the farthest: the span then lies along the face
 * between them. A corner up to END_GRAZE past the end's own path P -> N counts as met. Only the
 * grid points inside the triangle are looked at, row by row (a long span that moved a little is a
 * sliver across a big box of cells).
 */
function findCorner(grid: TileGrid, sums: Int32Array): boolean {
  const { qx, qy, px, py, nx, ny } = tri;
  const ux = px - qx;
  const uy = py - qy;
  const vx = nx - qx;
  const vy = ny - qy;
  const orient = ux * vy - uy * vx;
  if (orient === 0) return false;
  const s = orient > 0 ? 1 : -1;
  const minX = Math.min(qx, px, nx);
  const maxX = Math.max(qx, px, nx);
  const minY = Math.min(qy, py, ny);
  const maxY = Math.max(qy, py, ny);
  const c0 = Math.ceil(minX - END_GRAZE);
  const c1 = Math.floor(maxX + END_GRAZE);
  const r0 = Math.ceil(minY - END_GRAZE);
  const r1 = Math.floor(maxY + END_GRAZE);
  if (c0 > c1 || r0 > r1) return false;
  // No convex corner among the triangle's grid points: nothing to meet (most substeps of most ropes,
  // even a tether between two players on a floor, whose triangles touch the floor's tiles). Nor
  // when the only one is Q itself, a pivot the span turns round, which the scan below passes over:
  // a rope bent over a ledge, every substep its end moves (its row was scanned for nothing).
  const near = countConvexCornersIn(grid, sums, c0, r0, c1, r1);
  if (near === 0) return false;
  // Q itself: a grid point countConvexCornersIn counts (in the grid) and a convex corner. Written
  // out, not a helper: a call this rare (a few a level where no rope stays bent over a ledge)
  // stays in V8's interpreter, which boxes the coordinates it reads (32 B a call, Ice Cliff).
  if (near === 1 && qx === Math.floor(qx) && qy === Math.floor(qy) && qx >= 0 && qx <= grid.width && qy >= 0 &&
      qy <= grid.height && isConvexCorner(grid, qx, qy)) return false;
  let isFound = false;
  let bestX = 0;
  let bestY = 0;
  // How far past the end's own path (P -> N) a corner may lie and still be met, as a cross
  // product (END_GRAZE times |N - P|): a crate's tie point on its corner passes a tile corner
  // within the contact slop, even through it by a millimetre or two, and then the span ends
  // beyond the corner without having swept it (the long fuzz, Timber Mine: a rope round a
  // pillar's foot missed by 1.3 mm, and cut 13 cm into the pillar until the crate swung back).
  const graze = -END_GRAZE * Math.sqrt((nx - px) * (nx - px) + (ny - py) * (ny - py));
  for (let gy = r0; gy <= r1; gy++) {
    if (!hasConvexCornersIn(grid, sums, c0, gy, c1, gy)) continue;
    // The triangle's extent along this row: where the row crosses its three edges.
    let lo = Infinity;
    let hi = -Infinity;
    if ((qy - gy) * (py - gy) <= 0 && qy !== py) { const x = qx + ((px - qx) * (gy - qy)) / (py - qy); if (x < lo) lo = x; if (x > hi) hi = x; }
    if ((py - gy) * (ny - gy) <= 0 && py !== ny) { const x = px + ((nx - px) * (gy - py)) / (ny - py); if (x < lo) lo = x; if (x > hi) hi = x; }
    if ((ny - gy) * (qy - gy) <= 0 && ny !== qy) { const x = nx + ((qx - nx) * (gy - ny)) / (qy - ny); if (x < lo) lo = x; if (x > hi) hi = x; }
    if (qy === gy) { if (qx < lo) lo = qx; if (qx > hi) hi = qx; }
    if (py === gy) { if (px < lo) lo = px; if (px > hi) hi = px; }
    if (ny === gy) { if (nx < lo) lo = nx; if (nx > hi) hi = nx; }
    if (lo > hi) continue;
    const g0 = Math.max(c0, Math.ceil(lo - END_GRAZE));
    const g1 = Math.min(c1, Math.floor(hi + END_GRAZE));
    if (!hasConvexCornersIn(grid, sums, g0, gy, g1, gy)) continue;
    for (let gx = g0; gx <= g1; gx++) {
      const wx = gx - qx;
      const wy = gy - qy;
      if (wx === 0 && wy === 0) continue;
      // Strictly past the old span, not past the new one, and on Q's side of P -> N.
      if ((ux * wy - uy * wx) * s <= 0) continue;
      if ((wx * vy - wy * vx) * s < 0) continue;
      if (((nx - px) * (gy - py) - (ny - py) * (gx - px)) * s < graze) continue;
      if (!isConvexCorner(grid, gx, gy) || !isInsideBend(grid, gx, gy)) continue;
      if (isFound) {
        const bx = bestX - qx;
        const by = bestY - qy;
        const order = (bx * wy - by * wx) * s;
        // Met later than the best (further round), or in line with it and nearer: keep the best.
        if (order > 0 || (order === 0 && wx * wx + wy * wy <= bx * bx + by * by)) continue;
      }
      isFound = true;
      bestX = gx;
      bestY = gy;
    }
  }
  if (!isFound) return false;
  hit.x = bestX;
  hit.y = bestY;
  return true;
}

/** The wrap state of one rope, kept while measureRopePathAhead tries an update (module scratch). */
const keptPivots = { x: new Float64Array(MAX_WRAPS), y: new Float64Array(MAX_WRAPS), turn: new Int8Array(MAX_WRAPS), rest: new Float64Array(5) };

/**
 * The length rope r's path will have once its wraps follow its ends to where they are now (the
 * sweep and unwrap the next substep makes), into ropePath.length; its wrap state is left as it
 * was. A move made between substeps (a ledge climb) can then be tried before it is made.
 */
export function measureRopePathAhead(world: SimWorld, r: number): void {
  const { wrap } = world;
  if (!world.settings.ropeWrap || world.rope.bodyA[r] === 0 || world.rope.bodyB[r] === 0) {
    measureRopePath(world, r);
    return;
  }
  const base = r * MAX_WRAPS;
  const count = wrap.count[r];
  for (let k = 0; k < MAX_WRAPS; k++) {
    keptPivots.x[k] = wrap.x[base + k];
    keptPivots.y[k] = wrap.y[base + k];
    keptPivots.turn[k] = wrap.turn[base + k];
  }
  const rest = keptPivots.rest;
  rest[0] = wrap.spanA[r];
  rest[1] = wrap.fromAX[r];
  rest[2] = wrap.fromAY[r];
  rest[3] = wrap.fromBX[r];
  rest[4] = wrap.fromBY[r];
  wrapRope(world, r);
  measureRopePath(world, r);
  wrap.count[r] = count;
  for (let k = 0; k < MAX_WRAPS; k++) {
    wrap.x[base + k] = keptPivots.x[k];
    wrap.y[base + k] = keptPivots.y[k];
    wrap.turn[base + k] = keptPivots.turn[k];
  }
  wrap.spanA[r] = rest[0];
  wrap.fromAX[r] = rest[1];
  wrap.fromAY[r] = rest[2];
  wrap.fromBX[r] = rest[3];
  wrap.fromBY[r] = rest[4];
}

/** Length of rope r's path from end A through its pivots to end B, m (straight without pivots). */
export function ropePathLength(world: SimWorld, r: number): number {
  measureRopePath(world, r);
  return ropePath.length;
}

/** ropePathLength into ropePath.length, for the tick (a number returned would be boxed). */
export function measureRopePath(world: SimWorld, r: number): void {
  const { wrap } = world;
  endPosition(world, r, 0, endNow);
  let x = endNow.x;
  let y = endNow.y;
  let total = 0;
  const base = r * MAX_WRAPS;
  for (let k = base; k < base + wrap.count[r]; k++) {
    const dx = wrap.x[k] - x;
    const dy = wrap.y[k] - y;
    total += Math.sqrt(dx * dx + dy * dy);
    x = wrap.x[k];
    y = wrap.y[k];
  }
  endPosition(world, r, 1, endNow);
  const dx = endNow.x - x;
  const dy = endNow.y - y;
  ropePath.length = total + Math.sqrt(dx * dx + dy * dy);
}

/**
 * A rope laid out by a level (or a respawn) whose straight line between its ends passes through
 * solid tiles starts draped over them: its pivots are the corners of the upper outline of what the
 * line passes through (the upper convex hull of the tops of those tile columns), as a rope slung
 * over a wall or a ledge hangs. Returns the number of pivots set (0: the straight line is clear).
 */
export function drapeRope(world: SimWorld, r: number): number {
  const { wrap, grid } = world;
  wrap.count[r] = 0;
  wrap.spanA[r] = 0;
  endPosition(world, r, 0, endNow);
  const ax = endNow.x;
  const ay = endNow.y;
  endPosition(world, r, 1, endNow);
  const bx = endNow.x;
  const by = endNow.y;
  if (ax === bx) return 0; // a vertical rope has nothing to hang over
  const left = Math.min(ax, bx);
  const right = Math.max(ax, bx);
  const lineY = (x: number) => ay + ((by - ay) * (x - ax)) / (bx - ax);
  // Candidate corners, left to right: top corners of the solid columns the line passes through,
  // the top found by climbing the column from the line.
  const hullX: number[] = [];
  const hullY: number[] = [];
  let isBlocked = false;
  const pushHull = (x: number, y: number) => {
    // Upper hull (y down: keep the path's turns towards +y... i.e. convex seen from above).
    while (hullX.length >= 2) {
      const n = hullX.length;
      const cross = (hullX[n - 1] - hullX[n - 2]) * (y - hullY[n - 2]) - (hullY[n - 1] - hullY[n - 2]) * (x - hullX[n - 2]);
      if (cross > 0) break; // a turn that keeps the hull above
      hullX.pop();
      hullY.pop();
    }
    hullX.push(x);
    hullY.push(y);
  };
  pushHull(left, left === ax ? ay : by);
  // Every solid cell the line passes through (sampled every 2 cm, left to right), climbed to the
  // top of its column: the tops' corners are where a rope slung over it rests.
  const steps = Math.ceil((right - left) / 0.02);
  let lastCol = Number.NaN;
  let lastTop = Number.NaN;
  for (let n = 1; n < steps; n++) {
    const x = left + ((right - left) * n) / steps;
    const col = Math.floor(x);
    let row = Math.floor(lineY(x));
    if (tileAt(grid, col, row) !== Tile.Solid) continue;
    isBlocked = true;
    while (tileAt(grid, col, row - 1) === Tile.Solid && row > -1) row--;
    if (col === lastCol && row === lastTop) continue;
    lastCol = col;
    lastTop = row;
    if (col > left) pushHull(col, row);
    if (col + 1 < right) pushHull(col + 1, row);
  }
  if (!isBlocked) return 0;
  pushHull(right, right === ax ? ay : by);
  // The hull's inner points that are convex corners become the pivots, in order from end A.
  const n = hullX.length;
  const fromA = left === ax;
  let count = 0;
  for (let m = 1; m < n - 1 && count < MAX_WRAPS; m++) {
    const j = fromA ? m : n - 1 - m;
    if (!isConvexCorner(grid, hullX[j], hullY[j])) continue;
    const k = r * MAX_WRAPS + count;
    wrap.x[k] = hullX[j];
    wrap.y[k] = hullY[j];
    count++;
  }
  wrap.count[r] = count;
  setTurns(world, r);
  return count;
}

/**
 * Sets rope r's pivots to `corners` (from end A), as a level slings a rope over them; corners that
 * are not convex corners of the solid tiles are skipped (the level checks refuse them first).
 */
export function slingOver(world: SimWorld, r: number, corners: ReadonlyArray<{ x: number; y: number }>): void {
  const { wrap, grid } = world;
  let count = 0;
  for (const c of corners) {
    if (count >= MAX_WRAPS || !isConvexCorner(grid, c.x, c.y)) continue;
    wrap.x[r * MAX_WRAPS + count] = c.x;
    wrap.y[r * MAX_WRAPS + count] = c.y;
    count++;
  }
  wrap.count[r] = count;
  setTurns(world, r);
}

/** The turn signs of rope r's pivots along A -> B, from where its ends and pivots are now. */
function setTurns(world: SimWorld, r: number): void {
  const { wrap } = world;
  const count = wrap.count[r];
  endPosition(world, r, 0, endNow);
  let px = endNow.x;
  let py = endNow.y;
  endPosition(world, r, 1, endNow);
  const bx = endNow.x;
  const by = endNow.y;
  for (let c = 0; c < count; c++) {
    const k = r * MAX_WRAPS + c;
    const nx = c + 1 < count ? wrap.x[k + 1] : bx;
    const ny = c + 1 < count ? wrap.y[k + 1] : by;
    const turn = (wrap.x[k] - px) * (ny - wrap.y[k]) - (wrap.y[k] - py) * (nx - wrap.x[k]);
    wrap.turn[k] = turn >= 0 ? 1 : -1;
    px = wrap.x[k];
    py = wrap.y[k];
  }
}
