// A feasible start for a rope (PHYSICS.md #8): its particles laid out between its ends without
// stretching, straight when the ends are a full rope length apart, else bent through a turning
// point, so nothing snaps on the first tick; where that bend would pass through solid tiles, folded
// in a narrow zig-zag along the line between the ends instead, so no particle starts in the stone.
// Used when a world is built and when players respawn.

import { PARTICLE_RADIUS } from './physics/collideRope';
import { rectOverlapsSolid } from './physics/moveBody';
import { endPosition, type EndPosition } from './physics/ropeEnds';
import { drapeRope, markRopeEnds } from './physics/ropeWraps';
import { MAX_WRAPS } from './ropeComponents';
import type { ParticleComponent } from './ropeComponents';
import { Tile, tileAt, type TileGrid } from './tileGrid';
import type { SimWorld } from './worldState';

const end: EndPosition = { x: 0, y: 0 };

/**
 * Lays rope `r` out slack between its ends (a free end hangs straight down from the other). With
 * settings.ropeWrap it follows the corners the rope is already bent around (clear them first for a
 * fresh start), or drapes it over what the straight line between its ends crosses.
 */
export function layOutFromEnds(world: SimWorld, r: number): void {
  const { rope } = world;
  const first = rope.first[r];
  const count = rope.count[r];
  const length = rope.length[r];
  endPosition(world, r, 0, end);
  let ax = end.x;
  let ay = end.y;
  endPosition(world, r, 1, end);
  let bx = end.x;
  let by = end.y;
  // A free end hangs straight down, to the first solid tile below at most (the rest of the rope is
  // then folded above it): hung through a floor, the part below stayed below it, held there by
  // the collision's last pass (level files refuse such a rope; a scene built in code may not).
  if (rope.bodyA[r] === 0) { ax = bx; ay = hangingEnd(world, bx, by, length); }
  if (rope.bodyB[r] === 0) { bx = ax; by = hangingEnd(world, ax, ay, length); }
  // Bent around tile corners: the ones it was slung over (slingOver), else those it drapes over.
  const isTiedBoth = rope.bodyA[r] !== 0 && rope.bodyB[r] !== 0;
  if (!world.settings.ropeWrap || !isTiedBoth) world.wrap.count[r] = 0;
  else {
    if (world.wrap.count[r] === 0) drapeRope(world, r);
    markRopeEnds(world, r);
  }
  if (world.wrap.count[r] > 0) layOutDraped(world, r, ax, ay, bx, by);
  else {
    // Bend the slack rope down into open space, or up when the ground is in the way. The tether
    // is folded along the line between the players instead, and settles on the ground between
    // them within ~30 ticks: bent up, the tether of two players standing together at a spawn or a
    // checkpoint rose 2.4-6 m over their heads (every campaign level's start, every respawn) and
    // came down on them for most of a second, which a blind tester took for a glitch. A level's
    // rope keeps the bend: folded next to the box it holds, a zig-zag can lie on the box and
    // hang it higher (The Spike Run's gondola rode 1.2 m higher).
    const span = Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
    const midX = (ax + bx) / 2;
    const midY = (ay + by) / 2;
    const isGroundBelow = span < length - 1e-9 &&
      rectOverlapsSolid(world.grid, midX - 0.1, midY, midX + 0.1, midY + length / 2);
    if (isGroundBelow && r === world.tetherRope) {
      layOutFolded(world, r, ax, ay, bx, by);
      return;
    }
    layOutRope(world.particle, first, count, ax, ay, bx, by, isGroundBelow);
  }
  // A bend half a rope deep meets the stone when both ways are blocked (two players on a ledge in
  // a shaft: the Mine Shaft's respawn bent the tether 1.63 m into the floor, where it stayed for
  // ~20 ticks until the chain pulled it out, since a particle made inside a tile has no known way
  // in for the collision to undo). Folded along the line between the ends, the rope stays within
  // a rest length of that line, which is clear of the stone (or bent over it by the pivots).
  if (isLaidInStone(world, first, count)) layOutFolded(world, r, ax, ay, bx, by);
}

/** Where a free end hanging `length` straight down from (x, y) comes to rest: y + length, or a particle radius above the first solid tile on the way. */
function hangingEnd(world: SimWorld, x: number, y: number, length: number): number {
  const col = Math.floor(x);
  for (let row = Math.floor(y) + 1; row < y + length; row++) {
    if (tileAt(world.grid, col, row) === Tile.Solid) return Math.max(y, row - PARTICLE_RADIUS);
  }
  return y + length;
}

/** Sample spacing along a segment when testing a layout against the tiles, m. */
const LAYOUT_SAMPLE = 0.05;

/** True if any particle of first..first+count-1, or any segment between them, touches a solid tile. */
function isLaidInStone(world: SimWorld, first: number, count: number): boolean {
  const { particle, grid } = world;
  for (let k = 0; k < count; k++) {
    const i = first + k;
    if (tileAt(grid, Math.floor(particle.x[i]), Math.floor(particle.y[i])) === Tile.Solid) return true;
    if (k === count - 1) continue;
    const dx = particle.x[i + 1] - particle.x[i];
    const dy = particle.y[i + 1] - particle.y[i];
    const n = Math.ceil(Math.sqrt(dx * dx + dy * dy) / LAYOUT_SAMPLE);
    for (let m = 1; m < n; m++) {
      if (tileAt(grid, Math.floor(particle.x[i] + (dx * m) / n), Math.floor(particle.y[i] + (dy * m) / n)) === Tile.Solid) return true;
    }
  }
  return false;
}

/** True if the particle's cross (its centre and four arms of PARTICLE_RADIUS) touches a solid tile. */
function isParticleInStone(grid: TileGrid, x: number, y: number): boolean {
  const R = PARTICLE_RADIUS;
  return tileAt(grid, Math.floor(x), Math.floor(y)) === Tile.Solid ||
    tileAt(grid, Math.floor(x - R), Math.floor(y)) === Tile.Solid ||
    tileAt(grid, Math.floor(x + R), Math.floor(y)) === Tile.Solid ||
    tileAt(grid, Math.floor(x), Math.floor(y - R)) === Tile.Solid ||
    tileAt(grid, Math.floor(x), Math.floor(y + R)) === Tile.Solid;
}

/**
 * Lays rope `r` out folded along its path A -> pivots -> B (the straight line when it has no
 * pivots): particle k sits at its arc's share of the path, offset sideways alternately by +-h/2,
 * where h = rest * sqrt(1 - (path / length)^2) makes a segment between the two sides exactly its
 * rest length. A particle whose side would touch the stone sits on the path instead, so no
 * segment is ever longer than its rest (the offsets of two neighbours differ by at most h). The
 * rope then falls from this narrow zig-zag into a heap. Rejected: searching the free cells for a
 * path long enough to hold the whole rope (a flood fill at every respawn, for a rope that falls
 * into a heap a few ticks later anyway).
 */
function layOutFolded(world: SimWorld, r: number, ax: number, ay: number, bx: number, by: number): void {
  const { particle, rope, wrap, grid } = world;
  const first = rope.first[r];
  const count = rope.count[r];
  const length = rope.length[r];
  const pivots = wrap.count[r];
  const base = r * MAX_WRAPS;
  const px = (j: number) => (j === 0 ? ax : j === pivots + 1 ? bx : wrap.x[base + j - 1]);
  const py = (j: number) => (j === 0 ? ay : j === pivots + 1 ? by : wrap.y[base + j - 1]);
  let path = 0;
  for (let j = 0; j <= pivots; j++) path += dist(px(j + 1) - px(j), py(j + 1) - py(j));
  const shrink = length > 0 && path < length ? path / length : 1; // path per metre of rope
  const side = Math.sqrt(Math.max(0, 1 - shrink * shrink)); // sideways per metre of rope
  let j = 0;
  let from = 0; // path distance where span j starts
  let s = 0; // arc length of rope from A
  let offset = 0;
  for (let k = 0; k < count; k++) {
    const i = first + k;
    const along = s * shrink;
    let spanLength = dist(px(j + 1) - px(j), py(j + 1) - py(j));
    while (along > from + spanLength && j < pivots) {
      from += spanLength;
      j++;
      spanLength = dist(px(j + 1) - px(j), py(j + 1) - py(j));
    }
    const x0 = px(j);
    const y0 = py(j);
    const ux = spanLength > 1e-9 ? (px(j + 1) - x0) / spanLength : 0;
    const uy = spanLength > 1e-9 ? (py(j + 1) - y0) / spanLength : 1;
    const f = Math.min(spanLength, along - from);
    const cx = x0 + ux * f;
    const cy = y0 + uy * f;
    // Half the sideways reach of the shorter segment next to this particle.
    const restHere = Math.min(k > 0 ? particle.rest[i - 1] : Infinity, k < count - 1 ? particle.rest[i] : Infinity);
    const half = k === 0 || k === count - 1 ? 0 : (restHere * side) / 2;
    offset = offset > 0 ? -half : half;
    let x = cx - uy * offset;
    let y = cy + ux * offset;
    if (offset !== 0 && isParticleInStone(grid, x, y)) { offset = 0; x = cx; y = cy; }
    particle.x[i] = particle.prevX[i] = particle.drawX[i] = x;
    particle.y[i] = particle.prevY[i] = particle.drawY[i] = y;
    if (k < count - 1) s += particle.rest[i];
  }
}

/**
 * Lays particles first..first+count-1 out from (ax, ay) to (bx, by) without stretching: straight
 * if the ends are a full rope length apart, otherwise bent down through a turning point so the
 * polyline has exactly the rope's length (a feasible start: nothing snaps on the first tick).
 * Segment rest lengths are taken from `particle.rest`. `bendUp` bends it the other way (when the
 * ground is below: the rope then falls into a heap).
 */
export function layOutRope(
  particle: ParticleComponent, first: number, count: number,
  ax: number, ay: number, bx: number, by: number, bendUp = false,
): void {
  let length = 0;
  for (let k = 0; k < count - 1; k++) length += particle.rest[first + k];
  const dx = bx - ax;
  const dy = by - ay;
  const span = Math.sqrt(dx * dx + dy * dy);
  // Turning point below the midpoint at depth d so that |A-T| + |T-B| = length.
  const half = Math.min(span, length) / 2;
  const halfLength = length / 2;
  const depth = Math.sqrt(Math.max(0, halfLength * halfLength - half * half));
  // Offset perpendicular to A-B, on the downward side (y points down), so both halves are halfLength.
  let nx = 0;
  let ny = 1;
  if (span > 1e-9) {
    nx = -dy / span;
    ny = dx / span;
    if (ny < 0 || (ny === 0 && nx < 0)) { nx = -nx; ny = -ny; }
  }
  if (bendUp) { nx = -nx; ny = -ny; }
  const mx = (ax + bx) / 2 + nx * depth;
  const my = (ay + by) / 2 + ny * depth;
  let s = 0;
  for (let k = 0; k < count; k++) {
    const f = length > 0 ? s / length : k / Math.max(1, count - 1); // arc-length fraction
    const i = first + k;
    let px: number;
    let py: number;
    if (f <= 0.5) {
      const t = f * 2;
      px = ax + (mx - ax) * t;
      py = ay + (my - ay) * t;
    } else {
      const t = (f - 0.5) * 2;
      px = mx + (bx - mx) * t;
      py = my + (by - my) * t;
    }
    particle.x[i] = px;
    particle.y[i] = py;
    particle.prevX[i] = px;
    particle.prevY[i] = py;
    particle.drawX[i] = px;
    particle.drawY[i] = py;
    if (k < count - 1) s += particle.rest[i];
  }
}

/**
 * Lays a draped rope (drapeRope set its pivots) along its path A -> pivots -> B, each span of the
 * path with its share of the rope (its length plus the slack in proportion), bent down through a
 * turning point where it has slack, as layOutRope does for the whole rope.
 */
function layOutDraped(world: SimWorld, r: number, ax: number, ay: number, bx: number, by: number): void {
  const { particle, rope, wrap } = world;
  const first = rope.first[r];
  const count = rope.count[r];
  const length = rope.length[r];
  const pivots = wrap.count[r];
  const base = r * MAX_WRAPS;
  const px = (j: number) => (j === 0 ? ax : j === pivots + 1 ? bx : wrap.x[base + j - 1]);
  const py = (j: number) => (j === 0 ? ay : j === pivots + 1 ? by : wrap.y[base + j - 1]);
  let path = 0;
  for (let j = 0; j <= pivots; j++) path += dist(px(j + 1) - px(j), py(j + 1) - py(j));
  const stretch = path > 0 ? Math.max(1, length / path) : 1;
  wrap.spanA[r] = dist(px(1) - ax, py(1) - ay) * stretch;
  let j = 0;
  let from = 0; // arc where span j starts
  let share = dist(px(1) - px(0), py(1) - py(0)) * stretch;
  let s = 0;
  for (let k = 0; k < count; k++) {
    while (s > from + share && j < pivots) {
      from += share;
      j++;
      share = dist(px(j + 1) - px(j), py(j + 1) - py(j)) * stretch;
    }
    const x0 = px(j);
    const y0 = py(j);
    const x1 = px(j + 1);
    const y1 = py(j + 1);
    const span = dist(x1 - x0, y1 - y0);
    const f = share > 0 ? Math.min(1, (s - from) / share) : 0;
    // Turning point below the span's middle so that both legs together are `share` long.
    const depth = Math.sqrt(Math.max(0, (share / 2) ** 2 - (span / 2) ** 2));
    let nx = 0;
    let ny = 1;
    if (span > 1e-9) {
      nx = -(y1 - y0) / span;
      ny = (x1 - x0) / span;
      if (ny < 0 || (ny === 0 && nx < 0)) { nx = -nx; ny = -ny; }
    }
    const mx = (x0 + x1) / 2 + nx * depth;
    const my = (y0 + y1) / 2 + ny * depth;
    const t = f <= 0.5 ? f * 2 : (f - 0.5) * 2;
    const x = f <= 0.5 ? x0 + (mx - x0) * t : mx + (x1 - mx) * t;
    const y = f <= 0.5 ? y0 + (my - y0) * t : my + (y1 - my) * t;
    const i = first + k;
    particle.x[i] = particle.prevX[i] = particle.drawX[i] = x;
    particle.y[i] = particle.prevY[i] = particle.drawY[i] = y;
    if (k < count - 1) s += particle.rest[i];
  }
}

/** Length of (dx, dy), m (sqrt: the same bits in every engine). */
function dist(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}
