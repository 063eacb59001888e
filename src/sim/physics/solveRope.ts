// One substep of a rope's particles: Verlet prediction, tied ends pinned to what holds them, Long
// Range Attachments from every tied end, then XPBD distance constraints along the chain.
// What carries a heavy load is the end-to-end constraint (ropeLength.ts), solved before this;
// the particles here only give the rope its shape, so they can be ~1000x lighter than a box.

import { SUBSTEP_SLOT } from './ropeLength';
import { EndKind } from '../ropePool';
import { endInvMassInto, endPosition, moveEndBy } from './ropeEnds';
import type { SimWorld } from '../world';

// Slots of world.chain.args used here (numbers handed over there are not boxed, see ropeEnds.ts):
// 0..3 the rope's ends (A x, y, B x, y), 4..5 the LRA radii from A and from B (clampToLens /
// clampToCircle), ALPHA the compliance per metre over h^2, BOX..BOX + 4 a box end (arm x, y; a
// direction or impulse x, y; its inverse mass), and after moveEndBy its tie point (BOX, BOX + 1).
const ALPHA = 6;
const BOX = 9;

/** Verlet step of every free particle of rope `r` over one substep (h in args[SUBSTEP_SLOT]), with drag and a step clamp. */
export function integrateRope(world: SimWorld, r: number): void {
  const { pool, rope, settings } = world;
  const h = world.chain.args[SUBSTEP_SLOT];
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const keep = Math.max(0, 1 - (settings.ropeDamping + settings.airDrag) * h);
  const gh2 = settings.gravity * h * h;
  const maxStep = settings.maxParticleStep;
  for (let i = first; i <= last; i++) {
    if (pool.invMass[i] === 0) continue;
    let vx = (pool.x[i] - pool.prevX[i]) * keep;
    let vy = (pool.y[i] - pool.prevY[i]) * keep + gh2;
    const step2 = vx * vx + vy * vy;
    if (step2 > maxStep * maxStep) {
      const s = maxStep / Math.sqrt(step2);
      vx *= s;
      vy *= s;
    }
    pool.prevX[i] = pool.x[i];
    pool.prevY[i] = pool.y[i];
    pool.x[i] += vx;
    pool.y[i] += vy;
  }
}

/** Pins tied ends, applies LRA from them, then one forward sweep of the chain's constraints. */
export function solveRope(world: SimWorld, r: number): void {
  const { pool, rope } = world;
  const h = world.chain.args[SUBSTEP_SLOT];
  const first = rope.first[r];
  const count = rope.count[r];
  const last = first + count - 1;
  const x = pool.x;
  const y = pool.y;
  const isTiedA = rope.kindA[r] !== EndKind.Free;
  const isTiedB = rope.kindB[r] !== EndKind.Free;
  const args = world.chain.args;
  endPosition(world, r, 0, args, 0);
  endPosition(world, r, 1, args, 2);
  const ax = args[0];
  const ay = args[1];
  const bx = args[2];
  const by = args[3];
  if (isTiedA) { x[first] = ax; y[first] = ay; }
  if (isTiedB) { x[last] = bx; y[last] = by; }
  for (let i = first; i < last; i++) pool.lambda[i] = 0;

  // Long Range Attachments: particle k can be no farther from a tied end than the rope's length
  // between them. Unilateral, so the rope still folds; this is what keeps it from stretching.
  // With both ends tied the particle belongs to the intersection of two discs, found exactly
  // (clamping to one circle and then the other fails when the rope is nearly taut: the lens
  // between them is then tiny and each clamp pushes the particle out of the other circle).
  const length = rope.length[r];
  let s = 0; // arc length from A to particle i
  for (let i = first + 1; i < last; i++) {
    s += pool.rest[i - 1];
    if (isTiedA && isTiedB) {
      // Inside both discs (the common case) is tested here; the call gets its numbers through
      // args (A, B in 0..3, the radii in 4, 5) rather than as arguments V8 would box.
      const dax = x[i] - ax;
      const day = y[i] - ay;
      const dbx = x[i] - bx;
      const dby = y[i] - by;
      const rb = length - s;
      if (dax * dax + day * day > s * s || dbx * dbx + dby * dby > rb * rb) {
        args[4] = s;
        args[5] = rb;
        clampToLens(x, y, i, args);
      }
    }
    else if (isTiedA) { args[4] = s; clampToCircle(x, y, i, args, 0); }
    else if (isTiedB) { args[5] = length - s; clampToCircle(x, y, i, args, 1); }
  }

  args[ALPHA] = rope.compliance[r] / (rope.length[r] * h * h); // alpha per metre
  solveChainDirect(world, r);
}


/**
 * The box tied at end `side` if the chain should pull it, else 0. Not for an elastic rope tied at
 * both ends: its end-to-end constraint already pulls the box with the rope's whole compliance, and
 * the chain pulling too would be a second spring in parallel (half the stretch); there the box's end
 * particle stays pinned (1/m = 0) and the chain only gives the rope its shape.
 */
function chainBoxEnd(world: SimWorld, r: number, side: number, isElastic: boolean): number {
  const { rope, body } = world;
  const isChainOnBox = !isElastic || rope.kindA[r] === EndKind.Free || rope.kindB[r] === EndKind.Free;
  if (!isChainOnBox) return 0;
  const kind = side === 0 ? rope.kindA[r] : rope.kindB[r];
  const e = side === 0 ? rope.entityA[r] : rope.entityB[r];
  return kind === EndKind.Body && body.invInertia[e] > 0 ? e : 0;
}

/** Relative regularisation of the chain system (see solveChainDirect), 1/kg per 1/kg. */
const CHAIN_EPS = 1e-7;

/**
 * All of rope r's segment constraints at once: one Newton step, (J W J^T + alpha~) lambda = -C,
 * which for a chain is tridiagonal and solved exactly in O(n) (Thomas algorithm). One sweep of
 * per-segment projections carries a correction only one way, so a slack 16-segment rope hanging
 * under its own weight sat 0.16 % long with a sweep each way per substep; solved together, the
 * chain is at length up to round-off. A straight chain between two pinned ends makes the system
 * singular (stretching every segment alike moves nothing); a tiny regularisation keeps it solvable,
 * and that mode moves no particle. A tied box end takes part with the box's generalized inverse
 * mass along the end segment, and its share moves (and turns) the box; other tied ends are pinned.
 */
function solveChainDirect(world: SimWorld, r: number): void {
  const { pool, rope } = world;
  const { nx, ny, cp, dp, args } = world.chain;
  const alphaPerMetre = args[ALPHA];
  const h = args[SUBSTEP_SLOT];
  const first = rope.first[r];
  const m = rope.count[r] - 1; // segments
  if (m < 1) return;
  const x = pool.x;
  const y = pool.y;
  const w = pool.invMass;
  const last = first + m;
  for (let k = 0; k < m; k++) {
    const i = first + k;
    const dx = x[i + 1] - x[i];
    const dy = y[i + 1] - y[i];
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d < 1e-12) { nx[k] = 0; ny[k] = 0; dp[k] = 0; continue; }
    nx[k] = dx / d;
    ny[k] = dy / d;
    dp[k] = d - pool.rest[i]; // C_k for now
  }
  // A box at an end: its generalized inverse mass along the end segment (0 = pinned).
  const boxA = chainBoxEnd(world, r, 0, alphaPerMetre !== 0);
  const boxB = chainBoxEnd(world, r, 1, alphaPerMetre !== 0);
  let wA = 0;
  let wB = 0;
  if (boxA !== 0) { args[BOX + 2] = nx[0]; args[BOX + 3] = ny[0]; endInvMassInto(world, r, 0, args, BOX); wA = args[BOX + 4]; }
  if (boxB !== 0) { args[BOX + 2] = nx[m - 1]; args[BOX + 3] = ny[m - 1]; endInvMassInto(world, r, 1, args, BOX); wB = args[BOX + 4]; }
  // Forward elimination. Row k: a_k l_{k-1} + b_k l_k + c_k l_{k+1} = -C_k.
  for (let k = 0; k < m; k++) {
    const i = first + k;
    const wi = i === first && boxA !== 0 ? wA : w[i];
    const wj = i + 1 === last && boxB !== 0 ? wB : w[i + 1];
    const b = wi + wj + alphaPerMetre * pool.rest[i] + CHAIN_EPS * (wi + wj);
    const a = k > 0 ? -wi * (nx[k - 1] * nx[k] + ny[k - 1] * ny[k]) : 0;
    const c = k < m - 1 ? -wj * (nx[k] * nx[k + 1] + ny[k] * ny[k + 1]) : 0;
    const rhs = nx[k] === 0 && ny[k] === 0 ? 0 : -dp[k];
    const denom = b - (k > 0 ? a * cp[k - 1] : 0);
    if (denom <= 1e-300) { cp[k] = 0; dp[k] = 0; continue; }
    cp[k] = c / denom;
    dp[k] = (rhs - (k > 0 ? a * dp[k - 1] : 0)) / denom;
  }
  // Back substitution: dp becomes lambda.
  for (let k = m - 2; k >= 0; k--) dp[k] -= cp[k] * dp[k + 1];
  // A nearly straight chain that is slightly compressed makes the system nearly singular, and
  // then one Newton step can throw a particle far sideways (the fuzz found a 3 m jump once in
  // 1.2 million ticks): if any particle would move more than a quarter of its rope's nominal
  // segment, the whole step is scaled down to that (the sweep after collision finishes the job).
  const maxMove = 0.25 * rope.nominalSegment[r];
  let worst2 = 0;
  for (let k = 0; k <= m; k++) {
    const wi = w[first + k];
    let ax = 0;
    let ay = 0;
    if (k > 0) { ax += nx[k - 1] * dp[k - 1]; ay += ny[k - 1] * dp[k - 1]; }
    if (k < m) { ax -= nx[k] * dp[k]; ay -= ny[k] * dp[k]; }
    const move2 = (ax * ax + ay * ay) * wi * wi;
    if (move2 > worst2) worst2 = move2;
  }
  if (worst2 > maxMove * maxMove) {
    const scale = maxMove / Math.sqrt(worst2);
    for (let k = 0; k < m; k++) dp[k] *= scale;
  }
  // What a box end carries here counts towards the rope's tension: a load that reaches the box
  // through a contact after the length constraint ran (a player standing on a hanging crate) is
  // held up by this solve alone. lambda < 0 pulls (C > 0 stretched).
  const loadA = boxA !== 0 ? -dp[0] : 0;
  const loadB = boxB !== 0 ? -dp[m - 1] : 0;
  const load = loadA > loadB ? loadA : loadB;
  if (load > 0) rope.impulse[r] += load / h;
  // dx_i = w_i (n_{i-1} lambda_{i-1} - n_i lambda_i); a box end gets that impulse instead.
  for (let k = 0; k <= m; k++) {
    const i = first + k;
    let ax = 0;
    let ay = 0;
    if (k > 0) { ax += nx[k - 1] * dp[k - 1]; ay += ny[k - 1] * dp[k - 1]; }
    if (k < m) { ax -= nx[k] * dp[k]; ay -= ny[k] * dp[k]; }
    if ((k === 0 && boxA !== 0) || (k === m && boxB !== 0)) {
      const side = k === 0 ? 0 : 1;
      args[BOX + 2] = ax;
      args[BOX + 3] = ay;
      moveEndBy(world, r, side, args, BOX);
      endPosition(world, r, side, args, BOX);
      x[i] = args[BOX];
      y[i] = args[BOX + 1];
      continue;
    }
    const wi = w[i];
    if (wi === 0) continue;
    x[i] += wi * ax;
    y[i] += wi * ay;
  }
  // Keep the XPBD multipliers (sign as in projectSegment) for the sweep after collision.
  for (let k = 0; k < m; k++) pool.lambda[first + k] = -dp[k];
}

/**
 * The chain's backward sweep, run after collision so the rope ends each substep at its length:
 * one Gauss-Seidel sweep carries a correction only one way.
 */
export function relaxRope(world: SimWorld, r: number): void {
  const { rope } = world;
  const h = world.chain.args[SUBSTEP_SLOT];
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const alphaPerMetre = rope.compliance[r] / (rope.length[r] * h * h);
  world.chain.args[ALPHA] = alphaPerMetre;
  const boxA = chainBoxEnd(world, r, 0, alphaPerMetre !== 0);
  const boxB = chainBoxEnd(world, r, 1, alphaPerMetre !== 0);
  for (let i = last - 1; i >= first; i--) projectSegment(world, r, i, boxA, boxB);
}

/**
 * XPBD distance constraint between particles i and i+1 (compliance proportional to the segment's
 * share of the rope, as springs in series). A segment that ends on a box the chain pulls (boxA,
 * boxB from chainBoxEnd, 0 = none) pulls the box too, by its generalized inverse mass at the tie
 * point, and the end particle stays on that point.
 */
function projectSegment(world: SimWorld, r: number, i: number, boxA: number, boxB: number): void {
  const { pool, rope } = world;
  const alphaPerMetre = world.chain.args[ALPHA];
  const x = pool.x;
  const y = pool.y;
  const j = i + 1;
  const rest = pool.rest[i];
  const dx = x[j] - x[i];
  const dy = y[j] - y[i];
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d < 1e-12) return;
  const nx = dx / d;
  const ny = dy / d;
  // A box end's inverse mass comes back in args[BOX + 4], not as a return value: merging a
  // called function's (boxed) result with a typed-array load makes V8 box that load on every call.
  const args = world.chain.args;
  let boxSide = -1;
  if (boxA !== 0 && i === rope.first[r]) boxSide = 0;
  else if (boxB !== 0 && j === rope.first[r] + rope.count[r] - 1) boxSide = 1;
  if (boxSide >= 0) {
    args[BOX + 2] = nx;
    args[BOX + 3] = ny;
    endInvMassInto(world, r, boxSide, args, BOX);
  }
  const wi = boxSide === 0 ? args[BOX + 4] : pool.invMass[i];
  const wj = boxSide === 1 ? args[BOX + 4] : pool.invMass[j];
  const alpha = alphaPerMetre * rest;
  const wsum = wi + wj + alpha;
  if (wsum === 0) return;
  const dLambda = (d - rest - alpha * pool.lambda[i]) / wsum;
  pool.lambda[i] += dLambda;
  if (boxSide === 0) {
    args[BOX + 2] = nx * dLambda;
    args[BOX + 3] = ny * dLambda;
    moveEndBy(world, r, 0, args, BOX);
    endPosition(world, r, 0, args, BOX);
    x[i] = args[BOX];
    y[i] = args[BOX + 1];
  } else {
    x[i] += nx * dLambda * wi;
    y[i] += ny * dLambda * wi;
  }
  if (boxSide === 1) {
    args[BOX + 2] = -nx * dLambda;
    args[BOX + 3] = -ny * dLambda;
    moveEndBy(world, r, 1, args, BOX);
    endPosition(world, r, 1, args, BOX);
    x[j] = args[BOX];
    y[j] = args[BOX + 1];
  } else {
    x[j] -= nx * dLambda * wj;
    y[j] -= ny * dLambda * wj;
  }
}

/**
 * Moves particle i to the nearest point of the intersection of disc (A, ra) and disc (B, rb):
 * unchanged inside both; else onto one circle if that lands inside the other disc; else onto the
 * nearer corner of the lens. If the discs do not meet (ends farther apart than the rope: the
 * length constraint could not be met this substep), onto segment AB at ra : rb.
 */
function clampToLens(x: Float64Array, y: Float64Array, i: number, args: Float64Array): void {
  const ax = args[0];
  const ay = args[1];
  const bx = args[2];
  const by = args[3];
  const ra = args[4];
  const rb = args[5];
  const px = x[i];
  const py = y[i];
  const dax = px - ax;
  const day = py - ay;
  const dbx = px - bx;
  const dby = py - by;
  const da2 = dax * dax + day * day;
  const db2 = dbx * dbx + dby * dby;
  const isInA = da2 <= ra * ra;
  const isInB = db2 <= rb * rb;
  if (isInA && isInB) return;
  if (!isInA) {
    const k = ra / Math.sqrt(da2);
    const qx = ax + dax * k;
    const qy = ay + day * k;
    if ((qx - bx) * (qx - bx) + (qy - by) * (qy - by) <= rb * rb) { x[i] = qx; y[i] = qy; return; }
  }
  if (!isInB) {
    const k = rb / Math.sqrt(db2);
    const qx = bx + dbx * k;
    const qy = by + dby * k;
    if ((qx - ax) * (qx - ax) + (qy - ay) * (qy - ay) <= ra * ra) { x[i] = qx; y[i] = qy; return; }
  }
  const ux0 = bx - ax;
  const uy0 = by - ay;
  const d = Math.sqrt(ux0 * ux0 + uy0 * uy0);
  if (d < 1e-12) { x[i] = ax; y[i] = ay; return; }
  const ux = ux0 / d;
  const uy = uy0 / d;
  if (d >= ra + rb) {
    const f = ra / (ra + rb);
    x[i] = ax + ux0 * f;
    y[i] = ay + uy0 * f;
    return;
  }
  // Lens corners: along AB at a from A, offset +-half sideways.
  const a = (ra * ra - rb * rb + d * d) / (2 * d);
  const half = Math.sqrt(Math.max(0, ra * ra - a * a));
  const side = dax * -uy + day * ux >= 0 ? 1 : -1;
  x[i] = ax + ux * a - uy * half * side;
  y[i] = ay + uy * a + ux * half * side;
}

/** Moves particle i onto the disc around end `side` (args: A in 0, 1, B in 2, 3, radius from A in 4, from B in 5). */
function clampToCircle(x: Float64Array, y: Float64Array, i: number, args: Float64Array, side: number): void {
  const cx = args[2 * side];
  const cy = args[2 * side + 1];
  const radius = args[4 + side];
  const dx = x[i] - cx;
  const dy = y[i] - cy;
  const d2 = dx * dx + dy * dy;
  if (d2 <= radius * radius) return;
  const s = radius / Math.sqrt(d2);
  x[i] = cx + dx * s;
  y[i] = cy + dy * s;
}

/** Slot of world.chain.args where ropeMaxStretchInto leaves its result. */
const STRETCH_SLOT = 45;

/**
 * world.maxStretch = the largest stretch of every active rope. The per-rope value comes back in a
 * scratch slot, not as a return value: a number returned from a function V8 does not inline is a
 * heap allocation, once per rope per tick here.
 */
export function updateMaxStretch(world: SimWorld): void {
  const { rope } = world;
  const order = world.ropeOrder;
  const args = world.chain.args;
  let worst = 0;
  for (let k = 0; k < order.length; k++) {
    const r = order[k];
    if (rope.isActive[r] === 0) continue;
    ropeMaxStretchInto(world, r, args, STRETCH_SLOT);
    if (args[STRETCH_SLOT] > worst) worst = args[STRETCH_SLOT];
  }
  world.maxStretch = worst;
}

/** Largest relative segment stretch of rope `r` (0.01 = 1 % longer than rest). For tests and tools. */
export function ropeMaxStretch(world: SimWorld, r: number): number {
  const out = world.chain.args;
  ropeMaxStretchInto(world, r, out, STRETCH_SLOT);
  return out[STRETCH_SLOT];
}

/** ropeMaxStretch of rope `r` into out[at]. */
function ropeMaxStretchInto(world: SimWorld, r: number, out: Float64Array, at: number): void {
  const { pool, rope } = world;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  let worst = 0;
  for (let i = first; i < last; i++) {
    const dx = pool.x[i + 1] - pool.x[i];
    const dy = pool.y[i + 1] - pool.y[i];
    const rest = pool.rest[i];
    if (rest <= 0) continue;
    const stretch = Math.sqrt(dx * dx + dy * dy) / rest - 1;
    if (stretch > worst) worst = stretch;
  }
  out[at] = worst;
}
