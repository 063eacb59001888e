// Boxes against boxes (issue 14: crates stack, a swinging crate knocks another by momentum, nothing
// passes through another body). Like boxes against tiles (boxes.ts): each outline point of one box
// (corners and points along its edges) that is inside the other leaves by the face it came in
// through, judged from where both were at the start of the substep; here both boxes take the
// positional impulse, split by their generalized inverse masses at the contact, so momentum is
// shared and a light crate gives way to a heavy one. Then Coulomb friction undoes the contact's
// slide over the substep, up to boxFriction times the push. A moving platform (1/m = 0) takes no
// share: it pushes crates out of its way and carries them.

import { createBodyPoint, invMassAt, pushBody } from './bodyPoint';
import { collideBoxesWithTiles } from './boxes';
import type { SimWorld } from '../worldState';

/** Outline points at most this far apart, m (as against tiles). */
const POINT_SPACING = 0.45;
/**
 * Overlap left in place, m (Box2D's linear slop): a resting crate sits this deep in the one below
 * and so touches it in every substep. Resolved fully, it floated free every other substep, had no
 * friction then, and rocked its way sideways (~2 mm/s).
 */
const SLOP = 0.002;
/** A point up to this far outside the other box's side still counts as over it, m: two crates
 *  stacked flush put each one's corners exactly on the other's sides, and round-off made them
 *  flicker in and out, pushing one side only. */
const EDGE = 1e-3;
const onA = createBodyPoint();
const onB = createBodyPoint();

/** Most rounds of boxes-then-tiles in a substep while boxes touch (each round leaves ~1/2 of what was left). */
const CONTACT_ROUNDS = 4;

/**
 * Boxes out of each other, then out of the tiles (stone has the last word), repeated while boxes
 * touch: a crate landing on one that stands on the floor pushes it into the floor, the floor pushes
 * it back, and one round would leave half the overlap to be undone next substep as a bounce out of
 * nowhere (a crate dropped at 30 m/s onto another came back up at 11 m/s). With no box touching
 * another this is exactly the tile pass alone.
 */
export function collideBoxes(world: SimWorld): void {
  contactCount = 0;
  for (let round = 0; round < CONTACT_ROUNDS; round++) {
    const isTouching = collideBoxesWithBoxes(world);
    collideBoxesWithTiles(world);
    if (!isTouching) break;
  }
  for (let k = 0; k < contactCount; k++) {
    friction(world, contactP[k], contactQ[k], contactLX[k], contactLY[k], contactNX[k], contactNY[k], contactPush[k]);
  }
}

let touched = false;

/**
 * The substep's box-box contacts, for one friction pass after the last round (as the tiles do
 * after all their points): friction inside the rounds followed the lower crate's jiggle as the
 * floor pushed it back, and a crate resting on another crept sideways ~8 mm/s.
 */
const MAX_CONTACTS = 512;
const contactP = new Int32Array(MAX_CONTACTS);
const contactQ = new Int32Array(MAX_CONTACTS);
const contactLX = new Float64Array(MAX_CONTACTS);
const contactLY = new Float64Array(MAX_CONTACTS);
const contactNX = new Float64Array(MAX_CONTACTS);
const contactNY = new Float64Array(MAX_CONTACTS);
const contactPush = new Float64Array(MAX_CONTACTS);
let contactCount = 0;

function recordContact(p: number, q: number, lx: number, ly: number, nx: number, ny: number, push: number): void {
  if (contactCount >= MAX_CONTACTS) return;
  const k = contactCount++;
  contactP[k] = p; contactQ[k] = q; contactLX[k] = lx; contactLY[k] = ly;
  contactNX[k] = nx; contactNY[k] = ny; contactPush[k] = push;
}

/** One pass over every pair of boxes; true when any two touched. */
export function collideBoxesWithBoxes(world: SimWorld): boolean {
  touched = false;
  const { body, box } = world;
  const boxes = world.queries.boxes.dense;
  for (let i = 0; i < boxes.length; i++) {
    const a = boxes[i];
    for (let j = i + 1; j < boxes.length; j++) {
      const b = boxes[j];
      if (box.isPlatform[a] && box.isPlatform[b]) continue;
      // Far apart: their bounding circles do not meet.
      const ra = body.halfW[a] + body.halfH[a];
      const rb = body.halfW[b] + body.halfH[b];
      const dx = body.x[b] - body.x[a];
      const dy = body.y[b] - body.y[a];
      if (dx * dx + dy * dy >= (ra + rb) * (ra + rb)) continue;
      solvePair(world, a, b);
    }
  }
  return touched;
}

/** The contact normal of the pair being solved, pointing from q towards p (p moves along it). */
const normal = { x: 0, y: 0 };

/**
 * The separating axis of boxes p and q at the start of the substep (SAT over the four face
 * normals: the one with the largest gap, or the least overlap if they already overlapped), into
 * `normal`, oriented from q to p. Judged at the start of the substep so the face they came in
 * through decides, not the shallowest one now (a fast crate is already deep).
 */
function contactNormal(world: SimWorld, p: number, q: number): void {
  const { body } = world;
  const dx = body.prevX[p] - body.prevX[q];
  const dy = body.prevY[p] - body.prevY[q];
  let best = -Infinity;
  for (let k = 0; k < 4; k++) {
    const e = k < 2 ? p : q;
    const c = body.prevRotC[e];
    const s = body.prevRotS[e];
    const ax = k % 2 === 0 ? c : -s;
    const ay = k % 2 === 0 ? s : c;
    const gap = Math.abs(dx * ax + dy * ay) - extent(world, p, ax, ay, true) - extent(world, q, ax, ay, true);
    if (gap > best) {
      best = gap;
      const g = dx * ax + dy * ay < 0 ? -1 : 1;
      normal.x = ax * g;
      normal.y = ay * g;
    }
  }
}

/** Half the extent of box e along the unit axis (ax, ay), m (old or current orientation). */
function extent(world: SimWorld, e: number, ax: number, ay: number, isPrev: boolean): number {
  const { body } = world;
  const c = isPrev ? body.prevRotC[e] : body.rotC[e];
  const s = isPrev ? body.prevRotS[e] : body.rotS[e];
  return body.halfW[e] * Math.abs(c * ax + s * ay) + body.halfH[e] * Math.abs(-s * ax + c * ay);
}

/** The penetrating outline points of the pair, summed: depth-weighted position and the deepest. */
const found = { sx: 0, sy: 0, weight: 0, deepest: 0, count: 0 };
/** The penetrating points of the pair (which box: +1 p, -1 q; where in its frame). */
const MAX_POINTS = 64;
const pointSign = new Float64Array(MAX_POINTS);
const pointLX = new Float64Array(MAX_POINTS);
const pointLY = new Float64Array(MAX_POINTS);
/** Deeper than this, m, a contact is an impact: one push at the centre of the points. */
const IMPACT_DEPTH = 0.01;

/**
 * Each outline point of p inside q, and of q inside p, found first; then ONE push along the
 * normal, by the deepest point's depth, at their depth-weighted centre. Pushing point by point
 * (each by its own depth, one after another) spun a crate landing flat at 30 m/s to 14 rad/s:
 * the first point took the whole overlap and turned the box, the others less. A flat landing's
 * centre is the middle of the face (no turn); a corner's is the corner.
 */
function solvePair(world: SimWorld, p: number, q: number): void {
  contactNormal(world, p, q);
  found.sx = 0; found.sy = 0; found.weight = 0; found.deepest = 0; found.count = 0;
  pointsOfInto(world, p, q, 1);
  pointsOfInto(world, q, p, -1);
  if (found.deepest <= SLOP) return;
  if (found.deepest < IMPACT_DEPTH + SLOP) {
    // Resting or sliding: each point by its own depth, one after another (the contact patch holds
    // the box level, as the tiles do), re-measured after the pushes before it.
    for (let k = 0; k < found.count; k++) {
      if (pointSign[k] > 0) pushPoint(world, p, q, pointLX[k], pointLY[k], 1);
      else pushPoint(world, q, p, pointLX[k], pointLY[k], -1);
    }
    return;
  }
  const { body } = world;
  const cx = found.sx / found.weight;
  const cy = found.sy / found.weight;
  const nx = normal.x;
  const ny = normal.y;
  const rx = cx - body.x[p];
  const ry = cy - body.y[p];
  const ox = cx - body.x[q];
  const oy = cy - body.y[q];
  onA.rx = rx; onA.ry = ry; onA.nx = nx; onA.ny = ny;
  invMassAt(world, p, onA);
  onB.rx = ox; onB.ry = oy; onB.nx = nx; onB.ny = ny;
  invMassAt(world, q, onB);
  const wSum = onA.w + onB.w;
  if (wSum === 0) return;
  const push = (found.deepest - SLOP) / wSum;
  touched = true;
  // The contact as a point of p's own frame, for friction after the push moved p.
  const lx = rx * body.rotC[p] + ry * body.rotS[p];
  const ly = -rx * body.rotS[p] + ry * body.rotC[p];
  applyPair(world, p, q, rx, ry, ox, oy, nx * push, ny * push);
  recordContact(p, q, lx, ly, nx, ny, push);
}

/** Point (lx, ly) of box e, if still inside o: e and o pushed apart along the normal by its depth. */
function pushPoint(world: SimWorld, e: number, o: number, lx: number, ly: number, sign: number): void {
  const { body } = world;
  const rx = body.rotC[e] * lx - body.rotS[e] * ly;
  const ry = body.rotS[e] * lx + body.rotC[e] * ly;
  const ox = body.x[e] + rx - body.x[o];
  const oy = body.y[e] + ry - body.y[o];
  const nx = normal.x * sign;
  const ny = normal.y * sign;
  const depth = extent(world, o, nx, ny, false) - (ox * nx + oy * ny) - SLOP;
  if (depth <= 0) return;
  onA.rx = rx; onA.ry = ry; onA.nx = nx; onA.ny = ny;
  invMassAt(world, e, onA);
  onB.rx = ox; onB.ry = oy; onB.nx = nx; onB.ny = ny;
  invMassAt(world, o, onB);
  const wSum = onA.w + onB.w;
  if (wSum === 0) return;
  const push = depth / wSum;
  touched = true;
  applyPair(world, e, o, rx, ry, ox, oy, nx * push, ny * push);
  recordContact(e, o, lx, ly, nx, ny, push);
}

/** Outline points of box `e` inside box `o`, added to `found`; `sign` +1: e is the pair's p. */
function pointsOfInto(world: SimWorld, e: number, o: number, sign: number): void {
  const { body } = world;
  const hw = body.halfW[e];
  const hh = body.halfH[e];
  const nw = Math.max(1, Math.ceil((2 * hw) / POINT_SPACING));
  const nh = Math.max(1, Math.ceil((2 * hh) / POINT_SPACING));
  for (let k = 0; k <= nw; k++) {
    const lx = -hw + (2 * hw * k) / nw;
    pointAt(world, e, o, lx, hh, sign);
    pointAt(world, e, o, lx, -hh, sign);
  }
  for (let k = 1; k < nh; k++) {
    const ly = -hh + (2 * hh * k) / nh;
    pointAt(world, e, o, -hw, ly, sign);
    pointAt(world, e, o, hw, ly, sign);
  }
}

/** Point (lx, ly) of box e's frame: if inside box o, how far past o's extent along the normal. */
function pointAt(world: SimWorld, e: number, o: number, lx: number, ly: number, sign: number): void {
  const { body } = world;
  const wx = body.x[e] + body.rotC[e] * lx - body.rotS[e] * ly;
  const wy = body.y[e] + body.rotS[e] * lx + body.rotC[e] * ly;
  const ox = wx - body.x[o];
  const oy = wy - body.y[o];
  const oc = body.rotC[o];
  const os = body.rotS[o];
  const u = ox * oc + oy * os;
  const v = -ox * os + oy * oc;
  if (body.halfW[o] - Math.abs(u) <= -EDGE || body.halfH[o] - Math.abs(v) <= -EDGE) return;
  const nx = normal.x * sign;
  const ny = normal.y * sign;
  const depth = extent(world, o, nx, ny, false) - (ox * nx + oy * ny);
  if (depth <= 0) return;
  found.sx += wx * depth;
  found.sy += wy * depth;
  found.weight += depth;
  if (depth > found.deepest) found.deepest = depth;
  if (found.count < MAX_POINTS) {
    const k = found.count++;
    pointSign[k] = sign;
    pointLX[k] = lx;
    pointLY[k] = ly;
  }
}

/** Positional impulse (ix, iy) on p at arm (rx, ry) and its opposite on q at arm (ox, oy). */
function applyPair(world: SimWorld, p: number, q: number, rx: number, ry: number, ox: number, oy: number, ix: number, iy: number): void {
  if (world.body.invMass[p] > 0) { onA.rx = rx; onA.ry = ry; onA.nx = ix; onA.ny = iy; pushBody(world, p, onA); }
  if (world.body.invMass[q] > 0) { onB.rx = ox; onB.ry = oy; onB.nx = -ix; onB.ny = -iy; pushBody(world, q, onB); }
}

/**
 * Coulomb friction at the contact of p's point (lx, ly) on q, pushed apart along (nx, ny) by
 * `push` (kg m): the two surfaces' relative slide over the substep is undone, at most
 * boxFriction x push of positional impulse.
 */
function friction(world: SimWorld, p: number, q: number, lx: number, ly: number, nx: number, ny: number, push: number): void {
  const { body } = world;
  const rx = body.rotC[p] * lx - body.rotS[p] * ly;
  const ry = body.rotS[p] * lx + body.rotC[p] * ly;
  const wx = body.x[p] + rx;
  const wy = body.y[p] + ry;
  const ox = wx - body.x[q];
  const oy = wy - body.y[q];
  // The same material point of q at the start of the substep: q's local offset, old pose.
  const qc = body.rotC[q];
  const qs = body.rotS[q];
  const lu = ox * qc + oy * qs;
  const lv = -ox * qs + oy * qc;
  const qx = body.prevX[q] + body.prevRotC[q] * lu - body.prevRotS[q] * lv;
  const qy = body.prevY[q] + body.prevRotS[q] * lu + body.prevRotC[q] * lv;
  const px = body.prevX[p] + body.prevRotC[p] * lx - body.prevRotS[p] * ly;
  const py = body.prevY[p] + body.prevRotS[p] * lx + body.prevRotC[p] * ly;
  const tx = -ny;
  const ty = nx;
  const slide = (wx - px - (wx - qx)) * tx + (wy - py - (wy - qy)) * ty; // p's move minus q's, along t
  onA.rx = rx; onA.ry = ry; onA.nx = tx; onA.ny = ty;
  invMassAt(world, p, onA);
  onB.rx = ox; onB.ry = oy; onB.nx = tx; onB.ny = ty;
  invMassAt(world, q, onB);
  const wSum = onA.w + onB.w;
  if (wSum === 0) return;
  let undo = slide / wSum;
  const limit = world.settings.boxFriction * push;
  if (undo > limit) undo = limit;
  if (undo < -limit) undo = -limit;
  if (undo === 0) return;
  applyPair(world, p, q, rx, ry, ox, oy, -tx * undo, -ty * undo);
}
