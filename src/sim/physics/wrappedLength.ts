// The end-to-end constraint of a rope bent around tile corners (ropeWraps.ts): the length of the
// path A -> pivots -> B is at most the rope's length. The pivots are fixed, so only the two end
// spans move: each end is pulled towards its nearest pivot, and a rope over a ledge is a pulley.
// Friction between rope and stone (settings.edgeFriction, mu) follows the capstan equation:
// the rope sticks to its corners while the tensions of the two end spans are within a factor
// e^(mu theta) of each other (theta: the angle the rope turns through over all its pivots), and
// slides, with exactly that ratio, beyond it. Without friction the two spans pull alike.
// As in ropeLength.ts the correction is made along the directions the end spans had at the start
// of the substep, repeated until the length holds (SHAKE, to 1e-10 of it), so a swing around a
// corner keeps its energy; an end a wall stopped leaves the rest to the other end.

import { createBodyPoint, invMassAt, pushBody } from './bodyPoint';
import { endPosition, endPrevArm, endPrevPosition, type EndPosition } from './ropeEnds';
import { MAX_WRAPS } from '../ropeComponents';
import { createMathArgs, setAngleOf, setExpPositive } from '../math';
import type { SimWorld } from '../worldState';

const end: EndPosition = { x: 0, y: 0 };
const point = createBodyPoint();
/** The two end spans now: lengths, m; and the pivots they end at (measureSpans reads these). */
const spans = { a: 0, b: 0, firstX: 0, firstY: 0, lastX: 0, lastY: 0 };
/** A push for push(): along (nx, ny) by p, kg m. Numbers go through here, not as arguments,
 *  which V8 would box (a heap allocation per call). */
const shove = { nx: 0, ny: 0, p: 0 };
/** Out value of capstanRatio. */
const capstan = { ratio: 1 };

/** Most passes of the correction (two reach AT_LENGTH on most substeps). */
const PASSES = 4;
/** The path is at its length within this share of it (0.6 nm on a 6 m tether; the next substep
 *  starts from there). */
const AT_LENGTH = 1e-10;

/**
 * Solves wrapped rope `r`'s length for one substep and adds the impulse it carried to
 * `rope.impulse`. For the tether, leaves its path length before the correction in
 * world.substep.tetherDistance, m.
 */
export function solveWrappedLength(world: SimWorld, r: number): void {
  const { rope, wrap, settings } = world;
  const h = world.substep.h;
  const eA = rope.bodyA[r];
  const eB = rope.bodyB[r];
  const base = r * MAX_WRAPS;
  const count = wrap.count[r];
  const firstX = wrap.x[base];
  const firstY = wrap.y[base];
  const lastX = wrap.x[base + count - 1];
  const lastY = wrap.y[base + count - 1];
  spans.firstX = firstX;
  spans.firstY = firstY;
  spans.lastX = lastX;
  spans.lastY = lastY;
  let interior = 0;
  for (let k = base + 1; k < base + count; k++) {
    const dx = wrap.x[k] - wrap.x[k - 1];
    const dy = wrap.y[k] - wrap.y[k - 1];
    interior += Math.sqrt(dx * dx + dy * dy);
  }
  const length = rope.length[r];
  measureSpans(world, r);
  const total = spans.a + interior + spans.b;
  if (r === world.tetherRope) world.substep.tetherDistance = total;
  const mu = settings.edgeFriction;
  const room = length - interior; // rope left for the two end spans
  if (total <= length) {
    // Slack: the rope stays where it sits on its corners unless an end pulls its side out (then
    // it slides over them). Sharing the slack out afresh each substep moved the particles' spans
    // under them: a new corner then threw particles across it (59 % stretch, properties.test).
    if (wrap.spanA[r] < spans.a) wrap.spanA[r] = spans.a;
    if (room - wrap.spanA[r] < spans.b) wrap.spanA[r] = room - spans.b;
    return;
  }

  // Directions of the end spans at the start of the substep (towards their pivots), and what each
  // end weighs along them.
  endPrevPosition(world, r, 0, end);
  let ux = firstX - end.x;
  let uy = firstY - end.y;
  let d = Math.sqrt(ux * ux + uy * uy);
  if (d < 1e-12) return;
  ux /= d;
  uy /= d;
  endPrevPosition(world, r, 1, end);
  let vx = lastX - end.x;
  let vy = lastY - end.y;
  d = Math.sqrt(vx * vx + vy * vy);
  if (d < 1e-12) return;
  vx /= d;
  vy /= d;
  point.nx = ux;
  point.ny = uy;
  endPrevArm(world, r, 0, point);
  invMassAt(world, eA, point);
  let wa = point.w;
  point.nx = vx;
  point.ny = vy;
  endPrevArm(world, r, 1, point);
  invMassAt(world, eB, point);
  let wb = point.w;
  if (wa + wb === 0) return;

  // Share of the correction each side takes per unit: 1 and 1 without friction.
  let ka = 1;
  let kb = 1;
  if (mu > 0) {
    const stickA = spans.a - wrap.spanA[r];
    const stickB = spans.b - (room - wrap.spanA[r]);
    const pa = stickA > 0 && wa > 0 ? stickA / wa : 0;
    const pb = stickB > 0 && wb > 0 ? stickB / wb : 0;
    measureCapstan(world, r);
    const ratio = capstan.ratio;
    // An end held still (an anchor, an anchored player) can hold any tension: the rope sticks.
    const isStuck = wa === 0 || wb === 0 || (pa <= ratio * pb && pb <= ratio * pa);
    if (isStuck) {
      if (pa > 0) { shove.nx = ux; shove.ny = uy; shove.p = pa; push(world, r, 0, eA); }
      if (pb > 0) { shove.nx = vx; shove.ny = vy; shove.p = pb; push(world, r, 1, eB); }
      rope.impulse[r] += (pa > pb ? pa : pb) / h;
      return;
    }
    // Slipping towards the side that pulls harder, with the capstan's ratio of tensions.
    if (pa > pb) ka = ratio;
    else kb = ratio;
  }

  // How much the path shortens per unit of p: at first as if each end moved its whole share along
  // its span; after a pass, what that pass made (a secant step). A player on a floor pulled down and
  // sideways moves only sideways: taken as a whole share every pass, the passes closed in on the
  // length by a fixed factor (~0.15 a pass on Haul Away), and most substeps of a rope over a ledge
  // used all four; now 2.1 on average there (tick cost ~3 % less).
  let rate = ka * wa + kb * wb;
  let c = spans.a + interior + spans.b - length;
  for (let pass = 0; pass < PASSES; pass++) {
    if (c <= AT_LENGTH * length) break;
    const p = c / rate;
    if (!(p > 0)) break;
    const beforeA = spans.a;
    const beforeB = spans.b;
    if (wa > 0) { shove.nx = ux; shove.ny = uy; shove.p = ka * p; push(world, r, 0, eA); }
    if (wb > 0) { shove.nx = vx; shove.ny = vy; shove.p = kb * p; push(world, r, 1, eB); }
    rope.impulse[r] += (ka > kb ? ka : kb) * p / h;
    measureSpans(world, r);
    const left = spans.a + interior + spans.b - length;
    const whole = ka * wa + kb * wb;
    rate = (c - left) / p;
    c = left;
    // A wall stopped an end (it moved under half its share): the other end takes what is left.
    if (wa > 0 && wb > 0) {
      if (beforeA - spans.a < 0.5 * ka * p * wa) { wa = 0; rate = kb * wb; }
      else if (beforeB - spans.b < 0.5 * kb * p * wb) { wb = 0; rate = ka * wa; }
    }
    // A pass that made little (under a quarter of the whole share) is no rate to go on.
    if (!(rate >= 0.25 * whole)) rate = ka * wa + kb * wb;
  }
  wrap.spanA[r] = spans.a;
}

/** Pushes end `side`'s body by positional impulse shove.p along (shove.nx, ny) at its tie point. */
function push(world: SimWorld, r: number, side: number, e: number): void {
  point.nx = shove.nx * shove.p;
  point.ny = shove.ny * shove.p;
  endPrevArm(world, r, side, point);
  pushBody(world, e, point);
}

/** The end spans' lengths now into `spans`: A to the first pivot, the last pivot to B, m. */
function measureSpans(world: SimWorld, r: number): void {
  endPosition(world, r, 0, end);
  let dx = spans.firstX - end.x;
  let dy = spans.firstY - end.y;
  spans.a = Math.sqrt(dx * dx + dy * dy);
  endPosition(world, r, 1, end);
  dx = spans.lastX - end.x;
  dy = spans.lastY - end.y;
  spans.b = Math.sqrt(dx * dx + dy * dy);
}

/** The capstan's numbers for the math helpers (module scratch). */
const turnArgs = createMathArgs();

/** e^(mu theta) into capstan.ratio: theta is the angle rope r's path turns through at all its
 *  pivots, rad, mu the level's edgeFriction. */
function measureCapstan(world: SimWorld, r: number): void {
  const mu = world.settings.edgeFriction;
  const { wrap } = world;
  const base = r * MAX_WRAPS;
  const count = wrap.count[r];
  endPosition(world, r, 0, end);
  let px = end.x;
  let py = end.y;
  endPosition(world, r, 1, end);
  const bx = end.x;
  const by = end.y;
  let theta = 0;
  for (let k = base; k < base + count; k++) {
    const cx = wrap.x[k];
    const cy = wrap.y[k];
    const nx = k + 1 < base + count ? wrap.x[k + 1] : bx;
    const ny = k + 1 < base + count ? wrap.y[k + 1] : by;
    const ix = cx - px;
    const iy = cy - py;
    const ox = nx - cx;
    const oy = ny - cy;
    const cross = ix * oy - iy * ox;
    turnArgs.x = ix * ox + iy * oy;
    turnArgs.y = cross < 0 ? -cross : cross;
    setAngleOf(turnArgs);
    theta += turnArgs.out;
    px = cx;
    py = cy;
  }
  turnArgs.x = mu * theta;
  setExpPositive(turnArgs);
  capstan.ratio = turnArgs.out;
}
