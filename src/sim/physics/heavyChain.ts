// The chain of a rope that carries its own weight (ropeMass.ts), solved as SHAKE solves a
// molecule: every segment's correction acts along the segment's direction at the start of the
// substep, by the amounts that make every length exact at once. Solving along the new
// directions (one Newton step of J W J^T, as solveChainDirect does for light ropes) damps the
// swing: a 1 kg box on a 5.5 kg rope lost 15 % of its swing amplitude in 17 s. Along the old
// directions the system is J_new W J_old^T lambda = -C, still tridiagonal (not symmetric), solved
// by the Thomas algorithm and repeated until every length holds to TOLERANCE (two passes, most
// substeps). Each pass measures the segments for the next one as it moves the particles.
// A box at an end takes part with its generalized inverse mass at its arm at the start of the
// substep, and is pushed (and turned) at that arm, as ropeLength.ts does for a light rope.

import { createBodyPoint, invMassAt, pushBody } from './bodyPoint';
import { CP, DP, NX, NY, OX, OY, REST, STRIDE, SX, SY, W } from './chainSlots';
import { endPosition, endPrevArm, endPrevPosition, type EndPosition } from './ropeEnds';
import type { SimWorld } from '../worldState';

/**
 * Passes at most; a pass that leaves every segment within this share of its rest length stops.
 * 1e-6 as for the fallback (solveRope.ts): was 1e-12, which took a third pass, and a fourth
 * that stopped a hair above it and went to the fallback, on most substeps of the bench's
 * pendulums (A10 and A100 ran 0.38 and 0.43 ms a simulated second with the sweep skipped,
 * 0.30 and 0.34 with this). A segment 1e-6 off is 0.25 um on a 25 cm segment, and the next
 * substep's solve starts from it: the bench's heavy scenes at one substep end their ticks at most
 * 1e-4 % (A10) to 0.003 % (A100) long (were 2e-9 and 4e-4 %), and the period, energy and swing
 * tests pass as before.
 */
const MAX_PASSES = 4;
const TOLERANCE = 1e-6;
const CONVERGENCE = 0.1;
/** Relative regularisation of the system (a straight chain between pins is singular), as in solveRope.ts. */
const CHAIN_EPS = 1e-7;

const end: EndPosition = { x: 0, y: 0 };
const point = createBodyPoint();
/** The boxes at the ends this substep (0 = pinned) and their inverse masses along the old end segments. */
const ends = { boxA: 0, boxB: 0, wA: 0, wB: 0 };

/**
 * Solves heavy rope `r`'s segment lengths exactly for this substep along the start-of-substep
 * directions, moving its particles and pulling its box ends; adds the tension at its tenser end
 * (its own weight included) to rope.impulse. The end particles are already on their tie points.
 * Returns false when the passes stopped converging (a segment turned far within the substep: a
 * whip as a folded rope snaps taut), leaving the rest to the caller's projection along the new
 * directions, which can only take energy out; pushing on along the old ones gained it.
 */
export function solveHeavyChain(world: SimWorld, r: number): boolean {
  const { particle, rope, body } = world;
  const seg = world.chain.seg;
  const h = world.substep.h;
  const first = rope.first[r];
  const m = rope.count[r] - 1; // segments
  if (m < 1) return true;
  const last = first + m;
  const x = particle.x;
  const y = particle.y;
  const w = particle.invMass;
  const prevX = particle.prevX;
  const prevY = particle.prevY;
  const rest = particle.rest;
  // Locals, not the module's constants (chainSlots.ts).
  const stride = STRIDE, nX = NX, nY = NY, oX = OX, oY = OY, cP = CP, dP = DP, sX = SX, sY = SY, wAt = W, restAt = REST;
  const chainEps = CHAIN_EPS;
  const sLast = (m - 1) * stride;

  // Each segment's direction at the start of the substep (free particles' previous positions,
  // the tie points'), its rest length, the inverse mass of the particle after it (a box end's is
  // set below), and its direction and length error (C) now, with the worst as a share of its length.
  endPrevPosition(world, r, 1, end);
  const lastX0 = end.x;
  const lastY0 = end.y;
  endPrevPosition(world, r, 0, end);
  let x0 = end.x;
  let y0 = end.y;
  let worst = 0;
  for (let k = 0, s = 0; k < m; k++, s += stride) {
    const i = first + k;
    const x1 = k === m - 1 ? lastX0 : prevX[i + 1];
    const y1 = k === m - 1 ? lastY0 : prevY[i + 1];
    const dx0 = x1 - x0;
    const dy0 = y1 - y0;
    const d0 = Math.sqrt(dx0 * dx0 + dy0 * dy0);
    seg[s + oX] = d0 < 1e-12 ? 0 : dx0 / d0;
    seg[s + oY] = d0 < 1e-12 ? 0 : dy0 / d0;
    seg[s + restAt] = rest[i];
    seg[s + wAt] = w[i + 1];
    x0 = x1;
    y0 = y1;
    // measureSegment, written out: this and the sweep below are the solve's two long loops.
    const dx = x[i + 1] - x[i];
    const dy = y[i + 1] - y[i];
    const d = Math.sqrt(dx * dx + dy * dy);
    let off = 0;
    if (d < 1e-12) {
      seg[s + nX] = 0;
      seg[s + nY] = 0;
      seg[s + dP] = 0;
    } else {
      seg[s + nX] = dx / d;
      seg[s + nY] = dy / d;
      const c = d - rest[i];
      seg[s + dP] = c;
      off = c < 0 ? -c : c;
    }
    if (off > worst * rest[i]) worst = off / rest[i];
  }
  const eA = rope.bodyA[r];
  const eB = rope.bodyB[r];
  ends.boxA = body.invInertia[eA] > 0 ? eA : 0;
  ends.boxB = body.invInertia[eB] > 0 ? eB : 0;
  ends.wA = 0;
  ends.wB = 0;
  if (ends.boxA !== 0) { point.nx = seg[oX]; point.ny = seg[oY]; endPrevArm(world, r, 0, point); invMassAt(world, eA, point); ends.wA = point.w; }
  if (ends.boxB !== 0) { point.nx = seg[sLast + oX]; point.ny = seg[sLast + oY]; endPrevArm(world, r, 1, point); invMassAt(world, eB, point); ends.wB = point.w; seg[sLast + wAt] = point.w; }
  const boxA = ends.boxA;
  const boxB = ends.boxB;

  let loadA = 0;
  let loadB = 0;
  let isConverged = false;
  let before = Infinity;
  for (let pass = 0; ; pass++) {
    if (worst <= TOLERANCE) { isConverged = true; break; }
    // Newton converges quadratically near the solution; a pass that did not cut the error by
    // CONVERGENCE is not near it.
    if (pass === MAX_PASSES || worst > before * CONVERGENCE) break;
    before = worst;
    // Forward elimination of J_new W J_old^T lambda = -C. What the row before left (its
    // coefficients, the old directions either side) is carried in locals, not read back from the
    // array: the elimination is a chain of dependent divisions, as in solveChainDirect.
    let wi = boxA !== 0 ? ends.wA : w[first];
    let pcp = 0;
    let pdp = 0;
    let pox = 0;
    let poy = 0;
    let cox = seg[oX];
    let coy = seg[oY];
    for (let k = 0, s = 0; k < m; k++, s += stride) {
      const wj = seg[s + wAt];
      const nox = k < m - 1 ? seg[s + stride + oX] : 0;
      const noy = k < m - 1 ? seg[s + stride + oY] : 0;
      const nxk = seg[s + nX];
      const nyk = seg[s + nY];
      const b = (wi + wj) * (nxk * cox + nyk * coy) + chainEps * (wi + wj);
      const a = k > 0 ? -wi * (nxk * pox + nyk * poy) : 0;
      const c = k < m - 1 ? -wj * (nxk * nox + nyk * noy) : 0;
      const rhs = nxk === 0 && nyk === 0 ? 0 : -seg[s + dP];
      const denom = b - (k > 0 ? a * pcp : 0);
      if (denom <= 1e-300) {
        pcp = 0;
        pdp = 0;
      } else {
        pcp = c / denom;
        pdp = (rhs - (k > 0 ? a * pdp : 0)) / denom;
      }
      seg[s + cP] = pcp;
      seg[s + dP] = pdp;
      pox = cox;
      poy = coy;
      cox = nox;
      coy = noy;
      wi = wj;
    }
    // Back substitution. Particle k + 1 moves, dx_i = w_i (o_{i-1} lambda_{i-1} - o_i lambda_i),
    // as soon as its two multipliers are final (where it was goes to its SX, SY), and segment k + 1,
    // whose particles have both moved then, is measured for the next pass.
    // The multipliers go to CP (each row's is dead once its multiplier is found), as DP takes
    // the segments' new errors; the last row's multiplier is its DP.
    let worst2 = 0;
    seg[sLast + cP] = seg[sLast + dP];
    let dNext = seg[sLast + dP];
    let oxNext = seg[sLast + oX];
    let oyNext = seg[sLast + oY];
    worst = 0;
    for (let k = m - 2, s = sLast - stride; k >= 0; k--, s -= stride) {
      const dk = seg[s + dP] - seg[s + cP] * dNext;
      seg[s + cP] = dk;
      const oxk = seg[s + oX];
      const oyk = seg[s + oY];
      const wk = seg[s + wAt];
      const ax = oxk * dk - oxNext * dNext;
      const ay = oyk * dk - oyNext * dNext;
      const move2 = (ax * ax + ay * ay) * wk * wk;
      if (move2 > worst2) worst2 = move2;
      const i = first + k + 1;
      const xi = x[i];
      const yi = y[i];
      seg[s + stride + sX] = xi;
      seg[s + stride + sY] = yi;
      const xMoved = xi + wk * ax;
      const yMoved = yi + wk * ay;
      x[i] = xMoved;
      y[i] = yMoved;
      if (k < m - 2) {
        // measureSegment (segment k + 1, at sNext), written out.
        const sNext = s + stride;
        const dx = x[i + 1] - xMoved;
        const dy = y[i + 1] - yMoved;
        const d = Math.sqrt(dx * dx + dy * dy);
        const segmentRest = seg[sNext + restAt];
        let off = 0;
        if (d < 1e-12) {
          seg[sNext + nX] = 0;
          seg[sNext + nY] = 0;
          seg[sNext + dP] = 0;
        } else {
          seg[sNext + nX] = dx / d;
          seg[sNext + nY] = dy / d;
          const c = d - segmentRest;
          seg[sNext + dP] = c;
          off = c < 0 ? -c : c;
        }
        if (off > worst * segmentRest) worst = off / segmentRest;
      }
      dNext = dk;
      oxNext = oxk;
      oyNext = oyk;
    }
    // A far-off state (a box thrown through the rope) could ask for a huge step: at most a
    // quarter segment per particle per pass, as for light ropes. The particles go back to where
    // they were and take the step scaled down.
    const maxMove = 0.25 * rope.nominalSegment[r];
    if (worst2 > maxMove * maxMove) {
      const scale = maxMove / Math.sqrt(worst2);
      for (let k = 0, s = 0; k < m; k++, s += stride) seg[s + cP] *= scale;
      for (let k = 1, s = stride; k < m; k++, s += stride) {
        const i = first + k;
        const wk = w[i];
        const p = s - stride; // segment k - 1
        x[i] = seg[s + sX] + wk * (seg[p + oX] * seg[p + cP] - seg[s + oX] * seg[s + cP]);
        y[i] = seg[s + sY] + wk * (seg[p + oY] * seg[p + cP] - seg[s + oY] * seg[s + cP]);
      }
      worst = 0;
      for (let k = 1, s = stride; k < m - 1; k++, s += stride) {
        measureSegment(x, y, seg, first + k, s);
        const off = seg[s + dP] < 0 ? -seg[s + dP] : seg[s + dP];
        if (off > worst * seg[s + restAt]) worst = off / seg[s + restAt];
      }
    }
    const lambdaA = seg[cP];
    const lambdaB = seg[sLast + cP];
    loadA -= lambdaA;
    loadB -= lambdaB;
    // A box end gets its impulse at its old arm.
    if (boxA !== 0) {
      point.nx = -seg[oX] * lambdaA;
      point.ny = -seg[oY] * lambdaA;
      endPrevArm(world, r, 0, point);
      pushBody(world, eA, point);
      endPosition(world, r, 0, end);
      x[first] = end.x;
      y[first] = end.y;
    }
    if (boxB !== 0) {
      point.nx = seg[sLast + oX] * lambdaB;
      point.ny = seg[sLast + oY] * lambdaB;
      endPrevArm(world, r, 1, point);
      pushBody(world, eB, point);
      endPosition(world, r, 1, end);
      x[last] = end.x;
      y[last] = end.y;
    }
    // The end segments, now final (a rope of one segment has one).
    if (m > 1) {
      measureSegment(x, y, seg, first, 0);
      const off = seg[dP] < 0 ? -seg[dP] : seg[dP];
      if (off > worst * seg[restAt]) worst = off / seg[restAt];
    }
    measureSegment(x, y, seg, last - 1, sLast);
    const offB = seg[sLast + dP] < 0 ? -seg[sLast + dP] : seg[sLast + dP];
    if (offB > worst * seg[sLast + restAt]) worst = offB / seg[sLast + restAt];
  }
  // lambda < 0 pulls; the rope is tensest at one of its ends (it carries the weight below it).
  const load = loadA > loadB ? loadA : loadB;
  if (load > 0) rope.impulse[r] += load / h;
  // The sweep after collision (relaxRope) starts its multipliers afresh.
  for (let k = 0; k < m; k++) particle.lambda[first + k] = 0;
  return isConverged;
}

/**
 * The segment from particle i to i + 1, at `s` in the segments' array: its direction into NX, NY
 * and its length error (C) into DP. (The offsets written as numbers: chainSlots.ts.)
 */
function measureSegment(x: Float64Array, y: Float64Array, seg: Float64Array, i: number, s: number): void {
  const dx = x[i + 1] - x[i];
  const dy = y[i + 1] - y[i];
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d < 1e-12) { seg[s] = 0; seg[s + 1] = 0; seg[s + 5] = 0; return; }
  seg[s] = dx / d; // NX
  seg[s + 1] = dy / d; // NY
  seg[s + 5] = d - seg[s + 9]; // DP = d - REST
}
