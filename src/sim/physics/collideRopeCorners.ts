// Rope segments against the outer corners of the solid tiles. Particles collide as small crosses
// (collideRope.ts), so two particles either side of a corner, both clear of the stone, can still
// be joined by a segment that cuts through it (a slack rope draped over a ledge, a whipped free end).
// Each segment is a thin capsule (the caller's clearance): an outer corner inside it pushes the segment
// out along the segment's normal, towards the open side of the corner, the push shared by the two
// particles by where along the segment the corner is (a capsule against a point). A taut rope
// lies on its path through its pivots and skips particle collision, but not this after its sweep
// (collideRopeAfterSweep), except at its own pivots.

import { MAX_WRAPS } from '../ropeComponents';
import { RUN, measureRun, type Bounds } from './ropeBounds';
import { Tile, countConvexCornersIn, hasConvexCornersIn, tileAt } from '../tileGrid';
import type { ParticleComponent } from '../ropeComponents';
import type { SimWorld } from '../worldState';

/** The bounds of the run of segments being tested, m (module scratch). */
const run: Bounds = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
/** A push deeper than this is no corner grazed but a segment dragged across stone: left to the chain, m. */
const MAX_PUSH = 0.5;
/** Most a particle moves for one corner, m. Next to a pinned particle the other takes the push
 *  magnified by the lever (1/t); unbounded, a corner near a tie point threw it far and stretched
 *  the segment 67 % (the property test on level 3). */
const MAX_MOVE = 0.12;
/**
 * Most a corner's push may stretch a segment it moves, as a multiple of its rest length (or 2 %
 * more than it was, if longer: PUSH_REGROW2): a quarter over, half the invariant's bound. Without a bound the lever next to a
 * tie point stretched the segment before it 53 % (the long fuzz, Swing Yard); bounded at the 5 %
 * of SNAG_STRETCH the pass no longer cleared the corners a slack tether kinks round (the long fuzz:
 * 12 runs of 200 with a rope in the stone, from 5).
 */
const PUSH_STRETCH = 1.25;
/**
 * A segment already past PUSH_STRETCH may still grow by this factor, squared, in a push: a push
 * along its normal turns it and so lengthens it a little (to second order), and with no growth
 * allowed at all a kink across a corner that was already long was never pushed off it (the long
 * fuzz, Over the Pits: a segment 35 % over, 17.4 cm into a block's corner).
 */
const PUSH_REGROW2 = 1.02 * 1.02;

/**
 * Pushes the segments of particles first..last out of the outer tile corners they cut or come
 * within `radius` of. Segments with a particle inside a tile are left to the particles' own
 * collision; `skipOverStretched` (a rope tied at both ends, without physics.ropeWrap) leaves a
 * segment stretched beyond `maxStretch` to the chain, so the rope's length wins and it does not
 * snag. The pivots of rope `tautRope` (-1: none) are left alone: a taut rope's segment across its own pivot cuts it by
 * design (the rope runs through the pivot, its particles on the path either side), and pushed out
 * it would be pulled back onto the path next substep. True if it moved any particle (the caller's
 * bounding box of the rope then no longer holds).
 */
export function collideRopeCorners(
  world: SimWorld, r: number, first: number, last: number, radius: number, skipOverStretched: boolean, maxStretch: number,
  tautRope = -1,
): boolean {
  const { particle, grid, wrap } = world;
  // A rope that bends round corners (physics.ropeWrap) holds its length along its bent path, so a
  // segment stretched across a corner is a kink that slack put there (a particle dropped down a
  // block's face next to the corner the rope runs over, its neighbours on the top), not the
  // rope's length pulling it off: left to the chain it stayed cutting the corner, up to 19 cm
  // (the long fuzz, Pendulum Hall, Over the Pits). Its push is bounded instead (PUSH_STRETCH).
  const isSkippingStretched = skipOverStretched && !world.settings.ropeWrap;
  const ropeFirst = world.rope.first[r];
  const ropeLast = ropeFirst + world.rope.count[r] - 1;
  const x = particle.x;
  const y = particle.y;
  const invMass = particle.invMass;
  const keepSlide = 1 - world.settings.ropeFriction;
  const corners = world.convexCornerSums;
  let hasMoved = false;
  for (let i = first; i < last; i++) {
    // A run of RUN segments whose particles' bounds (grown by the capsule's radius) hold no
    // convex corner is skipped whole: none of its segments meets one, so none moves a particle
    // and the next is tested where it was. Most runs of a long rope are far from every corner:
    // this bounds test is cheaper than each segment's own. The bounds are taken when the run is
    // reached, after the pushes before it.
    if ((i - first) % RUN === 0) {
      const end = i + RUN < last ? i + RUN : last;
      measureRun(world, i, end, run);
      const gx0 = Math.ceil(run.minX - radius);
      const gy0 = Math.ceil(run.minY - radius);
      const gx1 = Math.floor(run.maxX + radius);
      const gy1 = Math.floor(run.maxY + radius);
      // A taut rope's own pivots are passed over below (its segments across them cut them by
      // design), so a run near no corner but those is skipped too: the pivot a taut rope bends
      // round is inside the bounds of the run that bends there, every substep.
      const near = countConvexCornersIn(grid, corners, gx0, gy0, gx1, gy1);
      if (near === 0 || (tautRope >= 0 && near === countPivotsIn(world, tautRope, gx0, gy0, gx1, gy1))) {
        i = end - 1;
        continue;
      }
    }
    const wa = invMass[i];
    const wb = invMass[i + 1];
    if (wa + wb === 0) continue;
    const ax = x[i];
    const ay = y[i];
    const bx = x[i + 1];
    const by = y[i + 1];
    // The grid points the capsule covers; most segments cover none.
    const c0 = Math.ceil((ax < bx ? ax : bx) - radius);
    const c1 = Math.floor((ax > bx ? ax : bx) + radius);
    if (c0 > c1) continue;
    const r0 = Math.ceil((ay < by ? ay : by) - radius);
    const r1 = Math.floor((ay > by ? ay : by) + radius);
    if (r0 > r1) continue;
    if (!hasConvexCornersIn(grid, corners, c0, r0, c1, r1)) continue; // an outer corner is a convex one
    if (tileAt(grid, Math.floor(ax), Math.floor(ay)) === Tile.Solid || tileAt(grid, Math.floor(bx), Math.floor(by)) === Tile.Solid) continue;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    if (len2 < 1e-12) continue;
    if (isSkippingStretched) {
      const limit = particle.rest[i] * maxStretch;
      if (len2 > limit * limit) continue;
    }
    for (let gy = r0; gy <= r1; gy++) {
      for (let gx = c0; gx <= c1; gx++) {
        // An outer corner has one solid cell of its four; the open side is away from it.
        const tl = tileAt(grid, gx - 1, gy - 1) === Tile.Solid ? 1 : 0;
        const tr = tileAt(grid, gx, gy - 1) === Tile.Solid ? 1 : 0;
        const bl = tileAt(grid, gx - 1, gy) === Tile.Solid ? 1 : 0;
        const br = tileAt(grid, gx, gy) === Tile.Solid ? 1 : 0;
        if (tl + tr + bl + br !== 1) continue; // none, a face, an inner corner, or two cells on a diagonal
        const openX = tl + bl - tr - br;
        const openY = tl + tr - bl - br;
        const t = ((gx - ax) * dx + (gy - ay) * dy) / len2;
        if (t <= 0 || t >= 1) continue; // at an end: the particle's own collision
        // The segment's normal on the corner's open side, and how far short of `radius` the
        // segment's nearest point is from the corner along it.
        const len = Math.sqrt(len2);
        let nx = -dy / len;
        let ny = dx / len;
        const facing = nx * openX + ny * openY;
        if (facing === 0) continue;
        if (facing < 0) { nx = -nx; ny = -ny; }
        const push = radius - ((ax + t * dx - gx) * nx + (ay + t * dy - gy) * ny);
        if (push <= 0 || push > MAX_PUSH) continue;
        if (tautRope >= 0) {
          // Is (gx, gy) one of the taut rope's pivots? Written out, not a helper: a call this rare
          // (a taut rope's push near its own pivot, a few a replay) stays in V8's interpreter, which
          // boxes each pivot coordinate it reads from the Float64Arrays (32 B a call, Mine Shaft).
          let isPivot = false;
          const base = tautRope * MAX_WRAPS;
          const end = base + wrap.count[tautRope];
          for (let k = base; k < end; k++) if (wrap.x[k] === gx && wrap.y[k] === gy) isPivot = true;
          if (isPivot) continue;
        }
        // Move the segment's point at t by `push`, shared as for a point on a lever.
        const s = 1 - t;
        let lambda = push / (s * s * wa + t * t * wb);
        const most = (s * wa > t * wb ? s * wa : t * wb) * lambda;
        if (most > MAX_MOVE) lambda *= MAX_MOVE / most;
        // Nor does the push stretch a segment it moves (this one, the one before, the one after)
        // past PUSH_STRETCH of its rest length, or 2 % past what it was. Next to a tie point the push
        // is the lever's, up to MAX_MOVE on a 0.22 m segment; the long fuzz saw 53 % (Swing Yard,
        // a crate's tie point on a corner, pushed the same way every substep) and 78 % (Knock-On).
        const moveA = lambda * s * wa;
        const moveB = lambda * t * wb;
        step.k = 1;
        step.ex = bx - ax; step.ey = by - ay; step.dx = nx * (moveB - moveA); step.dy = ny * (moveB - moveA);
        step.most = particle.rest[i] * PUSH_STRETCH;
        limitStep();
        if (i > ropeFirst && wa > 0) {
          step.ex = ax - x[i - 1]; step.ey = ay - y[i - 1]; step.dx = nx * moveA; step.dy = ny * moveA;
          step.most = particle.rest[i - 1] * PUSH_STRETCH;
          limitStep();
        }
        if (i + 1 < ropeLast && wb > 0) {
          step.ex = bx - x[i + 2]; step.ey = by - y[i + 2]; step.dx = nx * moveB; step.dy = ny * moveB;
          step.most = particle.rest[i + 1] * PUSH_STRETCH;
          limitStep();
        }
        if (step.k <= 0) continue;
        hasMoved = true;
        x[i] += nx * moveA * step.k;
        y[i] += ny * moveA * step.k;
        x[i + 1] += nx * moveB * step.k;
        y[i + 1] += ny * moveB * step.k;
        // An inelastic contact with friction, as a floor is (collideRope.ts): no speed left into the
        // corner, part of the slide along the segment kept, a slow one stopped. (Their effect alone
        // was not measured apart: the rope over a ledge settled once the clearance was small.)
        // A second corner under the same segment (rare) is tested against its ends before this push.
        cornerContact.nx = nx;
        cornerContact.ny = ny;
        cornerContact.keep = keepSlide;
        if (wa > 0) rub(particle, i);
        if (wb > 0) rub(particle, i + 1);
      }
    }
  }
  return hasMoved;
}

/**
 * The share of a corner's push that is made, 0..1, and the segment limitStep tests: its far end is
 * (ex, ey) from its near end, the push changes that by (dx, dy), and it may be `most` long (module
 * scratch: doubles passed to a call V8 does not inline are boxed, an allocation each).
 */
const step = { k: 1, ex: 0, ey: 0, dx: 0, dy: 0, most: 0 };

/**
 * Lowers step.k so that the segment in `step` is no longer than step.most (or than 2 % longer
 * than it is, if that is longer) after k of the push: the largest k with |e + k d| <= most, from
 * the quadratic in k.
 */
function limitStep(): void {
  const { ex, ey, dx, dy, most } = step;
  const d2 = dx * dx + dy * dy;
  if (d2 === 0) return;
  const ed = ex * dx + ey * dy;
  const e2 = ex * ex + ey * ey;
  const m2 = most * most > e2 * PUSH_REGROW2 ? most * most : e2 * PUSH_REGROW2;
  const k = step.k;
  if (e2 + k * (2 * ed + k * d2) <= m2) return;
  const root = (-ed + Math.sqrt(ed * ed + d2 * (m2 - e2))) / d2;
  step.k = root < k ? (root > 0 ? root : 0) : k;
}

/** How many distinct grid points in columns gx0..gx1 and rows gy0..gy1 are pivots of rope r. */
function countPivotsIn(world: SimWorld, r: number, gx0: number, gy0: number, gx1: number, gy1: number): number {
  const { wrap } = world;
  const base = r * MAX_WRAPS;
  const end = base + wrap.count[r];
  let n = 0;
  for (let k = base; k < end; k++) {
    const px = wrap.x[k];
    const py = wrap.y[k];
    if (px < gx0 || px > gx1 || py < gy0 || py > gy1) continue;
    let isRepeat = false;
    for (let j = base; j < k; j++) if (wrap.x[j] === px && wrap.y[j] === py) isRepeat = true;
    if (!isRepeat) n++;
  }
  return n;
}

/**
 * A corner's push for rub: its unit normal and the share of a slide kept (module scratch: V8 boxes
 * a double passed to a call it does not inline, an allocation per call).
 */
const cornerContact = { nx: 0, ny: 0, keep: 0 };

/**
 * Particle i touching a corner whose push points along the unit normal in cornerContact: its speed
 * into the corner is removed and its slide along the tangent kept by cornerContact.keep, or
 * stopped when slow.
 */
function rub(particle: ParticleComponent, i: number): void {
  const nx = cornerContact.nx;
  const ny = cornerContact.ny;
  const keep = cornerContact.keep;
  const vx = particle.x[i] - particle.prevX[i];
  const vy = particle.y[i] - particle.prevY[i];
  const into = vx * nx + vy * ny;
  if (into < 0) {
    particle.prevX[i] += nx * into;
    particle.prevY[i] += ny * into;
  }
  const slide = vx * ny - vy * nx; // along (ny, -nx)
  const cut = Math.abs(slide) < 1e-4 ? slide : slide * (1 - keep);
  particle.prevX[i] += ny * cut;
  particle.prevY[i] -= nx * cut;
}
