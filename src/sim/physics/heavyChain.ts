// The chain of a rope that carries its own weight (ropeMass.ts), solved as SHAKE solves a
// molecule: every segment's correction acts along the segment's direction at the start of the
// substep, by the amounts that make every length exact at once. Solving along the new
// directions (one Newton step of J W J^T, as solveChainDirect does for light ropes) damps the
// swing: a 1 kg box on a 5.5 kg rope lost 15 % of its swing amplitude in 17 s. Along the old
// directions the system is J_new W J_old^T lambda = -C, still tridiagonal (not symmetric), solved
// by the Thomas algorithm and repeated until the lengths are exact (two or three passes).
// A box at an end takes part with its generalized inverse mass at its arm at the start of the
// substep, and is pushed (and turned) at that arm, as ropeLength.ts does for a light rope.

import { createBodyPoint, invMassAt, pushBody } from './bodyPoint';
import { endPosition, endPrevArm, endPrevPosition, type EndPosition } from './ropeEnds';
import type { SimWorld } from '../worldState';

/** Passes at most; a pass that leaves every segment within this share of its rest length stops. */
const MAX_PASSES = 4;
const TOLERANCE = 1e-12;
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
  const { nx, ny, ox, oy, cp, dp } = world.chain;
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
  for (let k = 0; k < m; k++) {
    const i = first + k;
    let x0 = particle.prevX[i];
    let y0 = particle.prevY[i];
    let x1 = particle.prevX[i + 1];
    let y1 = particle.prevY[i + 1];
    if (k === 0) { endPrevPosition(world, r, 0, end); x0 = end.x; y0 = end.y; }
    if (k === m - 1) { endPrevPosition(world, r, 1, end); x1 = end.x; y1 = end.y; }
    const dx = x1 - x0;
    const dy = y1 - y0;
    const d = Math.sqrt(dx * dx + dy * dy);
    ox[k] = d < 1e-12 ? 0 : dx / d;
    oy[k] = d < 1e-12 ? 0 : dy / d;
  }
  const eA = rope.bodyA[r];
  const eB = rope.bodyB[r];
  ends.boxA = body.invInertia[eA] > 0 ? eA : 0;
  ends.boxB = body.invInertia[eB] > 0 ? eB : 0;
  ends.wA = 0;
  ends.wB = 0;
  if (ends.boxA !== 0) { point.nx = ox[0]; point.ny = oy[0]; endPrevArm(world, r, 0, point); invMassAt(world, eA, point); ends.wA = point.w; }
  if (ends.boxB !== 0) { point.nx = ox[m - 1]; point.ny = oy[m - 1]; endPrevArm(world, r, 1, point); invMassAt(world, eB, point); ends.wB = point.w; }

  let loadA = 0;
  let loadB = 0;
  let isConverged = false;
  let before = Infinity;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let worst = 0;
    for (let k = 0; k < m; k++) {
      const i = first + k;
      const dx = x[i + 1] - x[i];
      const dy = y[i + 1] - y[i];
      const d = Math.sqrt(dx * dx + dy * dy);
      if (d < 1e-12) { nx[k] = 0; ny[k] = 0; dp[k] = 0; continue; }
      nx[k] = dx / d;
      ny[k] = dy / d;
      dp[k] = d - rest[i]; // C_k for now
      const off = dp[k] < 0 ? -dp[k] : dp[k];
      if (off > worst * rest[i]) worst = off / rest[i];
    }
    if (worst <= TOLERANCE) { isConverged = true; break; }
    // Newton converges quadratically near the solution; a pass that did not cut the error by
    // CONVERGENCE is not near it.
    if (worst > before * CONVERGENCE) break;
    before = worst;
    // Forward elimination of J_new W J_old^T lambda = -C.
    for (let k = 0; k < m; k++) {
      const i = first + k;
      const wi = i === first && ends.boxA !== 0 ? ends.wA : w[i];
      const wj = i + 1 === last && ends.boxB !== 0 ? ends.wB : w[i + 1];
      const b = (wi + wj) * (nx[k] * ox[k] + ny[k] * oy[k]) + CHAIN_EPS * (wi + wj);
      const a = k > 0 ? -wi * (nx[k] * ox[k - 1] + ny[k] * oy[k - 1]) : 0;
      const c = k < m - 1 ? -wj * (nx[k] * ox[k + 1] + ny[k] * oy[k + 1]) : 0;
      const rhs = nx[k] === 0 && ny[k] === 0 ? 0 : -dp[k];
      const denom = b - (k > 0 ? a * cp[k - 1] : 0);
      if (denom <= 1e-300) { cp[k] = 0; dp[k] = 0; continue; }
      cp[k] = c / denom;
      dp[k] = (rhs - (k > 0 ? a * dp[k - 1] : 0)) / denom;
    }
    for (let k = m - 2; k >= 0; k--) dp[k] -= cp[k] * dp[k + 1];
    // A far-off state (a box thrown through the rope) could ask for a huge step: at most a
    // quarter segment per particle per pass, as for light ropes.
    const maxMove = 0.25 * rope.nominalSegment[r];
    let worst2 = 0;
    for (let k = 1; k < m; k++) {
      const ax = ox[k - 1] * dp[k - 1] - ox[k] * dp[k];
      const ay = oy[k - 1] * dp[k - 1] - oy[k] * dp[k];
      const move2 = (ax * ax + ay * ay) * w[first + k] * w[first + k];
      if (move2 > worst2) worst2 = move2;
    }
    if (worst2 > maxMove * maxMove) {
      const scale = maxMove / Math.sqrt(worst2);
      for (let k = 0; k < m; k++) dp[k] *= scale;
    }
    loadA -= dp[0];
    loadB -= dp[m - 1];
    // dx_i = w_i (o_{i-1} lambda_{i-1} - o_i lambda_i); a box end gets that impulse at its old arm.
    for (let k = 1; k < m; k++) {
      const i = first + k;
      x[i] += w[i] * (ox[k - 1] * dp[k - 1] - ox[k] * dp[k]);
      y[i] += w[i] * (oy[k - 1] * dp[k - 1] - oy[k] * dp[k]);
    }
    if (ends.boxA !== 0) {
      point.nx = -ox[0] * dp[0];
      point.ny = -oy[0] * dp[0];
      endPrevArm(world, r, 0, point);
      pushBody(world, eA, point);
      endPosition(world, r, 0, end);
      x[first] = end.x;
      y[first] = end.y;
    }
    if (ends.boxB !== 0) {
      point.nx = ox[m - 1] * dp[m - 1];
      point.ny = oy[m - 1] * dp[m - 1];
      endPrevArm(world, r, 1, point);
      pushBody(world, eB, point);
      endPosition(world, r, 1, end);
      x[last] = end.x;
      y[last] = end.y;
    }
  }
  // lambda < 0 pulls; the rope is tensest at one of its ends (it carries the weight below it).
  const load = loadA > loadB ? loadA : loadB;
  if (load > 0) rope.impulse[r] += load / h;
  // The sweep after collision (relaxRope) starts its multipliers afresh.
  for (let k = 0; k < m; k++) particle.lambda[first + k] = 0;
  return isConverged;
}
