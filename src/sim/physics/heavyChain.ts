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
  const { nx, ny, ox, oy, cp, dp, mx, my } = world.chain;
  const h = world.substep.h;
  const first = rope.first[r];
  const m = rope.count[r] - 1; // segments
  if (m < 1) return true;
  const last = first + m;
  const x = particle.x;
  const y = particle.y;
  const w = particle.invMass;
  const rest = particle.rest;

  // Directions at the start of the substep: free particles' previous positions, the tie points'.
  endPrevPosition(world, r, 1, end);
  const lastX0 = end.x;
  const lastY0 = end.y;
  endPrevPosition(world, r, 0, end);
  let x0 = end.x;
  let y0 = end.y;
  for (let k = 0; k < m; k++) {
    const x1 = k === m - 1 ? lastX0 : particle.prevX[first + k + 1];
    const y1 = k === m - 1 ? lastY0 : particle.prevY[first + k + 1];
    const dx = x1 - x0;
    const dy = y1 - y0;
    const d = Math.sqrt(dx * dx + dy * dy);
    ox[k] = d < 1e-12 ? 0 : dx / d;
    oy[k] = d < 1e-12 ? 0 : dy / d;
    x0 = x1;
    y0 = y1;
  }
  const eA = rope.bodyA[r];
  const eB = rope.bodyB[r];
  ends.boxA = body.invInertia[eA] > 0 ? eA : 0;
  ends.boxB = body.invInertia[eB] > 0 ? eB : 0;
  ends.wA = 0;
  ends.wB = 0;
  if (ends.boxA !== 0) { point.nx = ox[0]; point.ny = oy[0]; endPrevArm(world, r, 0, point); invMassAt(world, eA, point); ends.wA = point.w; }
  if (ends.boxB !== 0) { point.nx = ox[m - 1]; point.ny = oy[m - 1]; endPrevArm(world, r, 1, point); invMassAt(world, eB, point); ends.wB = point.w; }
  const boxA = ends.boxA;
  const boxB = ends.boxB;

  // Every segment's direction and length error now (nx, ny, dp = C), and the worst as a share of its length.
  let worst = 0;
  for (let k = 0; k < m; k++) {
    measureSegment(x, y, rest, nx, ny, dp, first, k);
    const off = dp[k] < 0 ? -dp[k] : dp[k];
    if (off > worst * rest[first + k]) worst = off / rest[first + k];
  }
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
    // arrays: the elimination is a chain of dependent divisions, as in solveChainDirect.
    let wi = boxA !== 0 ? ends.wA : w[first];
    let pcp = 0;
    let pdp = 0;
    let pox = 0;
    let poy = 0;
    let cox = ox[0];
    let coy = oy[0];
    for (let k = 0; k < m; k++) {
      const wj = k === m - 1 && boxB !== 0 ? ends.wB : w[first + k + 1];
      const nox = k < m - 1 ? ox[k + 1] : 0;
      const noy = k < m - 1 ? oy[k + 1] : 0;
      const nxk = nx[k];
      const nyk = ny[k];
      const b = (wi + wj) * (nxk * cox + nyk * coy) + CHAIN_EPS * (wi + wj);
      const a = k > 0 ? -wi * (nxk * pox + nyk * poy) : 0;
      const c = k < m - 1 ? -wj * (nxk * nox + nyk * noy) : 0;
      const rhs = nxk === 0 && nyk === 0 ? 0 : -dp[k];
      const denom = b - (k > 0 ? a * pcp : 0);
      if (denom <= 1e-300) {
        pcp = 0;
        pdp = 0;
      } else {
        pcp = c / denom;
        pdp = (rhs - (k > 0 ? a * pdp : 0)) / denom;
      }
      cp[k] = pcp;
      dp[k] = pdp;
      pox = cox;
      poy = coy;
      cox = nox;
      coy = noy;
      wi = wj;
    }
    // Back substitution; particle k + 1's move, dx_i = w_i (o_{i-1} lambda_{i-1} - o_i lambda_i),
    // as soon as its two multipliers are final (into mx, my).
    let worst2 = 0;
    let dNext = dp[m - 1];
    let oxNext = ox[m - 1];
    let oyNext = oy[m - 1];
    for (let k = m - 2; k >= 0; k--) {
      const dk = dp[k] - cp[k] * dNext;
      dp[k] = dk;
      const oxk = ox[k];
      const oyk = oy[k];
      const wk = w[first + k + 1];
      const ax = oxk * dk - oxNext * dNext;
      const ay = oyk * dk - oyNext * dNext;
      const move2 = (ax * ax + ay * ay) * wk * wk;
      if (move2 > worst2) worst2 = move2;
      mx[k + 1] = wk * ax;
      my[k + 1] = wk * ay;
      dNext = dk;
      oxNext = oxk;
      oyNext = oyk;
    }
    // A far-off state (a box thrown through the rope) could ask for a huge step: at most a
    // quarter segment per particle per pass, as for light ropes.
    const maxMove = 0.25 * rope.nominalSegment[r];
    if (worst2 > maxMove * maxMove) {
      const scale = maxMove / Math.sqrt(worst2);
      for (let k = 0; k < m; k++) dp[k] *= scale;
      for (let k = 1; k < m; k++) {
        const wk = w[first + k];
        mx[k] = wk * (ox[k - 1] * dp[k - 1] - ox[k] * dp[k]);
        my[k] = wk * (oy[k - 1] * dp[k - 1] - oy[k] * dp[k]);
      }
    }
    const lambdaA = dp[0];
    const lambdaB = dp[m - 1];
    loadA -= lambdaA;
    loadB -= lambdaB;
    // The moves, each segment measured for the next pass once both its particles are final (a
    // box end's segment once the box has moved).
    worst = 0;
    for (let k = 1; k < m; k++) {
      const i = first + k;
      x[i] += mx[k];
      y[i] += my[k];
      if (k === 1 && boxA !== 0) continue;
      measureSegment(x, y, rest, nx, ny, dp, first, k - 1);
      const off = dp[k - 1] < 0 ? -dp[k - 1] : dp[k - 1];
      if (off > worst * rest[i - 1]) worst = off / rest[i - 1];
    }
    // A box end gets its impulse at its old arm.
    if (boxA !== 0) {
      point.nx = -ox[0] * lambdaA;
      point.ny = -oy[0] * lambdaA;
      endPrevArm(world, r, 0, point);
      pushBody(world, eA, point);
      endPosition(world, r, 0, end);
      x[first] = end.x;
      y[first] = end.y;
    }
    if (boxB !== 0) {
      point.nx = ox[m - 1] * lambdaB;
      point.ny = oy[m - 1] * lambdaB;
      endPrevArm(world, r, 1, point);
      pushBody(world, eB, point);
      endPosition(world, r, 1, end);
      x[last] = end.x;
      y[last] = end.y;
    }
    // The end segments, now final: the first one if a box moved it (else it was measured above).
    if (boxA !== 0 && m > 1) {
      measureSegment(x, y, rest, nx, ny, dp, first, 0);
      const off = dp[0] < 0 ? -dp[0] : dp[0];
      if (off > worst * rest[first]) worst = off / rest[first];
    }
    measureSegment(x, y, rest, nx, ny, dp, first, m - 1);
    const offB = dp[m - 1] < 0 ? -dp[m - 1] : dp[m - 1];
    if (offB > worst * rest[last - 1]) worst = offB / rest[last - 1];
  }
  // lambda < 0 pulls; the rope is tensest at one of its ends (it carries the weight below it).
  const load = loadA > loadB ? loadA : loadB;
  if (load > 0) rope.impulse[r] += load / h;
  // The sweep after collision (relaxRope) starts its multipliers afresh.
  for (let k = 0; k < m; k++) particle.lambda[first + k] = 0;
  return isConverged;
}

/** Segment k of the rope starting at particle `first`: its direction into nx, ny and its length error (C) into dp. */
function measureSegment(
  x: Float64Array, y: Float64Array, rest: Float64Array, nx: Float64Array, ny: Float64Array, dp: Float64Array,
  first: number, k: number,
): void {
  const i = first + k;
  const dx = x[i + 1] - x[i];
  const dy = y[i + 1] - y[i];
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d < 1e-12) { nx[k] = 0; ny[k] = 0; dp[k] = 0; return; }
  nx[k] = dx / d;
  ny[k] = dy / d;
  dp[k] = d - rest[i];
}
