// Rope particles against the tile grid and against boxes. A particle is a small cross of radius
// PARTICLE_RADIUS: each arm that pokes into a solid tile pushes the particle back out along that
// axis. Touching a floor removes the particle's fall and, with position-based friction, part of
// its sliding (a rope lying on the ground comes to rest). Substep moves are clamped well below a
// tile and a particle found inside a tile leaves by the side it came in from, so nothing tunnels.
// When a segment next to a particle of a rope tied at both ends is badly over-stretched, length
// wins over collision so the rope does not stay snagged on a corner (a rope with a free end can
// always slide off, so it always collides: a whipped rope never passes a thin platform); a taut
// tether is a straight line between the players (ropes do not wrap around corners), so it skips
// tile collision while taut. Segments also collide with outer tile corners (collideRopeCorners.ts),
// so two particles either side of a corner do not join through it. A rope whose bounding box
// (grown by the particle radius) holds no tile it could touch skips the per-particle tile tests
// and the corners: in open air they are most of the cost; a box that bounding box does not reach
// skips them too. A rope collides with the box it is tied to as well (a snapped half drapes over
// its crate), except near the tie (see measureTiedExempt).

import { Tile, hasConvexCornersIn, hasRopeTilesIn, tileAt } from '../tileGrid';
import { createBodyPoint, invMassAt, pushBody } from './bodyPoint';
import { collideRopeCorners } from './collideRopeCorners';
import { endPosition, type EndPosition } from './ropeEnds';
import { isHeavyRope } from './ropeMass';
import { RUN, copyBounds, measureRun, solvedBounds, sweptBounds, type Bounds } from './ropeBounds';
import type { SimWorld } from '../worldState';

/** A particle's contact with a box, handed to invMassAt and pushBody. */
const point = createBodyPoint();

/** Within this much of full length a rope counts as taut (ropeStages.ts: the tether is then a
 *  straight line, no tile collision; here: a light rope's end-to-end constraint carries it), m. */
export const TAUT_SLACK = 0.05;

/** Collision radius of a rope particle, m. */
export const PARTICLE_RADIUS = 0.06;
/**
 * How far a segment's centre line is kept from an outer tile corner, m. Not the particle radius:
 * a segment kept that far from a ledge's corner cannot reach the face below it, and a rope hanging
 * from the corner swung clear of the face for seconds where, touching it, it settles (the rope
 * over a ledge in tests/unit/robustness.test.ts, a tick's move after 3 s: 0.01 m 8e-10 m,
 * 0.02 m 4e-3 m, 0.04 m 9e-3 m, 0.06 m 1.1e-2 m).
 */
const CORNER_CLEARANCE = 0.01;
/** Above this stretch of a neighbouring segment the rope's length wins over collision (no snagging). */
const SNAG_STRETCH = 0.05;
/** 1 + SNAG_STRETCH, made once: computed at each call it was a boxed number, an allocation a call. */
const SNAG_LIMIT = 1 + SNAG_STRETCH;
/** A particle of a rope tied at both ends found deeper than this in a floor tile, with no known way
 *  in, was dragged there by the rope's length: it is left to the chain instead of lifted out, m. */
const SUNK_DEPTH = 0.1;

/** The bounding box of a rope's particles, m (module scratch, no allocation). */
const bounds: Bounds = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
/** The bounding box of a run of them, m (module scratch). */
const run: Bounds = { minX: 0, minY: 0, maxX: 0, maxY: 0 };

/** Rope r's particles against tiles, corners and boxes; true if any particle was moved. */
export function collideRope(world: SimWorld, r: number, isTaut: boolean): boolean {
  if (isTaut) return false;
  const { rope } = world;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const isTiedBoth = rope.bodyA[r] !== 0 && rope.bodyB[r] !== 0;
  const hasBoxes = world.queries.boxes.dense.length > 0;
  let hasMoved = false;
  if (solvedBounds.rope === r) {
    copyBounds(solvedBounds, bounds); // as the chain solve just before left them (measureRun's numbers)
  } else {
    measureRun(world, first, last, bounds);
  }
  solvedBounds.rope = -1;
  if (isNearTiles(world)) {
    hasMoved = collideWithTiles(world, first, last, isTiedBoth); // measures the bounds anew as it goes
    if (isNearCorners(world) && collideRopeCorners(world, r, first, last, CORNER_CLEARANCE, isTiedBoth, SNAG_LIMIT)) {
      hasMoved = true;
      if (hasBoxes) measureRun(world, first, last, bounds);
    }
  }
  if (hasBoxes && collideRopeWithBoxes(world, r)) hasMoved = true;
  return hasMoved;
}

/**
 * After the chain's backward sweep (relaxRope), which moves particles after collision: segments
 * against tile corners once more, then any particle still in the stone out of it.
 * The corners again: a slack rope whipping over a corner was left cutting it (in 53 of 10^5
 * fuzzed ticks, up to 9 cm deep; with this pass 2, up to 3.2 cm: tools/fuzz.ts). Rejected: this
 * pass alone, without the one before the sweep: segments then ended substeps stretched up to 94 %.
 * With physics.ropeWrap a taut rope takes this pass too (its own pivots aside): its path is clear
 * of the stone, but "taut" is within TAUT_SLACK of its length, and 4 cm of slack
 * on an 8 m tether lets its particles lie up to 40 cm off the line between its ends: a taut
 * tether whose line passed 7-10 cm from a corner sagged across it, 8.5 and 8.6 cm deep (the long
 * fuzz, Rappel and Mine Shaft). This pass alone suffices there: the sag reaches a corner a
 * centimetre a substep.
 * Out of the stone, last in a substep: a particle of a rope that collides still found inside a
 * solid tile leaves it by leaveByOpenFace (its previous position moved alike, so the push is no speed).
 * A slack tether folded next to its pivot, or a snapped rope folded on the floor, ended ticks with
 * a particle in the stone: up to 0.51 m (tools/ropeDepth.ts). With physics.ropeWrap a rope tied at
 * both ends has its length on its bent path, clear of the stone, so its particles leave too, even
 * next to an over-stretched segment (a tether folded at a post kept one 0.11 m inside, Over the
 * Pits), and so does a taut rope's sag (taut ropes skip collision so as not to snag: a taut tether
 * over a step's corner sagged 0.21 m into the step, Tied Together). Without it such a rope's
 * straight line may pass through a corner, and its length wins, as in collideWithTiles.
 */
export function collideRopeAfterSweep(world: SimWorld, r: number, isTaut: boolean): void {
  const { rope, particle, grid } = world;
  const isTiedBoth = rope.bodyA[r] !== 0 && rope.bodyB[r] !== 0;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const canLeaveStone = world.settings.ropeWrap || (!isTaut && !isTiedBoth);
  const hasCorners = !isTaut || world.settings.ropeWrap;
  if (!canLeaveStone && !hasCorners) return;
  const tautRope = isTaut ? r : -1;
  // Not gated by isNearTiles: a particle in a solid cell puts that cell inside the rope's bounds,
  // so that gate never skips one. The rope's bounds are measured for the corners, and the same
  // pass finds whether any particle is in the stone at all (most substeps none is).
  let mayBeInStone = false;
  if (sweptBounds.rope === r) {
    copyBounds(sweptBounds, bounds); // as the backward sweep just before left them (the pass below's numbers)
    mayBeInStone = canLeaveStone && sweptBounds.isInStone;
  } else {
    mayBeInStone = measureBoundsFindStone(world, first, last, canLeaveStone);
  }
  sweptBounds.rope = -1;
  // (A convex corner within the corners' reach has all four of its cells within the tiles'
  // reach of isNearTiles, so isNearCorners alone decides as both together would.)
  if (hasCorners && isNearCorners(world) && collideRopeCorners(world, r, first, last, CORNER_CLEARANCE, isTiedBoth, SNAG_LIMIT, tautRope)) {
    mayBeInStone = canLeaveStone;
  }
  if (!canLeaveStone || !mayBeInStone) return;
  const x = particle.x;
  const y = particle.y;
  let left = 0;
  for (let i = first; i <= last; i++) {
    if (particle.invMass[i] === 0) continue;
    const col = Math.floor(x[i]);
    const row = Math.floor(y[i]);
    if (tileAt(grid, col, row) !== Tile.Solid) continue;
    if (!leaveByOpenFace(world, first, last, i, col, row)) continue;
    left++;
    // Its two segments against the corners now: the corner pass before skipped them (it leaves a
    // segment with an end in the stone to this pass), and out by the top of a block a particle's
    // segment to its neighbour down the block's side cut the corner between them (10.8 cm, the
    // long fuzz, Over the Pits).
    collideRopeCorners(world, r, i > first ? i - 1 : i, i < last ? i + 1 : i, CORNER_CLEARANCE, isTiedBoth, SNAG_LIMIT, tautRope);
  }
  // Two neighbours out of the stone by different faces (one by a block's side, the next by its
  // top, after the chain pulled a slack heap across the block) are joined through the corner
  // between them, and the first one's corner pass ran while the second was still inside: a few
  // more passes over the rope, each push bounded (MAX_MOVE, PUSH_STRETCH), until nothing moves
  // (the long fuzz, Over the Pits: 17.4 cm into the block's corner).
  if (left < 2 || !world.settings.ropeWrap) return;
  for (let pass = 0; pass < CORNER_REPASSES; pass++) {
    if (!collideRopeCorners(world, r, first, last, CORNER_CLEARANCE, isTiedBoth, SNAG_LIMIT, tautRope)) break;
  }
}

/** Whole-rope corner passes after particles left the stone by different faces (collideRopeAfterSweep). */
const CORNER_REPASSES = 3;

/**
 * The rope's bounds into `bounds`, and true if a particle that can move (1/m > 0) lies in a
 * solid cell; with `findStone` false it looks for none and returns false.
 */
function measureBoundsFindStone(world: SimWorld, first: number, last: number, findStone: boolean): boolean {
  const { x, y, invMass } = world.particle;
  const grid = world.grid;
  let isInStone = false;
  // By runs: a run whose cells hold no tile a particle collides with has none in the stone (most
  // runs, most substeps), and its particles' own cells are not looked up.
  for (let from = first; from <= last; from += RUN) {
    const to = from + RUN - 1 < last ? from + RUN - 1 : last;
    measureRun(world, from, to, run);
    if (from === first) {
      bounds.minX = run.minX;
      bounds.minY = run.minY;
      bounds.maxX = run.maxX;
      bounds.maxY = run.maxY;
    } else {
      if (run.minX < bounds.minX) bounds.minX = run.minX;
      if (run.minY < bounds.minY) bounds.minY = run.minY;
      if (run.maxX > bounds.maxX) bounds.maxX = run.maxX;
      if (run.maxY > bounds.maxY) bounds.maxY = run.maxY;
    }
    if (!findStone || isInStone) continue;
    if (!hasRopeTilesIn(grid, world.ropeTileSums, Math.floor(run.minX), Math.floor(run.minY), Math.floor(run.maxX), Math.floor(run.maxY))) continue;
    for (let i = from; i <= to; i++) {
      if (invMass[i] !== 0 && tileAt(grid, Math.floor(x[i]), Math.floor(y[i])) === Tile.Solid) { isInStone = true; break; }
    }
  }
  return isInStone;
}

/** True when the tiles around the rope (`bounds` grown by R) hold any a particle collides with. */
function isNearTiles(world: SimWorld): boolean {
  const R = PARTICLE_RADIUS;
  return hasRopeTilesIn(world.grid, world.ropeTileSums,
    Math.floor(bounds.minX - R), Math.floor(bounds.minY - R), Math.floor(bounds.maxX + R), Math.floor(bounds.maxY + R));
}

/**
 * True when the grid points a segment's capsule can reach (`bounds` grown by CORNER_CLEARANCE)
 * hold a convex corner: else collideRopeCorners would find none (a rope on a flat floor).
 */
function isNearCorners(world: SimWorld): boolean {
  const c = CORNER_CLEARANCE;
  return hasConvexCornersIn(world.grid, world.convexCornerSums,
    Math.ceil(bounds.minX - c), Math.ceil(bounds.minY - c), Math.floor(bounds.maxX + c), Math.floor(bounds.maxY + c));
}

/**
 * Particles first..last against the tiles; measures `bounds` anew on the way (as measureRun
 * would after it: the tiles move particles, out of a wall up to a tile), each particle once the
 * pass is done with it (at the next one's turn: a particle's turn moves only that particle).
 * True if a tile moved any particle, or one was in the stone or next to an over-stretched segment
 * (false: no particle is in the stone).
 */
function collideWithTiles(world: SimWorld, first: number, last: number, isTiedBoth: boolean): boolean {
  const { particle, grid, settings } = world;
  const x = particle.x;
  const y = particle.y;
  const keepSlide = 1 - settings.ropeFriction;
  const R = PARTICLE_RADIUS;
  let minX = 0;
  let maxX = 0;
  let minY = 0;
  let maxY = 0;
  let skipUntil = first - 1;
  let hasMoved = false;
  for (let i = first; i <= last + 1; i++) {
    // Particle i - 1 is done: into the bounds, first-one-sets-both as measureRun does.
    if (i > first) {
      const px = x[i - 1];
      const py = y[i - 1];
      if (i === first + 1) { minX = px; maxX = px; minY = py; maxY = py; }
      else {
        if (px < minX) minX = px; else if (px > maxX) maxX = px;
        if (py < minY) minY = py; else if (py > maxY) maxY = py;
      }
      if (i > last) break;
    }
    // A run of RUN particles whose cells (their crosses' reach) hold no tile they collide
    // with is passed over: none of them would move.
    if (i > skipUntil && (i - first) % RUN === 0) {
      const to = i + RUN - 1 < last ? i + RUN - 1 : last;
      measureRun(world, i, to, run);
      if (!hasRopeTilesIn(grid, world.ropeTileSums, Math.floor(run.minX - R), Math.floor(run.minY - R), Math.floor(run.maxX + R), Math.floor(run.maxY + R))) skipUntil = to;
    }
    if (i <= skipUntil) continue;
    if (particle.invMass[i] === 0) continue;
    // Left to the chain: counted as touched, so the backward sweep runs (relaxRope).
    if (isTiedBoth && isOverStretched(world, first, last, i)) { hasMoved = true; continue; }
    const col = Math.floor(x[i]);
    const row = Math.floor(y[i]);

    // Inside a solid tile (moved or dragged in): leave by the side it came from.
    if (tileAt(grid, col, row) === Tile.Solid) {
      hasMoved = true; // or left to the chain (below), which the sweep is part of
      const px = particle.prevX[i];
      const py = particle.prevY[i];
      if (py <= row && tileAt(grid, col, row - 1) !== Tile.Solid) y[i] = row - R;
      else if (py >= row + 1 && tileAt(grid, col, row + 1) !== Tile.Solid) y[i] = row + 1 + R;
      else if (px <= col && tileAt(grid, col - 1, row) !== Tile.Solid) x[i] = col - R;
      else if (px >= col + 1 && tileAt(grid, col + 1, row) !== Tile.Solid) x[i] = col + 1 + R;
      // No known way in: the chain pulled it into a floor after the last collision (back up), or
      // the rope's length dragged it deep in, or it was made there: leave it to the chain, which
      // pulls it out. Rejected: always up, which pumped ropes up through thick walls a tile per
      // substep and stretched segments to 2.5x their length (tests/unit/robustness.test.ts).
      else if (tileAt(grid, col, row - 1) !== Tile.Solid && (!isTiedBoth || y[i] - row < SUNK_DEPTH)) y[i] = row - R;
      // Closed above (a wall, a pit's inner corner), a rope with a free end, which can always slide
      // off, leaves by leaveByOpenFace: a snapped rope's end pressed into a pit's wall by its crate
      // stayed 0.51 m inside (Breaking Point).
      else if (isTiedBoth || !leaveByOpenFace(world, first, last, i, col, row)) continue;
    }

    // Floor (solid, or one-way when the particle came from above it).
    const below = Math.floor(y[i] + R);
    const tBelow = tileAt(grid, Math.floor(x[i]), below);
    if (below !== Math.floor(y[i]) &&
        (tBelow === Tile.Solid || (tBelow === Tile.OneWay && particle.prevY[i] + R <= below + 1e-9))) {
      hasMoved = true;
      y[i] = below - R;
      particle.prevY[i] = y[i];
      // Friction: keep only part of the slide; slow slides stop outright (static friction).
      const slide = x[i] - particle.prevX[i];
      particle.prevX[i] = Math.abs(slide) < 1e-4 ? x[i] : x[i] - slide * keepSlide;
    }
    // Ceiling.
    const above = Math.floor(y[i] - R);
    if (above !== Math.floor(y[i]) && tileAt(grid, Math.floor(x[i]), above) === Tile.Solid) {
      hasMoved = true;
      y[i] = above + 1 + R;
      if (particle.prevY[i] > y[i]) particle.prevY[i] = y[i];
    }
    // Walls.
    const rightCol = Math.floor(x[i] + R);
    if (rightCol !== Math.floor(x[i]) && tileAt(grid, rightCol, Math.floor(y[i])) === Tile.Solid) {
      hasMoved = true;
      x[i] = rightCol - R;
      particle.prevX[i] = x[i];
    }
    const leftCol = Math.floor(x[i] - R);
    if (leftCol !== Math.floor(x[i]) && tileAt(grid, leftCol, Math.floor(y[i])) === Tile.Solid) {
      hasMoved = true;
      x[i] = leftCol + 1 + R;
      particle.prevX[i] = x[i];
    }
  }
  bounds.minX = minX;
  bounds.minY = minY;
  bounds.maxX = maxX;
  bounds.maxY = maxY;
  return hasMoved;
}

/**
 * Particles against boxes: a particle inside a box (grown by the particle radius) leaves by the
 * nearest face, the correction split by inverse mass (a box barely feels a rope lying on it).
 * Against a box the rope is tied to, the particles within measureTiedExempt's arc of the tie (along the
 * rope) are left alone; the rest collide like any other rope's.
 * A taut light rope (isCarriedMassless) leaves other boxes alone. Its particles are solved
 * massless, put back between its ends every substep, so a push they gave a crate in the way came
 * back the next substep from nothing, and the chain, bent round the crate, tugged at the rope's
 * own box in step with its swing: a crate on a 3.7 m rope let go beside a crate on a 1.7 m rope
 * swept its rope through it, and the two gained 340 J in eight ticks, the crate in the way thrown
 * 0.6 m up, its rope slack (issue 14, "no energy from nowhere"; tests/unit/ropeEnergy.test.ts).
 * Now the rope passes through the crate until it slackens. What a real rope does there, bend round
 * the crate and push it with what the load it carries gives, is not modelled (wrapping round
 * boxes, as round tile corners). Tried and not kept: the particles leaving the crate without
 * pushing it (the chain's tug stayed: +53 J), and the chain of a taut light rope no longer pulling
 * its own box (a crate whose rope snapped at its first tick was then kicked up at 5.7 m/s by the
 * snapped half).
 */
function collideRopeWithBoxes(world: SimWorld, r: number): boolean {
  const { particle, rope, body } = world;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const tieA = rope.bodyA[r];
  const tieB = rope.bodyB[r];
  const isTiedBoth = tieA !== 0 && tieB !== 0;
  const R = PARTICLE_RADIUS;
  const rest = particle.rest;
  const boxes = world.queries.boxes.dense;
  let carried = -1; // isCarriedMassless(world, r), found when a particle first meets another box (-1: not yet)
  let hasMoved = false;
  for (let k = 0; k < boxes.length; k++) {
    const b = boxes[k];
    const bx = body.x[b];
    const by = body.y[b];
    const c = body.rotC[b];
    const s = body.rotS[b];
    const hw = body.halfW[b] + R;
    const hh = body.halfH[b] + R;
    const reach = hw + hh; // cheap bounding test first
    if (bx + reach < bounds.minX || bx - reach > bounds.maxX || by + reach < bounds.minY || by - reach > bounds.maxY) continue;
    // Arc lengths from each end within which a particle is left alone (-1: that end is not tied here).
    measureTiedExempt(world, r, b, 0, isTiedBoth);
    measureTiedExempt(world, r, b, 1, isTiedBoth);
    const exemptA = exempt.a;
    const exemptB = exempt.b;
    let total = 0;
    if (exemptB >= 0) for (let i = first; i < last; i++) total += rest[i];
    const isOwn = exemptA >= 0 || exemptB >= 0;
    let fromA = 0; // rope from end A to particle i, m
    for (let i = first; i <= last; i++) {
      if (i > first) fromA += rest[i - 1];
      const w = particle.invMass[i];
      if (w === 0) continue;
      if (fromA <= exemptA || (exemptB >= 0 && total - fromA <= exemptB)) continue;
      const dx = particle.x[i] - bx;
      const dy = particle.y[i] - by;
      if (dx > reach || dx < -reach || dy > reach || dy < -reach) continue;
      const lu = dx * c + dy * s;
      const lv = -dx * s + dy * c;
      const pu = hw - Math.abs(lu);
      const pv = hh - Math.abs(lv);
      if (pu <= 0 || pv <= 0) continue;
      // As against tiles, length wins: a particle next to an over-stretched segment, or one already
      // deep inside at the start of the substep (dragged in: a taut tether skips collision), is left
      // to the chain. Rejected: the nearest face for every particle, which split a rope cutting
      // through a box across two faces and stretched a segment to 1.7x its length. Not against its
      // own box: beyond measureTiedExempt's arc a particle belongs outside, and one the box turned onto (a
      // spinning crate, a crate rolling onto its rope on the floor) stayed 0.16 m inside, since a
      // slack rope's chain never pulled it out.
      if (isTiedBoth && isOverStretched(world, first, last, i)) continue;
      if (!isOwn) {
        if (carried < 0) carried = isCarriedMassless(world, r) ? 1 : 0;
        if (carried === 1) continue;
      }
      const qx = particle.prevX[i] - body.prevX[b];
      const qy = particle.prevY[i] - body.prevY[b];
      const qc = body.prevRotC[b];
      const qs = body.prevRotS[b];
      if (!isOwn && hw - Math.abs(qx * qc + qy * qs) > R && hh - Math.abs(-qx * qs + qy * qc) > R) continue;
      let nx: number;
      let ny: number;
      let depth: number;
      if (pu < pv) { const g = lu < 0 ? -1 : 1; nx = c * g; ny = s * g; depth = pu; }
      else { const g = lv < 0 ? -1 : 1; nx = -s * g; ny = c * g; depth = pv; }
      // Its own rope under a crate on the floor cannot slip out (the tie holds it), and pushed into
      // the stone it came back up each substep, the chain dragging the crate: a plug resting on its
      // snapped rope crept 4 cm/s. There the stone wins: the crate rests on the stone (box contacts
      // do not know ropes) and the rope lies in its skin; pushed down, the particle goes only as far
      // as it rests on the floor, where the tiles leave it. Rejected: out by the other face, and
      // halving the push until it clears the stone: the crate crept just the same (3.8 cm/s).
      if (isOwn) {
        stoneProbe.nx = nx;
        stoneProbe.ny = ny;
        stoneProbe.depth = depth;
        if (isIntoStone(world, i)) {
          if (ny < 0.7) continue;
          const restY = Math.floor(particle.y[i] + ny * depth + R) - R;
          depth = (restY - particle.y[i]) / ny;
          stoneProbe.depth = depth;
          if (depth <= 0 || isIntoStone(world, i)) continue;
        }
      }
      // Contact point on the box surface, relative to its centre.
      point.rx = dx - nx * R;
      point.ry = dy - ny * R;
      point.nx = nx;
      point.ny = ny;
      invMassAt(world, b, point);
      const wb = point.w;
      const q = depth / (w + wb);
      hasMoved = true;
      particle.x[i] += nx * q * w;
      particle.y[i] += ny * q * w;
      if (wb > 0) {
        point.nx = -nx * q;
        point.ny = -ny * q;
        pushBody(world, b, point);
      }
    }
  }
  return hasMoved;
}

/** The ends' places, for isCarriedMassless (module scratch). */
const endAt: EndPosition = { x: 0, y: 0 };

/**
 * True if rope r is a light rope tied at both ends, straight between them (no tile corner bends
 * it) and within TAUT_SLACK of its length: its end-to-end constraint carries the load
 * (ropeLength.ts) and its particles only give it its shape.
 */
function isCarriedMassless(world: SimWorld, r: number): boolean {
  const { rope } = world;
  if (rope.bodyA[r] === 0 || rope.bodyB[r] === 0 || world.wrap.count[r] > 0 || isHeavyRope(world, r)) return false;
  endPosition(world, r, 0, endAt);
  const ax = endAt.x;
  const ay = endAt.y;
  endPosition(world, r, 1, endAt);
  const dx = endAt.x - ax;
  const dy = endAt.y - ay;
  const taut = rope.length[r] - TAUT_SLACK;
  return dx * dx + dy * dy >= taut * taut;
}

/**
 * How far along rope r from its tie on box b (end `side`) its particles may lie inside the box
 * (-1: that end is not tied to b), into `exempt` (a for end A, b for end B). For a tie at (lx, ly)
 * on a box of half sizes halfW x halfH (box frame, m): beyond the tie's distance from the farthest
 * corner of the box (grown by the particle radius) a particle can be outside whichever way the rope
 * leaves, so pushing it out never fights the tie: that is the bound for a tie inside the box (a
 * centre tie: the rope runs through the crate by design, and the box turns under it) and for any
 * rope tied at both ends. There the end-to-end length is a straight line to the tie, shorter than a
 * rope wrapped round its crate, and the particles nearer the tie, held outside, fought the chain
 * every substep: a crate spun on its rope gained up to 876 J (the last throw in
 * tests/unit/ropeOwnBox.test.ts). A rope with a free end (a snapped half) gives way, so only what
 * cannot leave the grown box at all, the particles closer to a tie on the surface than its nearest
 * grown face, is exempt.
 * Integers cross the call and the arc comes back in `exempt`: in Chromium, once the page had run
 * every level, collideRopeWithBoxes no longer inlined the helper that took the four numbers and
 * returned the arc, and boxed them: ~1 kB a tick on Spike Run and the finale (npm run budgets'
 * alloc; Node inlined it).
 */
function measureTiedExempt(world: SimWorld, r: number, b: number, side: number, isTiedBoth: boolean): void {
  const { rope, body } = world;
  const tie = side === 0 ? rope.bodyA[r] : rope.bodyB[r];
  let arc = -1;
  if (b === tie) {
    const R = PARTICLE_RADIUS;
    const halfW = body.halfW[b];
    const halfH = body.halfH[b];
    const lx = side === 0 ? rope.localAX[r] : rope.localBX[r];
    const ly = side === 0 ? rope.localAY[r] : rope.localBY[r];
    const depth = Math.min(halfW - Math.abs(lx), halfH - Math.abs(ly));
    if (depth <= R && !isTiedBoth) {
      arc = depth + R;
    } else {
      const du = halfW + R + Math.abs(lx);
      const dv = halfH + R + Math.abs(ly);
      arc = Math.sqrt(du * du + dv * dv);
    }
  }
  if (side === 0) exempt.a = arc;
  else exempt.b = arc;
}

/** measureTiedExempt's arcs for ends A and B, m (module scratch). */
const exempt = { a: -1, b: -1 };

/** A move for isIntoStone: `depth` along (nx, ny), m (module scratch: no double crosses a call). */
const stoneProbe = { nx: 0, ny: 0, depth: 0 };

/** True if moving particle i by stoneProbe ends in a solid tile. */
function isIntoStone(world: SimWorld, i: number): boolean {
  const x = world.particle.x[i] + stoneProbe.nx * stoneProbe.depth;
  const y = world.particle.y[i] + stoneProbe.ny * stoneProbe.depth;
  return tileAt(world.grid, Math.floor(x), Math.floor(y)) === Tile.Solid;
}

/** The face leaveByOpenFace chose: along x or y (or past a corner to (toX, to)), the coordinate the particle moves to, and how deep it was, m. */
const face = { isX: false, isCorner: false, to: 0, toX: 0, depth: 0, cost: 0 };

/**
 * The face of solid cell (col, row), with open air beyond it, by which particle i inside it leaves:
 * the one that stretches its segments least past their rest lengths (the side its neighbours are
 * on: a rope falling onto a one-tile post leaves it upwards, not by the nearer side face, which
 * stretched a segment across the post's corner 47 %), then the nearest (into `face`), and moves the
 * particle out by it; false, and nothing moved, when all four neighbours and the diagonal ones are solid.
 */
function leaveByOpenFace(world: SimWorld, first: number, last: number, i: number, col: number, row: number): boolean {
  const { grid, particle } = world;
  const R = PARTICLE_RADIUS;
  const x = particle.x[i];
  const y = particle.y[i];
  face.depth = Infinity;
  face.cost = Infinity;
  face.isCorner = false;
  if (tileAt(grid, col, row - 1) !== Tile.Solid) {
    faceMove.x = x; faceMove.y = row - R; faceMove.depth = y - row;
    tryFace(world, first, last, i, false);
  }
  if (tileAt(grid, col, row + 1) !== Tile.Solid) {
    faceMove.x = x; faceMove.y = row + 1 + R; faceMove.depth = row + 1 - y;
    tryFace(world, first, last, i, false);
  }
  if (tileAt(grid, col - 1, row) !== Tile.Solid) {
    faceMove.x = col - R; faceMove.y = y; faceMove.depth = x - col;
    tryFace(world, first, last, i, true);
  }
  if (tileAt(grid, col + 1, row) !== Tile.Solid) {
    faceMove.x = col + 1 + R; faceMove.y = y; faceMove.depth = col + 1 - x;
    tryFace(world, first, last, i, true);
  }
  // A cell whose four neighbours are solid (the inner corner of a pit's floor and wall): out past
  // the corner it shares with an open diagonal neighbour (a snapped rope's particle, pressed into
  // that corner by its crate, stayed up to 0.55 m inside: Breaking Point).
  if (face.depth === Infinity) {
    for (let dr = -1; dr <= 1; dr += 2) {
      for (let dc = -1; dc <= 1; dc += 2) {
        if (tileAt(grid, col + dc, row + dr) === Tile.Solid) continue;
        const cx = dc < 0 ? col : col + 1;
        const cy = dr < 0 ? row : row + 1;
        faceMove.x = cx + dc * R;
        faceMove.y = cy + dr * R;
        faceMove.depth = Math.sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy));
        // Kept in `face` if isBetterMove (written out, not a helper: a call this rare stays in V8's
        // interpreter, which boxes each coordinate it copies, 32 B a call, Breaking Point).
        if (!isBetterMove(world, first, last, i)) continue;
        face.isX = false;
        face.isCorner = true;
        face.to = faceMove.y;
        face.toX = faceMove.x;
      }
    }
  }
  if (face.depth === Infinity) return false;
  // Out by the chosen face, its previous position alike (no speed from the push). Here, not in a
  // helper of its own: a call this rare (a few a replay) stays in V8's interpreter, which boxes
  // every double it computes (32-80 B a call, Mine Shaft and Breaking Point).
  if (face.isX || face.isCorner) {
    const to = face.isCorner ? face.toX : face.to;
    particle.prevX[i] += to - particle.x[i];
    particle.x[i] = to;
  }
  if (!face.isX) {
    particle.prevY[i] += face.to - particle.y[i];
    particle.y[i] = face.to;
  }
  return true;
}

/**
 * A move leaveByOpenFace weighs for its particle: to (x, y), `depth` away, m. Module scratch, an instance
 * of its own class (playerBox.ts's AxisRect says why): fractional numbers passed to or returned
 * from a call V8 does not inline are heap allocations (tick-cost found them here).
 */
class FaceMove {
  x = 0;
  y = 0;
  depth = 0;
}
const faceMove = new FaceMove();

/**
 * Particle i moved as faceMove says: true (and the cost and depth kept in `face`) if that stretches
 * its segments less than the best move so far, or as much and is nearer. The cost is what each of
 * its two segments would be longer than its rest length.
 */
function isBetterMove(world: SimWorld, first: number, last: number, i: number): boolean {
  const { particle } = world;
  const x = faceMove.x;
  const y = faceMove.y;
  const depth = faceMove.depth;
  let cost = 0;
  if (i > first) {
    const dx = particle.x[i - 1] - x;
    const dy = particle.y[i - 1] - y;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d > particle.rest[i - 1]) cost += d - particle.rest[i - 1];
  }
  if (i < last) {
    const dx = particle.x[i + 1] - x;
    const dy = particle.y[i + 1] - y;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d > particle.rest[i]) cost += d - particle.rest[i];
  }
  if (cost > face.cost || (cost === face.cost && depth >= face.depth)) return false;
  face.cost = cost;
  face.depth = depth;
  return true;
}

/** Particle i moved along x (or y) to faceMove's (x, y): kept in `face` if isBetterMove. */
function tryFace(world: SimWorld, first: number, last: number, i: number, isX: boolean): void {
  if (!isBetterMove(world, first, last, i)) return;
  face.isX = isX;
  face.isCorner = false;
  face.to = isX ? faceMove.x : faceMove.y;
}

function isOverStretched(world: SimWorld, first: number, last: number, i: number): boolean {
  const { particle } = world;
  const x = particle.x;
  const y = particle.y;
  if (i > first) {
    const limit = particle.rest[i - 1] * (1 + SNAG_STRETCH);
    const ax = x[i] - x[i - 1];
    const ay = y[i] - y[i - 1];
    if (ax * ax + ay * ay > limit * limit) return true;
  }
  if (i < last) {
    const limit = particle.rest[i] * (1 + SNAG_STRETCH);
    const bx = x[i + 1] - x[i];
    const by = y[i + 1] - y[i];
    if (bx * bx + by * by > limit * limit) return true;
  }
  return false;
}
