// One substep of a rope's particles: Verlet prediction, tied ends pinned to what holds them, Long
// Range Attachments from every tied end, then XPBD distance constraints along the chain.
// What carries a heavy load is the end-to-end constraint (ropeLength.ts), solved before this;
// the particles here only give the rope its shape, so they can be ~1000x lighter than a box.

import { createBodyPoint, invMassAt, pushBody, type BodyPoint } from './bodyPoint';
import type { ParticleComponent } from '../ropeComponents';
import { endArm, endPosition, type EndPosition } from './ropeEnds';
import { solveHeavyChain } from './heavyChain';
import { isHeavyRope } from './ropeMass';
import { MAX_WRAPS } from '../ropeComponents';
import { CP, DP, NX, NY, STRIDE, SX, SY } from './chainSlots';
import { solvedBounds, sweptBounds } from './ropeBounds';
import { Tile, tileAt, type TileGrid } from '../tileGrid';
import type { SimWorld } from '../worldState';

/** Verlet step of every free particle of rope `r` over one substep, with drag and a step clamp. */
export function integrateRope(world: SimWorld, r: number): void {
  const { particle, rope, settings } = world;
  const h = world.substep.h;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  // ropeDamping settles the jiggle of light particles that follow their ends; on a rope that
  // carries its own weight it would brake the whole swing (a 2 kg box on a 0.77 kg rope lost half
  // its swing in 50 s), so only air drag slows a heavy rope.
  const damping = isHeavyRope(world, r) ? 0 : settings.ropeDamping;
  const keep = Math.max(0, 1 - (damping + settings.airDrag) * h);
  const gh2 = settings.gravity * h * h;
  const maxStep = settings.maxParticleStep;
  const { x, y, prevX, prevY, invMass } = particle;
  for (let i = first; i <= last; i++) {
    if (invMass[i] === 0) continue;
    let vx = (x[i] - prevX[i]) * keep;
    let vy = (y[i] - prevY[i]) * keep + gh2;
    const step2 = vx * vx + vy * vy;
    if (step2 > maxStep * maxStep) {
      const s = maxStep / Math.sqrt(step2);
      vx *= s;
      vy *= s;
    }
    prevX[i] = x[i];
    prevY[i] = y[i];
    x[i] += vx;
    y[i] += vy;
  }
}

/** Newton steps at most when a heavy rope's chain falls back to solveChainDirect, and the share
 *  of a segment's rest length under which a step is not needed. */
const HEAVY_FALLBACK_PASSES = 8;
const HEAVY_FALLBACK_TOLERANCE = 1e-6;
/** A heavy rope's chain left off by more than this share of a segment after the fallback's
 *  steps was not solved: physicsSystem splits the rest of the tick's substeps finer. */
const HEAVY_UNSOLVED = 1e-4;

const endA: EndPosition = { x: 0, y: 0 };
const endB: EndPosition = { x: 0, y: 0 };
/** The two discs clampToLens intersects: centres A, B and radii, m. */
const lens = { ax: 0, ay: 0, bx: 0, by: 0, ra: 0, rb: 0, hasAxis: false, d: 0, ux: 0, uy: 0 };

/** Pins tied ends, applies LRA from them, then one forward sweep of the chain's constraints. */
export function solveRope(world: SimWorld, r: number): void {
  const { particle, rope } = world;
  const first = rope.first[r];
  const count = rope.count[r];
  const last = first + count - 1;
  const x = particle.x;
  const y = particle.y;
  const isTiedA = rope.bodyA[r] !== 0;
  const isTiedB = rope.bodyB[r] !== 0;
  endPosition(world, r, 0, endA);
  endPosition(world, r, 1, endB);
  const ax = endA.x;
  const ay = endA.y;
  const bx = endB.x;
  const by = endB.y;
  if (isTiedA) { x[first] = ax; y[first] = ay; }
  if (isTiedB) { x[last] = bx; y[last] = by; }
  solved.rope = -1;
  solvedBounds.rope = -1;

  // Long Range Attachments: particle k can be no farther from a tied end than the rope's length
  // between them. Unilateral, so the rope still folds; this is what keeps it from stretching.
  // With both ends tied the particle belongs to the intersection of two discs, found exactly
  // (clamping to one circle and then the other fails when the rope is nearly taut: the lens
  // between them is then tiny and each clamp pushes the particle out of the other circle).
  const length = rope.length[r];
  if (isHeavyRope(world, r)) {
    // A rope that carries its own weight: no LRA (they move particles as if the ends were
    // immovable, which would take the rope's weight and momentum off the boxes for free).
    // (solveHeavyChain zeroes its multipliers for the sweep; the fallback's steps set them.)
    if (solveHeavyChain(world, r)) {
      solved.rope = r; // every segment within heavyChain's TOLERANCE of its length (< AT_LENGTH)
      return;
    }
    // Not converging along the old directions (a segment turned far within the substep): Newton
    // steps along the new ones, as for a light rope, but repeated until the lengths hold. One step
    // (clamped to a quarter segment per particle) left a 50 kg crate whirled at 25 m/s on a 2.8 kg
    // rope 11 % over its length, with nothing else holding it (a heavy rope has no end-to-end
    // constraint); repeated, under 0.05 % (the whip of that test's first ticks: ropeMass.test.ts),
    // and under 1e-6 with the tick's remaining substeps split finer where the steps fail.
    let pass = 0;
    for (; pass < HEAVY_FALLBACK_PASSES; pass++) {
      solveChainDirect(world, r);
      // Done when the lengths held before the step, or hold after it (measured without a root,
      // and only once the step left every segment within AT_LENGTH): a step more from there
      // polished errors of 1e-9-1e-8 to round-off, a third of the fallback's passes on the bench's A10.
      if (chainResult.worstOff <= HEAVY_FALLBACK_TOLERANCE || (chainResult.isAtLength && isWithin(world, r, HEAVY_FALLBACK_TOLERANCE))) break;
    }
    // Still off after every step: the rest of the tick is split finer (physicsSystem).
    if (pass === HEAVY_FALLBACK_PASSES && !isWithin(world, r, HEAVY_UNSOLVED)) world.substep.isUnsolved = true;
    keepSolved(r);
    return;
  }
  // (solveChainDirect sets every segment's multiplier: no zeroing for the ropes below.)
  if (world.wrap.count[r] > 0) {
    clampToWrappedPath(world, r);
    solveChainDirect(world, r);
    keepSolved(r);
    return;
  }
  if (isTiedA && isTiedB && rope.compliance[r] === 0 && length > 0 && isOverPulled(world, r) &&
    chainBoxEnd(world, r, 0, false) === 0 && chainBoxEnd(world, r, 1, false) === 0) {
    layOverPulled(world, r);
    return;
  }
  lens.ax = ax;
  lens.ay = ay;
  lens.bx = bx;
  lens.by = by;
  lens.hasAxis = false;
  let s = 0; // arc length from A to particle i
  for (let i = first + 1; i < last; i++) {
    s += particle.rest[i - 1];
    if (isTiedA && isTiedB) {
      // Inside both discs (the common case) is tested here, the lens only when it is not.
      const dax = x[i] - ax;
      const day = y[i] - ay;
      const dbx = x[i] - bx;
      const dby = y[i] - by;
      const rb = length - s;
      if (dax * dax + day * day > s * s || dbx * dbx + dby * dby > rb * rb) {
        lens.ra = s;
        lens.rb = rb;
        clampToLens(x, y, i);
      }
    } else if (isTiedA || isTiedB) {
      // One disc, around the tied end.
      const cx = isTiedA ? ax : bx;
      const cy = isTiedA ? ay : by;
      const radius = isTiedA ? s : length - s;
      const dx = x[i] - cx;
      const dy = y[i] - cy;
      const d2 = dx * dx + dy * dy;
      if (d2 > radius * radius) {
        const k = radius / Math.sqrt(d2);
        x[i] = cx + dx * k;
        y[i] = cy + dy * k;
      }
    }
  }

  solveChainDirect(world, r);
  keepSolved(r);
}

/**
 * A rope whose ends are held farther apart than its length by more than this share of it is
 * over-pulled. Below it, a taut rope's ends within round-off of its length, it is solved as usual.
 * Only between ends the chain does not pull (pins, anchors, platforms, players): a box at an end
 * gives, and the chain pulling it is what brings it back (a spiked box swinging on an anchor ends
 * some substeps 0.01-0.16 % past its rope, pushed by a player or the stone).
 */
const OVER_PULLED = 1e-4;

/**
 * Rope r's ends, as solveRope just read them into endA and endB, are more than OVER_PULLED farther
 * apart than its length. (Read here, not passed: fractional numbers handed to a call V8 does not
 * inline are heap allocations, and solveRope is too big for V8 to inline all it calls: tick-cost
 * found five a rope a substep here, Moving Rigs.)
 */
function isOverPulled(world: SimWorld, r: number): boolean {
  const dx = endB.x - endA.x;
  const dy = endB.y - endA.y;
  const most = world.rope.length[r] * (1 + OVER_PULLED);
  return dx * dx + dy * dy > most * most;
}

/**
 * An inextensible rope pulled past its length by ends that do not give: no shape holds every
 * segment at its length, and the one nearest to it lays the rope straight from A to B with every
 * segment stretched alike (each particle at its share of the length along AB: what least squares
 * gives, and where a rope of stiff springs settles). The chain's Newton step and sweep, asked for
 * the impossible, put it all in a few segments: pulled to 150 % of its length between two pins, the
 * segment next to one pin read 177 % and the one at the other 100 % (the bench's scenario B).
 * The multipliers are zero and the sweep is skipped unless collision moves a particle. The ends are
 * endA and endB, as solveRope read them.
 */
function layOverPulled(world: SimWorld, r: number): void {
  const { particle, rope } = world;
  const ax = endA.x;
  const ay = endA.y;
  const bx = endB.x;
  const by = endB.y;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const share = 1 / rope.length[r];
  let s = 0;
  for (let i = first + 1; i < last; i++) {
    s += particle.rest[i - 1];
    particle.x[i] = ax + (bx - ax) * s * share;
    particle.y[i] = ay + (by - ay) * s * share;
  }
  for (let i = first; i < last; i++) particle.lambda[i] = 0;
  solved.rope = r;
}

/**
 * The rope solveRope last solved with every segment within AT_LENGTH of its length (-1: none): a
 * light rope by one whole Newton step of its chain, a heavy one by its chain solve (heavyChain.ts,
 * or the Newton steps after it). Unless something moves one of its particles after it, it needs
 * no backward sweep (relaxRope).
 */
const solved = { rope: -1 };

/**
 * How far from its length a segment may end the chain solve for the rope to skip its sweep (a
 * share of the segment, 0.01 %). The step is exact only to second order: a rope yanked hard (a
 * slack tether snapping taut) ended it up to 2 % long, and without the sweep the error grew to
 * 19 % in the next substep and the rope cut 13 cm into the stone (the long fuzz, The Well).
 */
const AT_LENGTH = 1e-4;
const AT_LENGTH_LO = (1 - AT_LENGTH) * (1 - AT_LENGTH);
const AT_LENGTH_HI = (1 + AT_LENGTH) * (1 + AT_LENGTH);

function keepSolved(r: number): void {
  solved.rope = chainResult.isAtLength ? r : -1;
}

/** Every segment of rope r is within `share` of its rest length (squared: no root). */
function isWithin(world: SimWorld, r: number, share: number): boolean {
  const { x, y, rest } = world.particle;
  const first = world.rope.first[r];
  const last = first + world.rope.count[r] - 1;
  const lo = (1 - share) * (1 - share);
  const hi = (1 + share) * (1 + share);
  for (let i = first; i < last; i++) {
    const dx = x[i + 1] - x[i];
    const dy = y[i + 1] - y[i];
    const d2 = dx * dx + dy * dy;
    const len2 = rest[i] * rest[i];
    if (d2 > hi * len2 || d2 < lo * len2) return false;
  }
  return true;
}

/** A segment (dx, dy) of rest length `len` is within AT_LENGTH of it (squared: no root). */
function isSegmentAtLength(dx: number, dy: number, len: number): boolean {
  const d2 = dx * dx + dy * dy;
  const len2 = len * len;
  return d2 <= AT_LENGTH_HI * len2 && d2 >= AT_LENGTH_LO * len2;
}

/**
 * Long Range Attachments of a rope bent around tile corners: the path A -> pivots -> B is cut at
 * its pivots into spans, each pivot at its arc length along the rope (the A side's length, then
 * the distances between pivots), and a particle is kept in the lens of the span it belongs to, as
 * between two tied ends. A taut rope's particles so lie on its bent path, clear of the stone.
 */
function clampToWrappedPath(world: SimWorld, r: number): void {
  const { particle, rope, wrap } = world;
  // The ends as solveRope just read them (numbers passed as arguments would be boxed).
  const ax = endA.x;
  const ay = endA.y;
  const bx = endB.x;
  const by = endB.y;
  const x = particle.x;
  const y = particle.y;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const length = rope.length[r];
  const base = r * MAX_WRAPS;
  const count = wrap.count[r];
  // Span j runs from arc `fromArc` at (lens.ax, lens.ay) to arc `toArc` at (lens.bx, lens.by).
  let j = 0;
  let fromArc = 0;
  let toArc = wrap.spanA[r];
  lens.ax = ax;
  lens.ay = ay;
  lens.bx = wrap.x[base];
  lens.by = wrap.y[base];
  lens.hasAxis = false;
  let s = 0;
  for (let i = first + 1; i < last; i++) {
    s += particle.rest[i - 1];
    while (s > toArc && j < count) {
      j++;
      fromArc = toArc;
      lens.ax = lens.bx;
      lens.ay = lens.by;
      lens.hasAxis = false;
      if (j < count) {
        const dx = wrap.x[base + j] - lens.ax;
        const dy = wrap.y[base + j] - lens.ay;
        toArc = fromArc + Math.sqrt(dx * dx + dy * dy);
        lens.bx = wrap.x[base + j];
        lens.by = wrap.y[base + j];
      } else {
        toArc = length;
        lens.bx = bx;
        lens.by = by;
      }
    }
    lens.ra = s - fromArc;
    lens.rb = toArc - s > 0 ? toArc - s : 0;
    const dax = x[i] - lens.ax;
    const day = y[i] - lens.ay;
    const dbx = x[i] - lens.bx;
    const dby = y[i] - lens.by;
    if (dax * dax + day * day > lens.ra * lens.ra || dbx * dbx + dby * dby > lens.rb * lens.rb) clampToLens(x, y, i);
  }
}

/**
 * The box tied at end `side` if the chain should pull it, else 0. Only bodies that turn (boxes) are
 * pulled by the chain: players and static bodies hold their end particle pinned. Not for an elastic
 * rope tied at both ends: its end-to-end constraint already pulls the box with the rope's whole
 * compliance, and the chain pulling too would be a second spring in parallel (half the stretch);
 * there the box's end particle stays pinned (1/m = 0) and the chain only gives the rope its shape.
 */
function chainBoxEnd(world: SimWorld, r: number, side: number, isElastic: boolean): number {
  const { rope, body } = world;
  // Nor for a rope bent around corners: its chords across the corners are shorter than the path
  // the end-to-end constraint holds, and pushing them to length would push the boxes.
  const isChainOnBox = (!isElastic || rope.bodyA[r] === 0 || rope.bodyB[r] === 0) && world.wrap.count[r] === 0;
  if (!isChainOnBox) return 0;
  const e = side === 0 ? rope.bodyA[r] : rope.bodyB[r];
  return e !== 0 && body.invInertia[e] > 0 ? e : 0;
}

/** Relative regularisation of the chain system (see solveChainDirect), 1/kg per 1/kg. */
const CHAIN_EPS = 1e-7;
const boxPoint = createBodyPoint();
/** What solveChainDirect leaves (module scratch: V8 boxes a double returned from a call it does
 *  not inline). */
const chainResult = { worstOff: 0, isAtLength: false };

/**
 * All of rope r's segment constraints at once: one Newton step, (J W J^T + alpha~) lambda = -C,
 * which for a chain is tridiagonal and solved exactly in O(n) (Thomas algorithm). One sweep of
 * per-segment projections carries a correction only one way, so a slack 16-segment rope hanging
 * under its own weight sat 0.16 % long with a sweep each way per substep; solved together, the
 * chain is at length up to round-off. A straight chain between two pinned ends makes the system
 * singular (stretching every segment alike moves nothing); a tiny regularisation keeps it solvable,
 * and that mode moves no particle. A tied box end takes part with the box's generalized inverse
 * mass along the end segment, and its share moves (and turns) the box; other tied ends are pinned.
 * Leaves the worst segment's length error before the step, as a share of its rest length, in
 * chainResult.worstOff, and whether the whole step (not scaled down) left every segment within
 * AT_LENGTH of its length in chainResult.isAtLength.
 */
function solveChainDirect(world: SimWorld, r: number): void {
  const { particle, rope } = world;
  const seg = world.chain.seg;
  // Locals, not the module's constants (chainSlots.ts).
  const stride = STRIDE, nX = NX, nY = NY, cP = CP, dP = DP, sX = SX, sY = SY;
  const chainEps = CHAIN_EPS;
  const h = world.substep.h;
  const alphaPerMetre = rope.compliance[r] / (rope.length[r] * h * h); // compliance per metre over h^2
  const first = rope.first[r];
  const m = rope.count[r] - 1; // segments
  chainResult.worstOff = 0;
  chainResult.isAtLength = false;
  sweptBounds.rope = -1;
  if (m < 1) return;
  const x = particle.x;
  const y = particle.y;
  const w = particle.invMass;
  const rest = particle.rest;
  const last = first + m;
  // Three passes, not six: segment k + 1 is measured as row k of the elimination needs it, each
  // particle's move is found as the back substitution makes its two multipliers final, and the
  // moves are applied with the multipliers kept. What the previous row or segment left is carried
  // in locals, not read back from the arrays: the elimination and the back substitution are
  // chains of dependent divisions and products, and a tether has only ~20 rows. Every expression
  // is the one the six passes computed, in the same order (the same bits: replays are unchanged).
  // A 20-segment tether's solve takes ~27 % less time than in six passes (480 -> 350 ns).
  let worstOff = 0;
  // Segment k's direction and length error (C_k), then segment k + 1's, and row k - 1's.
  let cnx = 0;
  let cny = 0;
  let cC = 0;
  {
    const dx = x[first + 1] - x[first];
    const dy = y[first + 1] - y[first];
    const d = Math.sqrt(dx * dx + dy * dy);
    if (!(d < 1e-12)) {
      cnx = dx / d;
      cny = dy / d;
      cC = d - rest[first];
      const off = cC < 0 ? -cC : cC;
      if (off > worstOff * rest[first]) worstOff = off / rest[first];
    }
  }
  // A box at an end: its generalized inverse mass along the end segment (0 = pinned).
  const boxA = chainBoxEnd(world, r, 0, alphaPerMetre !== 0);
  const boxB = chainBoxEnd(world, r, 1, alphaPerMetre !== 0);
  let wA = 0;
  let wB = 0;
  if (boxA !== 0) { boxPoint.nx = cnx; boxPoint.ny = cny; endArm(world, r, 0, boxPoint); invMassAt(world, boxA, boxPoint); wA = boxPoint.w; }
  if (boxB !== 0) {
    // Along the last segment, measured here as the elimination will (no call inside its loop:
    // around one, V8 keeps the loop's numbers in memory).
    const dx = x[last] - x[last - 1];
    const dy = y[last] - y[last - 1];
    const d = Math.sqrt(dx * dx + dy * dy);
    boxPoint.nx = d < 1e-12 ? 0 : dx / d;
    boxPoint.ny = d < 1e-12 ? 0 : dy / d;
    endArm(world, r, 1, boxPoint);
    invMassAt(world, boxB, boxPoint);
    wB = boxPoint.w;
  }
  // Forward elimination. Row k: a_k l_{k-1} + b_k l_k + c_k l_{k+1} = -C_k.
  let pnx = 0;
  let pny = 0;
  let pcp = 0;
  let pdp = 0;
  let wi = boxA !== 0 ? wA : w[first];
  for (let k = 0, s = 0; k < m; k++, s += stride) {
    const i = first + k;
    let nnx = 0;
    let nny = 0;
    let nC = 0;
    if (k + 1 < m) {
      const dx = x[i + 2] - x[i + 1];
      const dy = y[i + 2] - y[i + 1];
      const d = Math.sqrt(dx * dx + dy * dy);
      if (!(d < 1e-12)) {
        nnx = dx / d;
        nny = dy / d;
        nC = d - rest[i + 1];
        const off = nC < 0 ? -nC : nC;
        if (off > worstOff * rest[i + 1]) worstOff = off / rest[i + 1];
      }
    }
    seg[s + nX] = cnx;
    seg[s + nY] = cny;
    const wj = k === m - 1 && boxB !== 0 ? wB : w[i + 1];
    const b = wi + wj + alphaPerMetre * rest[i] + chainEps * (wi + wj);
    const a = k > 0 ? -wi * (pnx * cnx + pny * cny) : 0;
    const c = k < m - 1 ? -wj * (cnx * nnx + cny * nny) : 0;
    const rhs = cnx === 0 && cny === 0 ? 0 : -cC;
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
    pnx = cnx;
    pny = cny;
    cnx = nnx;
    cny = nny;
    cC = nC;
    wi = wj;
  }
  // Back substitution (dp becomes lambda), each particle's move once its multipliers are final:
  // dx_i = w_i (n_{i-1} lambda_{i-1} - n_i lambda_i), applied at once (where each particle was is
  // kept in SX, SY), except at a box end, which gets its impulse once the pass is done; each
  // multiplier kept (sign as in projectSegment) for the sweep after collision; and each segment,
  // once both its particles are final, measured against AT_LENGTH (chainResult.isAtLength).
  // A nearly straight chain that is slightly compressed makes the system nearly singular, and then
  // one Newton step can throw a particle far sideways (the fuzz found a 3 m jump once in 1.2
  // million ticks): if any particle would move more than a quarter of its rope's nominal segment,
  // the whole step is scaled down to that (the sweep after collision finishes the job), every
  // particle moved again from where it was. (Applied here and not in passes of their own: the
  // same numbers, two passes fewer over the chain.)
  const lambda = particle.lambda;
  let worst2 = 0;
  let isAtLength = true;
  const sLast = (m - 1) * stride;
  let dNext = seg[sLast + dP]; // lambda_{k+1}, with segment k + 1's direction
  let nxNext = seg[sLast + nX];
  let nyNext = seg[sLast + nY];
  lambda[first + m - 1] = -dNext;
  // The bounds of the particles as moved (solvedBounds).
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  // The last particle's move.
  let lastX = 0;
  let lastY = 0;
  lastX += nxNext * dNext;
  lastY += nyNext * dNext;
  {
    const wm = w[last];
    const move2 = (lastX * lastX + lastY * lastY) * wm * wm;
    if (move2 > worst2) worst2 = move2;
    if (boxB === 0) {
      seg[m * stride + sX] = x[last];
      seg[m * stride + sY] = y[last];
      if (wm !== 0) {
        x[last] += wm * lastX;
        y[last] += wm * lastY;
      }
    }
  }
  // Particle i + 1 as final (for segment i's length), carried from the turn before.
  let xAfter = x[last];
  let yAfter = y[last];
  for (let k = m - 2, s = sLast - stride; k >= 0; k--, s -= stride) {
    const dk = seg[s + dP] - seg[s + cP] * dNext;
    seg[s + dP] = dk;
    lambda[first + k] = -dk;
    const nxk = seg[s + nX];
    const nyk = seg[s + nY];
    let ax = 0;
    let ay = 0;
    ax += nxk * dk;
    ay += nyk * dk;
    ax -= nxNext * dNext;
    ay -= nyNext * dNext;
    const i = first + k + 1;
    const wk = w[i];
    const move2 = (ax * ax + ay * ay) * wk * wk;
    if (move2 > worst2) worst2 = move2;
    let px = x[i];
    let py = y[i];
    seg[s + stride + sX] = px;
    seg[s + stride + sY] = py;
    if (wk !== 0) {
      px += wk * ax;
      py += wk * ay;
      x[i] = px;
      y[i] = py;
    }
    if (px < minX) minX = px;
    if (px > maxX) maxX = px;
    if (py < minY) minY = py;
    if (py > maxY) maxY = py;
    // Segment i, both its particles final (the last one: unless a box end still moves it).
    if (isAtLength && (k < m - 2 || boxB === 0)) isAtLength = isSegmentAtLength(xAfter - px, yAfter - py, rest[i]);
    xAfter = px;
    yAfter = py;
    dNext = dk;
    nxNext = nxk;
    nyNext = nyk;
  }
  // The first particle's move.
  let firstX = 0;
  let firstY = 0;
  firstX -= nxNext * dNext;
  firstY -= nyNext * dNext;
  {
    const w0 = w[first];
    const move2 = (firstX * firstX + firstY * firstY) * w0 * w0;
    if (move2 > worst2) worst2 = move2;
  }
  const maxMove = 0.25 * rope.nominalSegment[r];
  const isScaled = worst2 > maxMove * maxMove;
  if (isScaled) {
    const scale = maxMove / Math.sqrt(worst2);
    for (let s = 0; s < m * stride; s += stride) seg[s + dP] *= scale;
    for (let k = 0; k < m; k++) lambda[first + k] = -seg[k * stride + dP];
    for (let k = 0, s = 0; k <= m; k++, s += stride) {
      let ax = 0;
      let ay = 0;
      if (k > 0) { ax += seg[s - stride + nX] * seg[s - stride + dP]; ay += seg[s - stride + nY] * seg[s - stride + dP]; }
      if (k < m) { ax -= seg[s + nX] * seg[s + dP]; ay -= seg[s + nY] * seg[s + dP]; }
      if (k === 0) { firstX = ax; firstY = ay; continue; }
      if (k === m && boxB !== 0) { lastX = ax; lastY = ay; continue; }
      const i = first + k;
      const wk = w[i];
      if (wk === 0) continue;
      x[i] = seg[s + sX] + wk * ax;
      y[i] = seg[s + sY] + wk * ay;
    }
  }
  // What a box end carries here counts towards the rope's tension: a load that reaches the box
  // through a contact after the length constraint ran (a player standing on a hanging crate) is
  // held up by this solve alone. lambda < 0 pulls (C > 0 stretched).
  const loadA = boxA !== 0 ? -seg[dP] : 0;
  const loadB = boxB !== 0 ? -seg[sLast + dP] : 0;
  const load = loadA > loadB ? loadA : loadB;
  if (load > 0) rope.impulse[r] += load / h;
  // The first particle's move (a box end gets its impulse instead), and the last's at a box.
  if (boxA !== 0) {
    boxPoint.nx = firstX;
    boxPoint.ny = firstY;
    moveBoxEnd(world, r, 0, boxA, boxPoint);
    x[first] = endA.x;
    y[first] = endA.y;
  } else {
    const w0 = w[first];
    if (w0 !== 0) {
      x[first] += w0 * firstX;
      y[first] += w0 * firstY;
    }
  }
  if (boxB !== 0) {
    boxPoint.nx = lastX;
    boxPoint.ny = lastY;
    moveBoxEnd(world, r, 1, boxB, boxPoint);
    x[last] = endA.x;
    y[last] = endA.y;
    // The segment onto the box end, now final (the one before it: measured in the pass).
    if (isAtLength && m > 1) isAtLength = isSegmentAtLength(x[last] - x[last - 1], y[last] - y[last - 1], rest[last - 1]);
  }
  // The first segment, now final.
  if (isAtLength) isAtLength = isSegmentAtLength(x[first + 1] - x[first], y[first + 1] - y[first], rest[first]);
  chainResult.isAtLength = isAtLength && !isScaled;
  if (isScaled) {
    solvedBounds.rope = -1;
  } else {
    // The two end particles, where they ended.
    for (let i = first; i <= last; i += m) {
      const px = x[i];
      const py = y[i];
      if (px < minX) minX = px;
      if (px > maxX) maxX = px;
      if (py < minY) minY = py;
      if (py > maxY) maxY = py;
    }
    solvedBounds.rope = r;
    solvedBounds.minX = minX;
    solvedBounds.minY = minY;
    solvedBounds.maxX = maxX;
    solvedBounds.maxY = maxY;
  }
  chainResult.worstOff = worstOff;
}

/**
 * The whole chain of a rope bent round corners again, after collision and the backward sweep,
 * while a segment is still over RESOLVE_STRETCH (at most RESOLVE_PASSES times; true if it solved):
 * as against tiles, the rope's length wins over collision. A slack rope lying over a crate that catches a tile
 * corner under it (only corners bend a rope, not boxes) has its particles drawn through the crate
 * towards the corner by their Long Range Attachments and pushed out by the crate's nearest face,
 * up to half a metre in a substep, and the one backward sweep left a segment 62 % long at the end
 * of the tick (the long fuzz, Timber Mine; 24 % with one pass more, 1 % with three). The chain of
 * a bent rope pulls no box (chainBoxEnd), so this moves particles only.
 */
export function resolveBentChain(world: SimWorld, r: number): boolean {
  if (world.wrap.count[r] === 0) return false;
  // The sweep just before measured its segments as it finished them (relaxed.rope === r).
  const isStretched = relaxed.rope === r ? relaxed.isStretched : isStretchedBeyond(world, r, RESOLVE_STRETCH);
  if (!isStretched) return false;
  solveChainDirect(world, r);
  for (let pass = 1; pass < RESOLVE_PASSES && isStretchedBeyond(world, r, RESOLVE_STRETCH); pass++) solveChainDirect(world, r);
  return true;
}

/** Which rope relaxRope swept last (-1: a sweep that did not measure), and whether a segment of
 *  it ended stretched beyond RESOLVE_STRETCH, as isStretchedBeyond finds (module scratch). */
const relaxed = { rope: -1, isStretched: false };

/**
 * ropeMaxStretch(world, r) > limit, without a square root and a division per segment: a segment
 * whose squared length is under 0.99 (1 + limit)^2 rest^2 is far from the limit (by ~0.5 % of
 * its length, way beyond round-off), and only the others are measured as ropeMaxStretch does.
 */
function isStretchedBeyond(world: SimWorld, r: number, limit: number): boolean {
  const { rope, particle } = world;
  const { x, y, rest } = particle;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const clear = 0.99 * (1 + limit) * (1 + limit);
  for (let i = first; i < last; i++) {
    const len = rest[i];
    if (len <= 0) continue;
    const dx = x[i + 1] - x[i];
    const dy = y[i + 1] - y[i];
    const d2 = dx * dx + dy * dy;
    if (d2 < clear * len * len) continue;
    if (Math.sqrt(d2) / len - 1 > limit) return true;
  }
  return false;
}

/** Most chain solves resolveBentChain makes (each moves a particle at most a quarter segment). */
const RESOLVE_PASSES = 3;

/** Stretch of a bent rope's segment after the backward sweep beyond which resolveBentChain solves its chain again. */
const RESOLVE_STRETCH = 0.1;

/** Pushes box `e` at end `side` of rope `r` by the impulse in p (nx, ny), then puts the end's new place in endA. */
function moveBoxEnd(world: SimWorld, r: number, side: number, e: number, p: BodyPoint): void {
  endArm(world, r, side, p);
  pushBody(world, e, p);
  endPosition(world, r, side, endA);
}

/**
 * The chain's backward sweep, run after collision so the rope ends each substep at its length:
 * one Gauss-Seidel sweep carries a correction only one way. XPBD distance constraints between
 * neighbouring particles (compliance proportional to the segment's share of the rope, as springs in
 * series); a segment that ends on a box the chain pulls pulls the box too, by its generalized
 * inverse mass at the tie point, and the end particle stays on that point.
 * Skipped (false) for a rope whose chain solveRope solved, leaving every segment within
 * AT_LENGTH (0.01 %) of its length, and which nothing moved since (`isTouched` false: no tile,
 * corner or box): the sweep would only polish that (the next substep's solve measures what is
 * left). A taut tether, a rope swinging in the air, a crate's rope: most ropes, most substeps
 * (issue 17, "skip work for ropes that touched nothing"). Heavy ropes too since 2026-12-01: their
 * sweep ran every substep, ~8 % of the bench's A10 tick.
 */
export function relaxRope(world: SimWorld, r: number, isTouched: boolean): boolean {
  const { particle, rope } = world;
  const h = world.substep.h;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const alphaPerMetre = rope.compliance[r] / (rope.length[r] * h * h);
  const boxA = chainBoxEnd(world, r, 0, alphaPerMetre !== 0);
  const boxB = chainBoxEnd(world, r, 1, alphaPerMetre !== 0);
  const x = particle.x;
  const y = particle.y;
  relaxed.rope = -1;
  sweptBounds.rope = -1;
  if (!isTouched && solved.rope === r) {
    // Every segment within AT_LENGTH of its length, so none over RESOLVE_STRETCH
    // (resolveBentChain need not measure them again).
    relaxed.rope = r;
    relaxed.isStretched = false;
    return false;
  }
  if (boxA === 0 && boxB === 0) {
    relaxParticles(particle, world.grid, first, last, alphaPerMetre);
    relaxed.rope = r;
    sweptBounds.rope = r;
    return true;
  }
  for (let i = last - 1; i >= first; i--) {
    const j = i + 1;
    const rest = particle.rest[i];
    const dx = x[j] - x[i];
    const dy = y[j] - y[i];
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d < 1e-12) continue;
    const nx = dx / d;
    const ny = dy / d;
    const isBoxI = boxA !== 0 && i === first;
    const isBoxJ = !isBoxI && boxB !== 0 && j === last;
    let wi = particle.invMass[i];
    let wj = particle.invMass[j];
    if (isBoxI || isBoxJ) {
      boxPoint.nx = nx;
      boxPoint.ny = ny;
      endArm(world, r, isBoxI ? 0 : 1, boxPoint);
      invMassAt(world, isBoxI ? boxA : boxB, boxPoint);
      if (isBoxI) wi = boxPoint.w;
      else wj = boxPoint.w;
    }
    const alpha = alphaPerMetre * rest;
    const wsum = wi + wj + alpha;
    if (wsum === 0) continue;
    const dLambda = (d - rest - alpha * particle.lambda[i]) / wsum;
    particle.lambda[i] += dLambda;
    if (isBoxI) {
      boxPoint.nx = nx * dLambda;
      boxPoint.ny = ny * dLambda;
      moveBoxEnd(world, r, 0, boxA, boxPoint);
      x[i] = endA.x;
      y[i] = endA.y;
    } else {
      x[i] += nx * dLambda * wi;
      y[i] += ny * dLambda * wi;
    }
    if (isBoxJ) {
      boxPoint.nx = -nx * dLambda;
      boxPoint.ny = -ny * dLambda;
      moveBoxEnd(world, r, 1, boxB, boxPoint);
      x[j] = endA.x;
      y[j] = endA.y;
    } else {
      x[j] -= nx * dLambda * wj;
      y[j] -= ny * dLambda * wj;
    }
  }
  return true;
}

/**
 * relaxRope's sweep when no box takes part (most ropes, every substep): the same arithmetic, with
 * the particle the last segment moved carried in locals instead of read back from the arrays (the
 * sweep is one long chain of dependent square roots and divisions; the round trip through memory
 * was part of every link). Each particle, once final, also goes into sweptBounds (its bounds, and
 * whether it lies in the stone): the pass after the sweep (collideRopeAfterSweep) needs both and
 * took a pass of its own for them.
 */
function relaxParticles(particle: ParticleComponent, grid: TileGrid, first: number, last: number, alphaPerMetre: number): void {
  const { x, y, invMass, rest, lambda } = particle;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  let isInStone = false;
  // Each segment's length once the sweep is done with both its particles (particle i + 1 is
  // final after segment i's turn): whether any ends over RESOLVE_STRETCH, as isStretchedBeyond
  // measures it (resolveBentChain asks, for a bent rope), without a pass of its own.
  const clear = 0.99 * (1 + RESOLVE_STRETCH) * (1 + RESOLVE_STRETCH);
  let isStretched = false;
  let xj = x[last];
  let yj = y[last];
  let wj = invMass[last];
  let xAfter = 0; // particle i + 2, final
  let yAfter = 0;
  for (let i = last - 1; i >= first; i--) {
    const segmentRest = rest[i];
    let xi = x[i];
    let yi = y[i];
    const wi = invMass[i];
    const dx = xj - xi;
    const dy = yj - yi;
    const d = Math.sqrt(dx * dx + dy * dy);
    const alpha = alphaPerMetre * segmentRest;
    const wsum = wi + wj + alpha;
    let xjDone = xj;
    let yjDone = yj;
    if (!(d < 1e-12) && wsum !== 0) {
      const nx = dx / d;
      const ny = dy / d;
      const dLambda = (d - segmentRest - alpha * lambda[i]) / wsum;
      lambda[i] += dLambda;
      xi += nx * dLambda * wi;
      yi += ny * dLambda * wi;
      x[i] = xi;
      y[i] = yi;
      xjDone = xj - nx * dLambda * wj;
      yjDone = yj - ny * dLambda * wj;
      x[i + 1] = xjDone;
      y[i + 1] = yjDone;
    }
    if (i + 1 < last && !isStretched) isStretched = isBeyond(xAfter - xjDone, yAfter - yjDone, rest[i + 1], clear);
    // Particle i + 1 is final.
    if (xjDone < minX) minX = xjDone;
    if (xjDone > maxX) maxX = xjDone;
    if (yjDone < minY) minY = yjDone;
    if (yjDone > maxY) maxY = yjDone;
    if (!isInStone && wj !== 0) isInStone = tileAt(grid, Math.floor(xjDone), Math.floor(yjDone)) === Tile.Solid;
    xAfter = xjDone;
    yAfter = yjDone;
    xj = xi;
    yj = yi;
    wj = wi;
  }
  if (first < last && !isStretched) isStretched = isBeyond(xAfter - xj, yAfter - yj, rest[first], clear);
  relaxed.isStretched = isStretched;
  // The first particle, final.
  if (xj < minX) minX = xj;
  if (xj > maxX) maxX = xj;
  if (yj < minY) minY = yj;
  if (yj > maxY) maxY = yj;
  if (!isInStone && wj !== 0) isInStone = tileAt(grid, Math.floor(xj), Math.floor(yj)) === Tile.Solid;
  sweptBounds.minX = minX;
  sweptBounds.minY = minY;
  sweptBounds.maxX = maxX;
  sweptBounds.maxY = maxY;
  sweptBounds.isInStone = isInStone;
}

/** isStretchedBeyond's test of one segment (dx, dy) of rest length `len` against RESOLVE_STRETCH. */
function isBeyond(dx: number, dy: number, len: number, clear: number): boolean {
  if (len <= 0) return false;
  const d2 = dx * dx + dy * dy;
  if (d2 < clear * len * len) return false;
  return Math.sqrt(d2) / len - 1 > RESOLVE_STRETCH;
}

/**
 * Moves particle i to the nearest point of the intersection of the discs in `lens`: unchanged
 * inside both; else onto one circle if that lands inside the other disc; else onto the nearer
 * corner of the lens. If the discs do not meet (ends farther apart than the rope: the length
 * constraint could not be met this substep), onto segment AB at ra : rb.
 */
function clampToLens(x: Float64Array, y: Float64Array, i: number): void {
  const { ax, ay, bx, by, ra, rb } = lens;
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
  // The axis A -> B is the same for every particle of the lens (a taut rope sends most of its
  // particles here): measured once per lens.
  if (!lens.hasAxis) {
    const ux0 = bx - ax;
    const uy0 = by - ay;
    lens.d = Math.sqrt(ux0 * ux0 + uy0 * uy0);
    lens.ux = lens.d < 1e-12 ? 0 : ux0 / lens.d;
    lens.uy = lens.d < 1e-12 ? 0 : uy0 / lens.d;
    lens.hasAxis = true;
  }
  const d = lens.d;
  if (d < 1e-12) { x[i] = ax; y[i] = ay; return; }
  const ux = lens.ux;
  const uy = lens.uy;
  const ux0 = bx - ax;
  const uy0 = by - ay;
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

/**
 * The largest relative segment stretch of every active rope (0.01 = 1 %), measured when asked: the
 * F3 overlay, the debug handle, tests and tools read it, the sim's own steps never do, so it is not
 * kept up to date every tick (it was ~5 % of a tick of 200 ropes, issue 17).
 */
export function worldMaxStretch(world: SimWorld): number {
  const { rope, particle } = world;
  const ropes = world.queries.ropes.dense;
  const { x, y, rest } = particle;
  let worst = 0;
  // A segment whose squared length is under STRETCH_CLEAR (1 + worst)^2 rest^2 is shorter than the
  // worst so far by ~5e-7 of its length, far beyond round-off: no square root and division for it
  // (most segments, once a stretched one is found). The worst is measured as before, exactly.
  let clear = STRETCH_CLEAR;
  for (let k = 0; k < ropes.length; k++) {
    const r = ropes[k];
    if (rope.isActive[r] === 0) continue;
    const first = rope.first[r];
    const last = first + rope.count[r] - 1;
    for (let i = first; i < last; i++) {
      const len = rest[i];
      if (len <= 0) continue;
      const dx = x[i + 1] - x[i];
      const dy = y[i + 1] - y[i];
      const d2 = dx * dx + dy * dy;
      if (d2 < clear * len * len) continue;
      const stretch = Math.sqrt(d2) / len - 1;
      if (stretch > worst) {
        worst = stretch;
        clear = STRETCH_CLEAR * (1 + worst) * (1 + worst);
      }
    }
  }
  return worst;
}

/** worldMaxStretch's margin: (1 - 1e-6) on the squared length. */
const STRETCH_CLEAR = 1 - 1e-6;

/** Largest relative segment stretch of rope `r` (0.01 = 1 % longer than rest). For tests and tools. */
export function ropeMaxStretch(world: SimWorld, r: number): number {
  const { rope, particle } = world;
  const first = rope.first[r];
  let worst = 0;
  for (let i = first; i < first + rope.count[r] - 1; i++) {
    if (particle.rest[i] <= 0) continue;
    const dx = particle.x[i + 1] - particle.x[i];
    const dy = particle.y[i + 1] - particle.y[i];
    const stretch = Math.sqrt(dx * dx + dy * dy) / particle.rest[i] - 1;
    if (stretch > worst) worst = stretch;
  }
  return worst;
}
