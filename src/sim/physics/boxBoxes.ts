// Boxes against boxes (issue 14: crates stack, a swinging crate knocks another by momentum, nothing
// passes through another body). Box2D's manifold for two boxes: the separating axis (judged where
// both were at the start of the substep, so a fast crate's entry face decides) gives a reference
// face; the other box's face most against it, clipped to the reference face's width, gives up to
// two contact points. Both are pushed out together to a 2 mm slop (a 2x2 block solve), both boxes
// taking the positional impulse split by their generalized inverse masses there (momentum shared;
// a light crate gives way to a heavy one), except that in a resting contact a crate standing flat
// on stone counts as at least as heavy as the one on it; an impact deeper than 1 cm takes one push at
// the middle of its points, with the true masses. Boxes against
// each other and against the tiles alternate in rounds (more while any pair is still deep), then Coulomb friction (boxFriction, up to
// mu times the push) between the boxes and against the stone alternates in passes, so stone always
// has the last word. A moving platform (1/m = 0) takes no share: it pushes crates out of its way.
// With no box touching another, this is the tile pass alone (the same results bit for bit).

import { createBodyPoint, invMassAt, pushBody } from './bodyPoint';
import { collideBoxesWithTiles } from './boxes';
import type { SimWorld } from '../worldState';

/** Deeper than this, m, a contact is an impact: one push at the middle of its points. */
const IMPACT_DEPTH = 0.01;
/**
 * Overlap left in place, m (Box2D's linear slop): a resting crate sits this deep in the one below
 * and so touches it in every substep. Resolved fully, it floated free every other substep, had no
 * friction then, and rocked its way sideways (~2 mm/s).
 */
const SLOP = 0.002;
const onA = createBodyPoint();
const onB = createBodyPoint();

/** Rounds of boxes-then-tiles in a substep while boxes touch (each round leaves ~1/2 of what was left). */
const CONTACT_ROUNDS = 4;
/**
 * More rounds, up to this many, while two boxes are still deeper than SETTLED_DEPTH, m: a heavy
 * crate on light ones converges slowly (each round moves the light one most), and with 4 rounds a
 * 22 kg crate on a 7 kg and a 1.5 kg one sank a little each substep and popped back out for ever
 * (0.1-0.3 J every few ticks), a crate driven into a stack at 25 m/s ended 63 mm inside it.
 */
const MAX_ROUNDS = 16;
const SETTLED_DEPTH = SLOP + 0.0005;
/** Passes of box friction then tile friction after the rounds (each leaves ~1/2 of the slide). */
const FRICTION_PASSES = 8;

/**
 * Boxes out of each other, then out of the tiles (stone has the last word), repeated while boxes
 * touch: a crate landing on one that stands on the floor pushes it into the floor, the floor pushes
 * it back, and one round would leave half the overlap to be undone next substep as a bounce out of
 * nowhere (a crate dropped at 30 m/s onto another came back up at 11 m/s). With no box touching
 * another this is exactly the tile pass alone.
 */
export function collideBoxes(world: SimWorld): void {
  contactCount = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const isTouching = collideBoxesWithBoxes(world);
    collideBoxesWithTiles(world);
    if (!isTouching) {
      // The tiles' pass can push a box into another (a plank lying tilted on the floor, set flat
      // under the one leaning on it: 47 mm, the long fuzz, Breaking Point): the loop ends only
      // when the boxes push nothing after it either.
      if (!collideBoxesWithBoxes(world)) break;
      collideBoxesWithTiles(world);
      continue;
    }
    if (round >= CONTACT_ROUNDS - 1 && met.deepest <= SETTLED_DEPTH) break;
  }
  if (contactCount === 0) return;
  // Friction between the boxes, then against the stone, a few times: a crate's friction drags the
  // one under it along, the floor holds that one back, and a single pass left the pair sliding
  // together (~1 cm/s; with the floor's pass only next substep, 1 cm/s and growing).
  for (let pass = 0; pass < FRICTION_PASSES; pass++) {
    for (let k = 0; k < contactCount; k++) friction(world, k);
    collideBoxesWithTiles(world);
  }
  // Then the impacts' pushes again, so they have the last word over friction (as the normal does
  // in Box2D's solver): friction's push at a contact point also turns the box, and at a tilted
  // crate's corner that turns the corner into the crate it slides on. The long fuzz (Spike Run):
  // a crate falling into the pit at 26 m/s, tilted 38 degrees, onto the crate lying there, 2 mm
  // deep after the rounds and 25 mm after the friction passes. Resting contacts (within
  // IMPACT_DEPTH) are left as friction left them: pushed again, with no friction after, stacks
  // crept. The friction passes' contacts stay this substep's (boxUnder reads them).
  const kept = contactCount;
  pushing.from = IMPACT_DEPTH + SLOP;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (!collideBoxesWithBoxes(world)) break;
    collideBoxesWithTiles(world);
  }
  pushing.from = SLOP;
  contactCount = kept;
}

/** A contact is pushed only when deeper than `from`, m (a field: V8 boxes a number written to a module `let`). */
const pushing = { from: SLOP };

let touched = false;
/** The deepest box-box contact met in the last pass, m (a field, not a module `let`: V8 boxes a
 *  number written to one, an allocation per write). */
const met = { deepest: 0 };

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
/** Friction applied at it so far this substep (all passes together), kg m. */
const contactFriction = new Float64Array(MAX_CONTACTS);
let contactCount = 0;

/** One pass over every pair of boxes; true when any two touched. */
export function collideBoxesWithBoxes(world: SimWorld): boolean {
  touched = false;
  met.deepest = 0;
  const { box } = world;
  const boxes = world.queries.boxes.dense;
  for (let i = 0; i < boxes.length; i++) {
    const a = boxes[i];
    for (let j = i + 1; j < boxes.length; j++) {
      const b = boxes[j];
      if (box.isPlatform[a] && box.isPlatform[b]) continue;
      if (areFarApart(world, a, b)) continue;
      solvePair(world, a, b, i, j);
    }
  }
  return touched;
}

/** True when the bounding circles of boxes a and b do not meet (half-width + half-height each). */
function areFarApart(world: SimWorld, a: number, b: number): boolean {
  const { body } = world;
  const ra = body.halfW[a] + body.halfH[a];
  const rb = body.halfW[b] + body.halfH[b];
  const dx = body.x[b] - body.x[a];
  const dy = body.y[b] - body.y[a];
  return dx * dx + dy * dy >= (ra + rb) * (ra + rb);
}

/** The box pushBoxesOffPinned holds still (0: none): its share of every push is 0. */
let pinned = 0;

/**
 * After the players' contacts: box `e` was just pushed by a player, after the box contacts ran, so
 * it may now be inside another box; each box it overlaps is pushed apart from it once more. A
 * player running a light crate into a heavy one (7 m/s, 8 kg into 60 kg) left the two 26 mm inside
 * each other at the end of the tick (the rope yard's property test). With `isPinned` (pushed out of
 * an anchored player, who does not move: as good as a wall on that side) `e` holds still and the
 * other box takes the whole push: shared, a crate squeezed between an anchored player and a crate
 * sliding into it went from one into the other and back, 27 mm deep. Returns true if any box was
 * pushed.
 */
export function pushBoxesOffPinned(world: SimWorld, e: number, isPinned: boolean): boolean {
  const { box } = world;
  const boxes = world.queries.boxes.dense;
  touched = false;
  pinned = isPinned ? e : 0;
  let ke = 0;
  while (boxes[ke] !== e) ke++;
  for (let k = 0; k < boxes.length; k++) {
    const o = boxes[k];
    if (o === e || box.isPlatform[o] || areFarApart(world, e, o)) continue;
    solvePair(world, e, o, ke, k);
  }
  pinned = 0;
  return touched;
}

/**
 * The separating axis of boxes p and q at the start of the substep (SAT over the four face
 * normals, the one with the largest gap, or the least overlap if they already overlapped), judged
 * at the start of the substep so the face a fast crate came in through decides. q's faces are
 * preferred unless one of p's is clearly better (Box2D does the same), so two flush crates do not
 * swap faces over round-off. Sets `reference` (the box owning the face) and its face in its own
 * frame: `faceAxis` 0 (x, width) or 1 (y, height) and `faceSign`.
 */
function referenceFace(world: SimWorld, p: number, q: number): void {
  const { body } = world;
  let bestP = -Infinity;
  let bestQ = -Infinity;
  for (let k = 0; k < 4; k++) {
    const e = k < 2 ? p : q;
    const o = k < 2 ? q : p;
    const c = body.prevRotC[e];
    const s = body.prevRotS[e];
    const ax = k % 2 === 0 ? c : -s;
    const ay = k % 2 === 0 ? s : c;
    // Towards the other box.
    const along = (body.prevX[o] - body.prevX[e]) * ax + (body.prevY[o] - body.prevY[e]) * ay;
    const gap = Math.abs(along) - extent(world, p, ax, ay, true) - extent(world, q, ax, ay, true);
    const sign = along < 0 ? -1 : 1;
    if (k < 2 && gap > bestP) { bestP = gap; faceP.axis = k; faceP.sign = sign; }
    if (k >= 2 && gap > bestQ) { bestQ = gap; faceQ.axis = k - 2; faceQ.sign = sign; }
  }
  const isP = bestP > bestQ + 0.1 * SLOP;
  reference = isP ? p : q;
  incident = isP ? q : p;
  faceAxis = isP ? faceP.axis : faceQ.axis;
  faceSign = isP ? faceP.sign : faceQ.sign;
}

const faceP = { axis: 0, sign: 1 };
const faceQ = { axis: 0, sign: 1 };
let reference = 0;
let incident = 0;
let faceAxis = 0;
let faceSign = 1;

/** Half the extent of box e along the unit axis (ax, ay), m (old or current orientation). */
function extent(world: SimWorld, e: number, ax: number, ay: number, isPrev: boolean): number {
  const { body } = world;
  const c = isPrev ? body.prevRotC[e] : body.rotC[e];
  const s = isPrev ? body.prevRotS[e] : body.rotS[e];
  return body.halfW[e] * Math.abs(c * ax + s * ay) + body.halfH[e] * Math.abs(-s * ax + c * ay);
}

/** The reference face now: outward normal (nx, ny), its middle (fx, fy), tangent half-length. */
const face = { nx: 0, ny: 0, fx: 0, fy: 0, half: 0 };

function placeFace(world: SimWorld): void {
  const { body } = world;
  const r = reference;
  const c = body.rotC[r];
  const s = body.rotS[r];
  const ax = faceAxis === 0 ? c : -s;
  const ay = faceAxis === 0 ? s : c;
  const depth = faceAxis === 0 ? body.halfW[r] : body.halfH[r];
  face.nx = ax * faceSign;
  face.ny = ay * faceSign;
  face.fx = body.x[r] + face.nx * depth;
  face.fy = body.y[r] + face.ny * depth;
  face.half = faceAxis === 0 ? body.halfH[r] : body.halfW[r];
}

/** Up to two contact points: on the incident box, in its own frame, with their depth. */
const contactLocalX = new Float64Array(2);
const contactLocalY = new Float64Array(2);
const contactDepth = new Float64Array(2);
let contactPoints = 0;

/**
 * The incident box's face most against the reference face, clipped to the reference face's
 * width: up to two points, each as deep as it is past the reference face (Box2D's manifold for
 * two boxes). Two flush crates touch at the two ends of their common stretch, symmetric, so
 * neither turns nor slides.
 */
function findContacts(world: SimWorld): void {
  const { body } = world;
  placeFace(world);
  const i = incident;
  const c = body.rotC[i];
  const s = body.rotS[i];
  // Of the incident box's four outward normals, the one most against the face's normal.
  const du = c * face.nx + s * face.ny; // its x axis . n
  const dv = -s * face.nx + c * face.ny; // its y axis . n
  let lnx = 0; // that face's outward normal in the incident box's frame
  let lny = 0;
  if (Math.abs(du) > Math.abs(dv)) lnx = du > 0 ? -1 : 1;
  else lny = dv > 0 ? -1 : 1;
  const hw = body.halfW[i];
  const hh = body.halfH[i];
  // Its two corners, in the incident box's frame.
  const ax = lnx !== 0 ? lnx * hw : -hw;
  const ay = lny !== 0 ? lny * hh : -hh;
  const bx = lnx !== 0 ? lnx * hw : hw;
  const by = lny !== 0 ? lny * hh : hh;
  // Along the reference face: s = (v - f) . t, t = (-ny, nx).
  const tx = -face.ny;
  const ty = face.nx;
  const wax = body.x[i] + c * ax - s * ay;
  const way = body.y[i] + s * ax + c * ay;
  const wbx = body.x[i] + c * bx - s * by;
  const wby = body.y[i] + s * bx + c * by;
  let sa = (wax - face.fx) * tx + (way - face.fy) * ty;
  let sb = (wbx - face.fx) * tx + (wby - face.fy) * ty;
  let la = 0; // the clipped ends as fractions from a to b
  let lb = 1;
  const L = face.half;
  if (sa > sb) { const t = sa; sa = sb; sb = t; la = 1; lb = 0; } // sa is the lower end
  if (sb < -L || sa > L || sb - sa < 1e-12) { contactPoints = 0; return; }
  const f0 = sa < -L ? la + (lb - la) * ((-L - sa) / (sb - sa)) : la;
  const f1 = sb > L ? la + (lb - la) * ((L - sa) / (sb - sa)) : lb;
  contactPoints = 0;
  addContact(world, ax + (bx - ax) * f0, ay + (by - ay) * f0);
  addContact(world, ax + (bx - ax) * f1, ay + (by - ay) * f1);
}

/** The incident box's point (lx, ly) of its own frame, kept if it is past the reference face. */
function addContact(world: SimWorld, lx: number, ly: number): void {
  const { body } = world;
  const i = incident;
  const wx = body.x[i] + body.rotC[i] * lx - body.rotS[i] * ly;
  const wy = body.y[i] + body.rotS[i] * lx + body.rotC[i] * ly;
  const depth = -((wx - face.fx) * face.nx + (wy - face.fy) * face.ny);
  if (depth <= 0) return;
  contactLocalX[contactPoints] = lx;
  contactLocalY[contactPoints] = ly;
  contactDepth[contactPoints++] = depth;
}

/**
 * Resting and sliding contacts: both points pushed apart together to the slop (pushTwoPoints).
 * Pushed one after the other (the second re-measured), the first push turned both boxes, a narrow
 * tall crate most (a long lever on a small inertia), and a 5 kg 0.5 x 1.5 m crate on a 20 kg one
 * rocked and walked 15 mm in 10 s (at up to 96 mm/s), now 0.00 mm. Impacts (deeper
 * than IMPACT_DEPTH): one push at the middle of the points by the deepest, so the first point does
 * not take the whole overlap and spin the crate. `kp`, `kq`: p's and q's index in the boxes query.
 */
function solvePair(world: SimWorld, p: number, q: number, kp: number, kq: number): void {
  referenceFace(world, p, q);
  findContacts(world);
  if (contactPoints === 0) return;
  const k0 = contactPoints === 2 && contactDepth[1] > contactDepth[0] ? 1 : 0;
  const deepest = contactDepth[k0];
  if (deepest > met.deepest) met.deepest = deepest;
  if (deepest <= pushing.from) return;
  const kI = incident === p ? kp : kq;
  const kR = incident === p ? kq : kp;
  // Which box is on the other (the face's normal points from the reference box to the incident one, y down).
  const isIncidentUp = face.ny < -UPRIGHT;
  const isReferenceUp = face.ny > UPRIGHT;
  const standing = world.boxTileContacts.standing;
  let total = 0;
  if (deepest > IMPACT_DEPTH + SLOP) {
    const lx = contactPoints === 2 ? (contactLocalX[0] + contactLocalX[1]) / 2 : contactLocalX[0];
    const ly = contactPoints === 2 ? (contactLocalY[0] + contactLocalY[1]) / 2 : contactLocalY[0];
    holdPinned();
    apart.lx = lx;
    apart.ly = ly;
    apart.depth = deepest - SLOP;
    pushApart(world);
    total = pushed.total;
    share.i = 1;
    share.r = 1;
  } else {
    // A resting contact on a box that stands on stone: that box counts as at least as heavy as
    // the one on it (the stone under it takes the rest; an impact above keeps the true masses, so
    // momentum is shared). With the true masses a 200 kg crate on a 5 kg one moved the light one
    // 40x as far as itself each round, the stone pushed it back, and the rounds (at most 16) left
    // at least (40/41)^16, two thirds, of each substep's sag: the light crate (a 2 m plank) sat
    // 0.6 mm into the floor at one end, the heavy one stood tilted on one corner and crept 0.3 mm/s.
    // The share is cut for the push only (friction sees the true masses), so the momentum a resting
    // contact does not keep is what the stone would have taken. Only a box standing flat (on two
    // points or more, boxes.ts; or flat on such a box) counts as heavier: one turning on a single
    // corner cannot hand the stone what it is pushed with, and a tower's middle crates, counted
    // heavier so, turned together and slid off a shelf gaining 25.7 J (0.56 J with the true
    // masses; boxContacts.test.ts's tower).
    const wI = world.body.invMass[incident];
    const wR = world.body.invMass[reference];
    if (isIncidentUp && standing[kR] === 2 && wR > wI) share.r = wI / wR;
    if (isReferenceUp && standing[kI] === 2 && wI > wR) share.i = wR / wI;
    holdPinned();
    if (contactPoints === 2) pushTwoPoints(world);
    else {
      apart.lx = contactLocalX[0];
      apart.ly = contactLocalY[0];
      apart.depth = deepest - SLOP;
      pushApart(world);
    }
    total = pushed.total;
    share.i = 1;
    share.r = 1;
  }
  // Friction at every contact point, the pair's push shared between them: a point within the slop
  // pushes nothing, and friction only where a point pushed let a crate rock about its other
  // corner and walk sideways (~1 cm/s).
  if (total <= 0) return;
  touched = true;
  // Pushed up by a box that stands: it stands too (a stack passes this up one box per pair solved),
  // flat (2) when that one stands flat and they touch at two points.
  if (isIncidentUp && standing[kR] > 0) standing[kI] = standing[kR] === 2 && contactPoints === 2 ? 2 : Math.max(standing[kI], 1);
  if (isReferenceUp && standing[kI] > 0) standing[kR] = standing[kI] === 2 && contactPoints === 2 ? 2 : Math.max(standing[kR], 1);
  // Recorded in place (numbers passed to a call V8 does not inline are boxed: an allocation each).
  for (let k = 0; k < contactPoints && contactCount < MAX_CONTACTS; k++) {
    const c = contactCount++;
    contactP[c] = incident; contactQ[c] = reference; contactLX[c] = contactLocalX[k]; contactLY[c] = contactLocalY[k];
    contactNX[c] = face.nx; contactNY[c] = face.ny; contactPush[c] = total / contactPoints;
    contactFriction[c] = 0;
  }
}

/** A contact normal within ~45 degrees of vertical is one box standing on another. */
const UPRIGHT = 0.7;
/**
 * How much of its share of a push the incident and the reference box take (1: as their masses
 * say; less for a box that stands on stone under a heavier one, see solvePair). Only pushes
 * (pushTwoPoints, pushApart) set them; friction always sees 1. Fields, not module `let`s: V8
 * boxes a number written to one.
 */
const share = { i: 1, r: 1 };

/** The pinned box (pushBoxesOffPinned) takes no share of the push. */
function holdPinned(): void {
  if (pinned === 0) return;
  if (pinned === incident) share.i = 0;
  else if (pinned === reference) share.r = 0;
}

/** Scratch of pushTwoPoints: the two points' arms on the incident (a) and reference (b) box. */
const armAX = new Float64Array(2);
const armAY = new Float64Array(2);
const armBX = new Float64Array(2);
const armBY = new Float64Array(2);

/**
 * Both contact points pushed out together (Box2D's block solver): the two pushes lambda >= 0 that
 * leave each point at most SLOP deep, solved from the 2x2 matrix K (K[j][k] = how far point j
 * comes out per unit push at point k, both boxes, turning included), with a point whose push
 * would be negative left out. The total push, kg m, goes to `pushed.total`.
 */
function pushTwoPoints(world: SimWorld): void {
  const { body } = world;
  const i = incident;
  const r = reference;
  const nx = face.nx;
  const ny = face.ny;
  const ci = body.rotC[i];
  const si = body.rotS[i];
  let rnA0 = 0; let rnA1 = 0; let rnB0 = 0; let rnB1 = 0;
  for (let k = 0; k < 2; k++) {
    const lx = contactLocalX[k];
    const ly = contactLocalY[k];
    const rx = ci * lx - si * ly;
    const ry = si * lx + ci * ly;
    armAX[k] = rx; armAY[k] = ry;
    armBX[k] = body.x[i] + rx - body.x[r];
    armBY[k] = body.y[i] + ry - body.y[r];
  }
  rnA0 = armAX[0] * ny - armAY[0] * nx;
  rnA1 = armAX[1] * ny - armAY[1] * nx;
  rnB0 = armBX[0] * ny - armBY[0] * nx;
  rnB1 = armBX[1] * ny - armBY[1] * nx;
  const mSum = body.invMass[i] * share.i + body.invMass[r] * share.r;
  const ii = body.invInertia[i] * share.i;
  const ir = body.invInertia[r] * share.r;
  const k00 = mSum + rnA0 * rnA0 * ii + rnB0 * rnB0 * ir;
  const k11 = mSum + rnA1 * rnA1 * ii + rnB1 * rnB1 * ir;
  const k01 = mSum + rnA0 * rnA1 * ii + rnB0 * rnB1 * ir;
  const b0 = contactDepth[0] - SLOP;
  const b1 = contactDepth[1] - SLOP;
  let l0 = 0;
  let l1 = 0;
  const det = k00 * k11 - k01 * k01;
  // Both points pushed, when K is well conditioned (two points far enough apart) and both come out >= 0.
  if (det > 1e-6 * k00 * k11) {
    l0 = (k11 * b0 - k01 * b1) / det;
    l1 = (k00 * b1 - k01 * b0) / det;
  }
  if (!(det > 1e-6 * k00 * k11) || l0 < 0 || l1 < 0) {
    // One point alone: the deeper, if pushing it leaves the other within the slop.
    l0 = 0; l1 = 0;
    if (b0 >= b1) { if (b0 > 0) l0 = b0 / k00; if (b1 - k01 * l0 > 1e-12) l1 = (b1 - k01 * l0) / k11; }
    else { if (b1 > 0) l1 = b1 / k11; if (b0 - k01 * l1 > 1e-12) l0 = (b0 - k01 * l1) / k00; }
  }
  if (l0 > 0) {
    pair.rx = armAX[0]; pair.ry = armAY[0]; pair.ox = armBX[0]; pair.oy = armBY[0]; pair.ix = nx * l0; pair.iy = ny * l0;
    applyPair(world, i, r);
  }
  if (l1 > 0) {
    pair.rx = armAX[1]; pair.ry = armAY[1]; pair.ox = armBX[1]; pair.oy = armBY[1]; pair.ix = nx * l1; pair.iy = ny * l1;
    applyPair(world, i, r);
  }
  pushed.total = l0 + l1;
}

/** What pushApart pushes: the incident box's point (lx, ly) of its own frame, by `depth`, m. */
const apart = { lx: 0, ly: 0, depth: 0 };
/** What pushTwoPoints or pushApart pushed in all, kg m (a field: a number returned from a call V8
 *  does not inline is boxed, an allocation each). */
const pushed = { total: 0 };

/** The incident box's point `apart` and the reference box pushed apart along the face's normal by its depth; the push, kg m, to `pushed.total`. */
function pushApart(world: SimWorld): void {
  const { body } = world;
  const { lx, ly, depth } = apart;
  const i = incident;
  const r = reference;
  const nx = face.nx;
  const ny = face.ny;
  const rx = body.rotC[i] * lx - body.rotS[i] * ly;
  const ry = body.rotS[i] * lx + body.rotC[i] * ly;
  const ox = body.x[i] + rx - body.x[r];
  const oy = body.y[i] + ry - body.y[r];
  onA.rx = rx; onA.ry = ry; onA.nx = nx; onA.ny = ny;
  invMassAt(world, i, onA);
  onB.rx = ox; onB.ry = oy; onB.nx = nx; onB.ny = ny;
  invMassAt(world, r, onB);
  const wSum = onA.w * share.i + onB.w * share.r;
  if (wSum === 0) { pushed.total = 0; return; }
  const push = depth / wSum;
  pair.rx = rx; pair.ry = ry; pair.ox = ox; pair.oy = oy; pair.ix = nx * push; pair.iy = ny * push;
  applyPair(world, i, r);
  pushed.total = push;
}

/**
 * What applyPair applies: the positional impulse (ix, iy) on one box at arm (rx, ry), its opposite
 * on the other at arm (ox, oy). Fields, not arguments: numbers passed to a call V8 does not inline
 * are boxed, an allocation each (these calls run up to 8 friction passes x 16 rounds a substep).
 */
const pair = { rx: 0, ry: 0, ox: 0, oy: 0, ix: 0, iy: 0 };
// (Written field by field where it is set: a setter taking the six numbers was meant to be inlined,
// and in pushTwoPoints it was not, six heap numbers a call; tick-cost, Knock-On.)

/** `pair`'s impulse on p and its opposite on q. */
function applyPair(world: SimWorld, p: number, q: number): void {
  const { rx, ry, ox, oy, ix, iy } = pair;
  if (world.body.invMass[p] > 0) { onA.rx = rx; onA.ry = ry; onA.nx = ix * share.i; onA.ny = iy * share.i; pushBody(world, p, onA); }
  if (world.body.invMass[q] > 0) { onB.rx = ox; onB.ry = oy; onB.nx = -ix * share.r; onB.ny = -iy * share.r; pushBody(world, q, onB); }
}

/**
 * Coulomb friction at the k-th recorded contact, of p's point (lx, ly) on q, pushed apart along
 * (nx, ny) by `push` (kg m): the two surfaces' relative slide over the substep is undone, at most
 * boxFriction x push of positional impulse over all the passes.
 */
function friction(world: SimWorld, k: number): void {
  const { body } = world;
  const p = contactP[k];
  const q = contactQ[k];
  const lx = contactLX[k];
  const ly = contactLY[k];
  const nx = contactNX[k];
  const ny = contactNY[k];
  const push = contactPush[k];
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
  // The pinned box (settleOnBox) neither gives way nor moves.
  const wP = p === pinned ? 0 : onA.w;
  const wQ = q === pinned ? 0 : onB.w;
  const wSum = wP + wQ;
  if (wSum === 0) return;
  // Coulomb's bound holds for the passes together (Box2D clamps its accumulated impulse the same
  // way). Bounded per pass, a sliding contact took up to FRICTION_PASSES x mu x push in a substep,
  // and a crate landing at 25 m/s on the edge of a stack ended 24.7 mm inside it
  // (tests/unit/boxInvariants.property.test.ts); now at most 15.4 mm over 200 random scenes
  // (5.4 mm over 200 without hanging crates, 23 mm before).
  const limit = world.settings.boxFriction * push;
  let undo = slide / wSum;
  const total = contactFriction[k] + undo;
  if (total > limit) undo = limit - contactFriction[k];
  if (total < -limit) undo = -limit - contactFriction[k];
  contactFriction[k] += undo;
  if (undo === 0) return;
  pair.rx = rx; pair.ry = ry; pair.ox = ox; pair.oy = oy; pair.ix = -tx * undo; pair.iy = -ty * undo;
  share.i = p === pinned ? 0 : 1;
  share.r = q === pinned ? 0 : 1;
  applyPair(world, p, q);
  share.i = 1;
  share.r = 1;
}

/**
 * The box `e` stands on, by this substep's box-box contacts (0: none): boxesUnderPlayers.ts walks
 * down a stack with it.
 */
export function boxUnder(e: number): number {
  for (let k = 0; k < contactCount; k++) {
    if (contactP[k] === e && contactNY[k] < -UPRIGHT) return contactQ[k];
    if (contactQ[k] === e && contactNY[k] > UPRIGHT) return contactP[k];
  }
  return 0;
}

/**
 * boxesUnderPlayers.ts: box `upper` set down again on `lower`, which holds still (the stone under
 * it, or the stack, takes the push), then their friction over the whole substep, on `upper` alone;
 * with `isFrictionOnly` the friction alone.
 */
export function settleOnBox(world: SimWorld, upper: number, lower: number, isFrictionOnly: boolean): void {
  pinned = lower;
  if (!isFrictionOnly) {
    const boxes = world.queries.boxes.dense;
    let ku = 0;
    while (boxes[ku] !== upper) ku++;
    let kl = 0;
    while (boxes[kl] !== lower) kl++;
    solvePair(world, upper, lower, ku, kl);
  }
  for (let k = 0; k < contactCount; k++) {
    if ((contactP[k] === upper && contactQ[k] === lower) || (contactP[k] === lower && contactQ[k] === upper)) friction(world, k);
  }
  pinned = 0;
}
