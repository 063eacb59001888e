// Boxes are rigid bodies (position-based, Mueller et al. 2020): each substep they fall and turn
// freely, constraints and contacts move them (with the generalized inverse mass at the contact
// point, so an off-centre push also turns them), and their velocities are what moved / h.
// Against the tiles a box is a set of points along its outline, spaced under half a tile so no
// tile can slip between them; each point inside a solid tile is pushed out the side it came in
// from, and once the whole outline is out, gets Coulomb friction at the same point.

import { MAX_TURN, createSmallTurn, setSmallSinCos, setTurnBetween } from '../math';
import { Tile, hasConvexCornersIn, hasRopeTilesIn, isConvexCorner, tileAt } from '../tileGrid';
import { createBodyPoint, invMassAt, pushBody } from './bodyPoint';
import type { SimWorld } from '../worldState';

/** The contact point and direction handed to invMassAt and pushBody. */
const point = createBodyPoint();
/** A box's turn in a substep, handed to the math helpers (no double crosses a call). */
const substepTurn = createSmallTurn();

/** Largest gap between a box's outline points, m (below half a tile). */
const POINT_SPACING = 0.45;

/** Saves positions for this substep, then gravity, drag and the move, with clamps on both. */
export function integrateBoxes(world: SimWorld): void {
  const { body, settings } = world;
  const h = world.substep.h;
  const boxes = world.queries.boxes.dense;
  const keep = Math.max(0, 1 - settings.airDrag * h);
  const maxStep = settings.maxBodyStep;
  // A new substep: no tile contact has pushed or held anything yet.
  // Plain loops, not fill(0, 0, n): a typed array's length is no small integer to the JIT, and the
  // end passed to the fill builtin was boxed, 16 bytes a call.
  const { load, held, standing } = world.boxTileContacts;
  const used = Math.min(load.length, boxes.length * world.boxTileContacts.stride);
  for (let i = 0; i < used; i++) { load[i] = 0; held[i] = 0; }
  for (let i = 0; i < standing.length; i++) standing[i] = 0;
  for (let k = 0; k < boxes.length; k++) {
    const e = boxes[k];
    body.prevX[e] = body.x[e];
    body.prevY[e] = body.y[e];
    body.prevRotC[e] = body.rotC[e];
    body.prevRotS[e] = body.rotS[e];
    if (world.box.isPlatform[e]) {
      // Kinematic: platformSystem set the velocity that reaches this tick's point on its path.
      body.x[e] += body.vx[e] * h;
      body.y[e] += body.vy[e] * h;
      continue;
    }
    let vx = body.vx[e] * keep;
    let vy = (body.vy[e] + settings.gravity * h) * keep;
    const speed2 = (vx * vx + vy * vy) * h * h;
    if (speed2 > maxStep * maxStep) {
      const s = maxStep / Math.sqrt(speed2);
      vx *= s;
      vy *= s;
    }
    body.vx[e] = vx;
    body.vy[e] = vy;
    body.x[e] += vx * h;
    body.y[e] += vy * h;
    // Math.min and max, not `if (turn > MAX_TURN) turn = MAX_TURN`: a module's constant assigned
    // to the local made V8 keep the local boxed, a heap number per box and substep.
    const turn = Math.max(-MAX_TURN, Math.min(MAX_TURN, body.omega[e] * keep * h));
    const c = body.rotC[e];
    const s = body.rotS[e];
    substepTurn.angle = turn;
    setSmallSinCos(substepTurn);
    const tc = substepTurn.cos;
    const ts = substepTurn.sin;
    body.rotC[e] = c * tc - s * ts;
    body.rotS[e] = s * tc + c * ts;
  }
}

/** Velocity = displacement / h, and angular velocity = turn / h (position-based dynamics). */
export function updateBoxVelocities(world: SimWorld): void {
  const { body } = world;
  const h = world.substep.h;
  const boxes = world.queries.boxes.dense;
  for (let k = 0; k < boxes.length; k++) {
    const e = boxes[k];
    body.vx[e] = (body.x[e] - body.prevX[e]) / h;
    body.vy[e] = (body.y[e] - body.prevY[e]) / h;
    setTurnBetween(substepTurn, body.prevRotC, body.prevRotS, body.rotC, body.rotS, e);
    body.omega[e] = substepTurn.angle / h;
    // Renormalise against drift (each rotation above keeps |(c, s)| = 1 only to round-off).
    const c = body.rotC[e];
    const s = body.rotS[e];
    const inv = 1 / Math.sqrt(c * c + s * s);
    body.rotC[e] = c * inv;
    body.rotS[e] = s * inv;
  }
}

/** Outline points of a box with half extents (hw, hh): corners and edge points under POINT_SPACING apart. */
export function outlinePointCount(hw: number, hh: number): number {
  const nw = Math.max(1, Math.ceil((2 * hw) / POINT_SPACING));
  const nh = Math.max(1, Math.ceil((2 * hh) / POINT_SPACING));
  return 2 * (nw + 1) + 2 * (nh - 1);
}

/**
 * Pushes every box's outline out of solid tiles (and one-way tiles entered from above), then gives
 * each point pushed so far this substep (this call or an earlier one: collideBoxes calls this in
 * every round and friction pass) Coulomb friction against all its pushes. Two passes, not friction right after
 * each point's push: that push turns the box, which slides the other points sideways, and their
 * friction fighting the turn stopped a sliding box ~40 % late and left it creeping (2 mm/s) forever.
 */
export function collideBoxesWithTiles(world: SimWorld): void {
  const { body } = world;
  const boxes = world.queries.boxes.dense;
  const only = tilePass.only;
  const isFrictionOnly = tilePass.isFrictionOnly;
  for (let k = 0; k < boxes.length; k++) {
    if (only >= 0 && k !== only) continue;
    const e = boxes[k];
    if (world.box.isPlatform[e]) continue; // platforms go where their path says, through tiles too
    const hw = body.halfW[e];
    const hh = body.halfH[e];
    // Far from the tiles there is nothing to push, but a point the stone pushed in an earlier call
    // this substep still owes its friction (Coulomb over all the substep's pushes).
    if (!isNearTiles(world, e) && !hasTileLoad(world, k)) continue;
    const nw = Math.max(1, Math.ceil((2 * hw) / POINT_SPACING));
    const nh = Math.max(1, Math.ceil((2 * hh) / POINT_SPACING));
    // The outline points: bottom and top edges (corners included), then the sides between them.
    const { lx, ly } = world.boxTileContacts;
    let count = 0;
    for (let i = 0; i <= nw; i++) {
      const x = -hw + (2 * hw * i) / nw;
      lx[count] = x; ly[count++] = hh;
      lx[count] = x; ly[count++] = -hh;
    }
    for (let j = 1; j < nh; j++) {
      const y = -hh + (2 * hh * j) / nh;
      lx[count] = -hw; ly[count++] = y;
      lx[count] = hw; ly[count++] = y;
    }
    const contacts = world.boxTileContacts;
    const base = k * contacts.stride;
    for (let n = 0; n < count && !isFrictionOnly; n++) {
      collidePoint(world, e, n);
      const push = contacts.push[n];
      if (push > 0) {
        // Pushed up: it stands on stone; on two points or more (each counted once a substep,
        // whatever the rounds), flat on it (2), not on a corner.
        if (contacts.ny[n] < 0 && contacts.load[base + n] === 0) contacts.standing[k] = contacts.standing[k] === 0 ? 1 : 2;
        contacts.load[base + n] += push;
        contacts.loadNx[base + n] = contacts.nx[n];
        contacts.loadNy[base + n] = contacts.ny[n];
      }
    }
    for (let n = 0; n < count; n++) if (contacts.load[base + n] > 0) applyFriction(world, e, n, base + n);
    if (!isFrictionOnly) collideTileCorners(world, e);
  }
}

/**
 * What collideBoxesWithTiles does: every box (only -1) or the only-th alone (boxesUnderPlayers.ts),
 * pushed out and held by friction, or held by friction alone. Fields, not arguments: the loop is
 * this file's hottest, and with its body in a function of its own (a box index argument) V8
 * stopped inlining the point pushes into it: 42 -> 142 B/tick allocated on Mine Shaft, 39 -> 732
 * on Knock-On.
 */
export const tilePass = { only: -1, isFrictionOnly: false };

/**
 * True when the cells box e's outline points and tile corners can reach (its bounding box, one
 * cell more to the left and above for the corners, grown by a hair against round-off) hold a
 * solid or one-way tile: the kinds a rope particle collides with are the ones a box does. Boxes in
 * the air or resting on other boxes then skip the outline (most of the friction passes' cost:
 * collideBoxes runs this pass up to 24 times a substep while boxes touch). Rows outside the grid
 * are open and columns outside solid, as tileAt has them, so a skipped box would have met nothing.
 */
function isNearTiles(world: SimWorld, e: number): boolean {
  const { body } = world;
  const c = body.rotC[e];
  const s = body.rotS[e];
  const hw = body.halfW[e];
  const hh = body.halfH[e];
  const ex = (c < 0 ? -c : c) * hw + (s < 0 ? -s : s) * hh + ROUND_OFF;
  const ey = (s < 0 ? -s : s) * hw + (c < 0 ? -c : c) * hh + ROUND_OFF;
  return hasRopeTilesIn(world.grid, world.ropeTileSums,
    Math.floor(body.x[e] - ex) - 1, Math.floor(body.y[e] - ey) - 1, Math.floor(body.x[e] + ex), Math.floor(body.y[e] + ey));
}

/** True if any outline point of the k-th box was pushed by the stone earlier this substep. */
function hasTileLoad(world: SimWorld, k: number): boolean {
  const { load, stride } = world.boxTileContacts;
  for (let n = k * stride; n < (k + 1) * stride; n++) if (load[n] > 0) return true;
  return false;
}

/** Slack on a box's bounding box for the round-off of its outline points' positions, m. */
const ROUND_OFF = 1e-6;

/**
 * Overlap a box point may already have at a substep's start and still be pushed out as a fresh
 * contact (with speed), m. Deeper, it was there before the substep moved anything (a box made in
 * the stone, or pushed into it after the tiles' pass by a later stage: a player landing on a crate
 * on the floor leaves it 2-8 cm in), and that part of the push gives no speed. Not lower: at
 * 5 mm the bots of five campaign levels no longer finished theirs.
 */
const PRE_OVERLAP = 0.02;

/** The share of a push that gives no speed (a number argument would be boxed when not inlined). */
const noSpeed = { share: 0 };

/**
 * Pushes box e by the push in `point` (pushBody), and moves its pose at the substep's start by
 * noSpeed.share of what the push did, so that share of the push gives it no speed.
 */
function pushBodyPartlyWithoutSpeed(world: SimWorld, e: number): void {
  const { body } = world;
  const share = noSpeed.share;
  const x0 = body.x[e];
  const y0 = body.y[e];
  const c0 = body.rotC[e];
  const s0 = body.rotS[e];
  pushBody(world, e, point);
  if (share === 0) return;
  body.prevX[e] += (body.x[e] - x0) * share;
  body.prevY[e] += (body.y[e] - y0) * share;
  // The turn the push made (small): sin of the angle from (c0, s0) to the new pose, times share.
  const turn = (body.rotS[e] * c0 - body.rotC[e] * s0) * share;
  const pc = body.prevRotC[e];
  const ps = body.prevRotS[e];
  const nc = pc - ps * turn;
  const ns = ps + pc * turn;
  const inv = 1 / Math.sqrt(nc * nc + ns * ns);
  body.prevRotC[e] = nc * inv;
  body.prevRotS[e] = ns * inv;
}

/**
 * The tiles' outer corners against box e's edges: the outline points are up to POINT_SPACING
 * apart, and a corner between two of them went into a tilted box unseen (a 2.4 m plank tumbling
 * onto a wall's corner in Breaking Point sat 11 cm on it, the rope tied to that edge inside the
 * wall). A convex grid corner inside the box pushes the box out along the face it is least deep
 * behind (the point's separating axis), at the corner. Run after the outline points, so a box
 * they already pushed out is not pushed twice. No friction here: a box resting on a corner rests
 * on its outline points too.
 */
function collideTileCorners(world: SimWorld, e: number): void {
  const { body, grid } = world;
  const c = body.rotC[e];
  const s = body.rotS[e];
  const hw = body.halfW[e];
  const hh = body.halfH[e];
  const ex = (c < 0 ? -c : c) * hw + (s < 0 ? -s : s) * hh;
  const ey = (s < 0 ? -s : s) * hw + (c < 0 ? -c : c) * hh;
  const gx0 = Math.ceil(body.x[e] - ex);
  const gy0 = Math.ceil(body.y[e] - ey);
  const gx1 = Math.floor(body.x[e] + ex);
  const gy1 = Math.floor(body.y[e] + ey);
  if (!hasConvexCornersIn(grid, world.convexCornerSums, gx0, gy0, gx1, gy1)) return; // a box on a flat floor
  for (let gy = gy0; gy <= gy1; gy++) {
    for (let gx = gx0; gx <= gx1; gx++) {
      if (!isConvexCorner(grid, gx, gy)) continue;
      const dx = gx - body.x[e];
      const dy = gy - body.y[e];
      const lx = body.rotC[e] * dx + body.rotS[e] * dy;
      const ly = -body.rotS[e] * dx + body.rotC[e] * dy;
      const inX = hw - (lx < 0 ? -lx : lx);
      const inY = hh - (ly < 0 ? -ly : ly);
      if (inX <= 0 || inY <= 0) continue;
      // The box moves away from the corner along its own axis: -sign(l) times that axis.
      let nx: number;
      let ny: number;
      let depth: number;
      if (inX < inY) {
        const sign = lx < 0 ? 1 : -1;
        nx = sign * body.rotC[e];
        ny = sign * body.rotS[e];
        depth = inX;
      } else {
        const sign = ly < 0 ? 1 : -1;
        nx = -sign * body.rotS[e];
        ny = sign * body.rotC[e];
        depth = inY;
      }
      point.rx = dx;
      point.ry = dy;
      point.nx = nx;
      point.ny = ny;
      invMassAt(world, e, point);
      if (point.w === 0) continue;
      const push = depth / point.w;
      point.nx = nx * push;
      point.ny = ny * push;
      // As for outline points: the part of the overlap the corner already had at the substep's
      // start, in the box's start pose along the same axis, gives no speed.
      const qdx = gx - body.prevX[e];
      const qdy = gy - body.prevY[e];
      const qInX = hw - Math.abs(body.prevRotC[e] * qdx + body.prevRotS[e] * qdy);
      const qInY = hh - Math.abs(-body.prevRotS[e] * qdx + body.prevRotC[e] * qdy);
      const q = qInX <= 0 || qInY <= 0 ? 0 : inX < inY ? qInX : qInY;
      noSpeed.share = q > PRE_OVERLAP ? (q >= depth ? 1 : q / depth) : 0;
      pushBodyPartlyWithoutSpeed(world, e);
    }
  }
}

/**
 * Outline point n (at lx[n], ly[n] in the box's frame) out of the tiles; records the push in
 * world.boxTileContacts for the friction pass.
 */
function collidePoint(world: SimWorld, e: number, n: number): void {
  const { body, grid } = world;
  const contacts = world.boxTileContacts;
  const lx = contacts.lx[n];
  const ly = contacts.ly[n];
  contacts.push[n] = 0;
  const c = body.rotC[e];
  const s = body.rotS[e];
  const rx = c * lx - s * ly;
  const ry = s * lx + c * ly;
  const px = body.x[e] + rx;
  const py = body.y[e] + ry;
  const col = Math.floor(px);
  const row = Math.floor(py);
  const tile = tileAt(grid, col, row);
  if (tile !== Tile.Solid && tile !== Tile.OneWay) return; // empty or spikes
  // Where the point was at the start of the substep: the side it came in from.
  const qx = body.prevX[e] + body.prevRotC[e] * lx - body.prevRotS[e] * ly;
  const qy = body.prevY[e] + body.prevRotS[e] * lx + body.prevRotC[e] * ly;
  if (tile === Tile.OneWay && qy > row + 1e-9) return; // one-way: only from above

  let nx = 0;
  let ny = 0;
  let depth = 0;
  if (qy <= row && tileAt(grid, col, row - 1) !== Tile.Solid) { ny = -1; depth = py - row; }
  else if (tile === Tile.OneWay) return;
  else if (qy >= row + 1 && tileAt(grid, col, row + 1) !== Tile.Solid) { ny = 1; depth = row + 1 - py; }
  else if (qx <= col && tileAt(grid, col - 1, row) !== Tile.Solid) { nx = -1; depth = px - col; }
  else if (qx >= col + 1 && tileAt(grid, col + 1, row) !== Tile.Solid) { nx = 1; depth = col + 1 - px; }
  else {
    // Came from inside (turned into it): leave by the shallowest open side.
    depth = Infinity;
    if (tileAt(grid, col, row - 1) !== Tile.Solid && py - row < depth) { nx = 0; ny = -1; depth = py - row; }
    if (tileAt(grid, col, row + 1) !== Tile.Solid && row + 1 - py < depth) { nx = 0; ny = 1; depth = row + 1 - py; }
    if (tileAt(grid, col - 1, row) !== Tile.Solid && px - col < depth) { nx = -1; ny = 0; depth = px - col; }
    if (tileAt(grid, col + 1, row) !== Tile.Solid && col + 1 - px < depth) { nx = 1; ny = 0; depth = col + 1 - px; }
    if (depth === Infinity) { ny = -1; depth = py - row; }
  }
  if (depth <= 0) return;
  // Pushed at the point's arm at the substep's start, not its arm now (SHAKE, as the rope's
  // length: the constraint's gradient at the start of the step). The point has moved along the
  // chord of its turn, and the arm now takes it for the tangent at the end: a corner a crate
  // pivots on then reads as rising by half the turn squared times the arm each substep, and the
  // push gave that back as energy (a 1 m, 48 kg crate tipping over from 40 degrees gained 2.9 J
  // before its face landed, first order in h; now 0.15 J, under one substep's gravity sag, the
  // rest from the friction below). At rest the two arms are the same.
  point.rx = body.prevRotC[e] * lx - body.prevRotS[e] * ly;
  point.ry = body.prevRotS[e] * lx + body.prevRotC[e] * ly;
  point.nx = nx;
  point.ny = ny;
  invMassAt(world, e, point);
  const w = point.w;
  if (w === 0) return;
  const push = depth / w;
  point.nx = nx * push;
  point.ny = ny * push;
  // How deep the point already was at the substep's start, along the same normal: that part of
  // the overlap was not made by this substep's motion, and pushing it out gives no speed (the
  // start pose moves with it). A box made half inside a wall flew out at 144 m/s. Resting
  // contacts start at the surface (their overlap is this substep's sag) and are pushed as before.
  const before = depth + (px - qx) * nx + (py - qy) * ny;
  noSpeed.share = before > PRE_OVERLAP ? (before >= depth ? 1 : before / depth) : 0;
  pushBodyPartlyWithoutSpeed(world, e);
  contacts.push[n] = push;
  contacts.nx[n] = nx;
  contacts.ny[n] = ny;
}

/**
 * Coulomb friction at outline point n of box e, its accumulator slot `a` in world.boxTileContacts:
 * undo its slide along the surface over this substep, the friction impulses of every call this
 * substep together at most mu x the pushes of every call together (Box2D clamps its accumulated
 * impulse the same way). The limit compares pushes, not distances: a corner and a mid-edge point
 * move differently for the same push (their generalized inverse masses differ). Bounded by this
 * call's push alone, a crate under a stack had almost no friction in collideBoxes' friction passes
 * (the stack's weight had pressed it into the floor in the rounds before, not again), the crate
 * on it dragged it along, and a 200 kg crate on a 5 kg one slid off at 11 m/s.
 */
function applyFriction(world: SimWorld, e: number, n: number, a: number): void {
  const { body } = world;
  const contacts = world.boxTileContacts;
  const lx = contacts.lx[n];
  const ly = contacts.ly[n];
  const nx = contacts.loadNx[a];
  const ny = contacts.loadNy[a];
  const c = body.rotC[e];
  const s = body.rotS[e];
  const rx = c * lx - s * ly;
  const ry = s * lx + c * ly;
  const qx = body.prevX[e] + body.prevRotC[e] * lx - body.prevRotS[e] * ly;
  const qy = body.prevY[e] + body.prevRotS[e] * lx + body.prevRotC[e] * ly;
  const tx = -ny;
  const ty = nx;
  const slide = (body.x[e] + rx - qx) * tx + (body.y[e] + ry - qy) * ty;
  // At the arm now, not at the substep's start as the normal push (collidePoint): there a crate a
  // player pushed along the floor hopped 7 cm; nor halfway through the turn, which left the
  // tipping crate's energy still but a crate dragged at 7 m/s into another 21 mm inside it (the
  // rope yard's property test; 14 mm before, 13 mm now).
  point.rx = rx;
  point.ry = ry;
  point.nx = tx;
  point.ny = ty;
  invMassAt(world, e, point);
  const wt = point.w;
  if (wt === 0) return;
  // In slide units: +-mu x load, less what this point has already given (0 in a substep's first call).
  const limit = world.settings.boxFriction * contacts.load[a] * wt;
  const given = contacts.held[a] * wt;
  const hi = limit - given;
  const lo = -limit - given;
  const undo = slide > hi ? hi : slide < lo ? lo : slide;
  if (undo === 0) return;
  contacts.held[a] += undo / wt;
  point.nx = (-tx * undo) / wt;
  point.ny = (-ty * undo) / wt;
  pushBody(world, e, point);
}
