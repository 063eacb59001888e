// Players against boxes. A player is an axis-aligned box, a box may be turned: a separating-axis
// test over the four axes finds the shallowest way apart, and the overlap is split by inverse
// mass (the box's generalized inverse mass at the contact point, so a push off-centre also turns
// it). That positional push alone is a perfectly inelastic collision; the velocity pass then gives
// back bumpRestitution of the closing speed as an impulse J, with dv = J/m on both sides, so a
// light player barely moves a heavy box and a heavy player sends a light box flying.

import { SimEvent, pushEvent } from '../events';
import { createBodyPoint, invMassAt, pushBody, type BodyPoint } from './bodyPoint';
import { pushBoxesOffPinned } from './boxBoxes';
import { moveBody, type BodyMove } from './moveBody';
import { measureRopePath, ropePath } from './ropeWraps';
import type { SimWorld } from '../worldState';

/** Normals steeper than this (y component, y down) mean the player stands on the box. */
export const STAND_NORMAL = 0.7;
/** Closing speeds above this count as a bump (an event; slower is just pushing), m/s. */
const BUMP_SPEED = 1.5;
/** Below this closing speed a contact is resting or pushing: no bounce (standing still stays still), m/s. */
const REST_SPEED = 0.5;
/** A player pressed this deep into a moving platform by a solid tile behind it is crushed, m. Deep
 *  enough that a lift brushing a player's edge does not kill; shallow enough to come before the
 *  overlap on another axis does (then the player would be thrown out sideways). */
const CRUSH_DEPTH = 0.08;
/** A player a platform squeezes sideways against a tile, with its feet at most this far below the
 *  platform's top, is lifted onto the platform instead of crushed: it was stepping or landing on it
 *  (a blind tester walked off a ledge as a ferry docked against it and died in the narrow gap left).
 *  Less than the 0.5 m of the lowest platform, so one sliding along the floor into a player standing
 *  against a wall still crushes it. */
const STEP_UP = 0.45;
/** A push by a moving platform beyond the two bodies' own closing is an overlap put right, not
 *  speed, past this many metres (below it, rounding: riding a platform stays bit for bit as it was). */
const PUSH_SLACK = 1e-9;
/** Stretch of the tether, as a share of its length, beyond which a platform pushing a player
 *  against it tears the partner's anchor loose (yieldAnchoredPartner): half the 1 % the
 *  invariants allow, and several substeps of the fastest platform (4 m/s, 8 mm a substep). */
const TEAR_STRETCH = 0.005;

/** The contact point and normal handed to invMassAt and pushBody, and the player's share of a push. */
const point = createBodyPoint();
const playerMove: BodyMove = { dx: 0, dy: 0 };

/**
 * The axis-aligned rectangle rectBoxOverlap tests: centre and half sizes, m. An instance of its own
 * class, not an object literal: as a literal, in Chromium each number written here was a new heap
 * number, ~1 kB a tick on Moving Rigs (npm run budgets' alloc), where Node's V8 boxed nothing. Most
 * likely its hidden class, shared with every { x, y, hw, hh } literal of the page, had had its
 * fields made to hold any value; a class of its own has a hidden class of its own, and the
 * allocation went (not proven further).
 */
class AxisRect {
  x = 0;
  y = 0;
  hw = 0;
  hh = 0;
}
export const rect = new AxisRect();
/** What rectBoxOverlap found: the shallowest depth, the normal from the rectangle to the box, and whether it is a face of the box. */
const overlap = { depth: 0, nx: 0, ny: 0, isBoxFace: false };

/**
 * True if the rectangle in `rect` overlaps box b (turned or not): a separating-axis test over x, y
 * and the box's u = (c, s) and v = (-s, c). Leaves the shallowest way apart in `overlap`.
 */
export function rectBoxOverlap(world: SimWorld, b: number): boolean {
  const { body } = world;
  const hwB = body.halfW[b];
  const hhB = body.halfH[b];
  const c = body.rotC[b];
  const s = body.rotS[b];
  const dx = body.x[b] - rect.x;
  const dy = body.y[b] - rect.y;
  const ac = Math.abs(c);
  const as = Math.abs(s);
  // Overlap along x, y, the box's u and v; keep the smallest.
  let best = rect.hw + hwB * ac + hhB * as - Math.abs(dx);
  if (best <= 0) return false;
  let nx = dx < 0 ? -1 : 1;
  let ny = 0;
  let isBoxFace = false;
  const oy = rect.hh + hwB * as + hhB * ac - Math.abs(dy);
  if (oy <= 0) return false;
  if (oy < best) { best = oy; nx = 0; ny = dy < 0 ? -1 : 1; }
  const du = dx * c + dy * s;
  const ou = rect.hw * ac + rect.hh * as + hwB - Math.abs(du);
  if (ou <= 0) return false;
  if (ou < best - 1e-9) { best = ou; const g = du < 0 ? -1 : 1; nx = c * g; ny = s * g; isBoxFace = true; }
  const dv = -dx * s + dy * c;
  const ov = rect.hw * as + rect.hh * ac + hhB - Math.abs(dv);
  if (ov <= 0) return false;
  if (ov < best - 1e-9) { best = ov; const g = dv < 0 ? -1 : 1; nx = -s * g; ny = c * g; isBoxFace = true; }
  overlap.depth = best;
  overlap.nx = nx;
  overlap.ny = ny;
  overlap.isBoxFace = isBoxFace;
  return true;
}

/** Finds and separates player-box overlaps; records them for {@link bounceContacts}. */
export function collidePlayersWithBoxes(world: SimWorld): void {
  const { body, player, contacts } = world;
  contacts.count = 0;
  const boxes = world.queries.boxes.dense;
  if (boxes.length === 0) return;
  const players = world.queries.players.dense;
  for (let n = 0; n < players.length; n++) {
    const p = players[n];
    for (let k = 0; k < boxes.length; k++) {
      const b = boxes[k];
      const px = body.x[p];
      const py = body.y[p];
      const hwP = body.halfW[p];
      const hhP = body.halfH[p];
      const bx = body.x[b];
      const by = body.y[b];
      const hwB = body.halfW[b];
      const hhB = body.halfH[b];
      const c = body.rotC[b];
      const s = body.rotS[b];
      rect.x = px;
      rect.y = py;
      rect.hw = hwP;
      rect.hh = hhP;
      if (!rectBoxOverlap(world, b)) continue;
      const best = overlap.depth;
      const nx = overlap.nx;
      const ny = overlap.ny;

      if (world.box.isSpiked[b]) player.hurtBy[p] = b;

      // Contact point, relative to the box centre (sets how much the push turns the box).
      let rx: number;
      let ry: number;
      if (overlap.isBoxFace) {
        // The player's corner (or face middle) deepest into the box's face, kept within that face.
        const cx = px + (nx > 1e-6 ? hwP : nx < -1e-6 ? -hwP : 0) - bx;
        const cy = py + (ny > 1e-6 ? hhP : ny < -1e-6 ? -hhP : 0) - by;
        // (Written out, as below: helpers taking and returning doubles were not inlined here, and
        // V8 boxed every number crossing the call.) Half the length of the face with normal n:
        const half = Math.abs(nx * c + ny * s) > 0.5 ? hhB : hwB;
        const u = cx * -ny + cy * nx;
        const tu = u < -half ? -half : u > half ? half : u;
        const depthIn = -(hwB * Math.abs(nx * c + ny * s) + hhB * Math.abs(-nx * s + ny * c));
        rx = nx * depthIn + -ny * tu;
        ry = ny * depthIn + nx * tu;
      } else {
        // The box's corner (or face middle) deepest into the player's face, kept within that face.
        const nu = nx * c + ny * s;
        const nv = -nx * s + ny * c;
        const lu = nu > 1e-6 ? -hwB : nu < -1e-6 ? hwB : 0;
        const lv = nv > 1e-6 ? -hhB : nv < -1e-6 ? hhB : 0;
        rx = c * lu - s * lv;
        ry = s * lu + c * lv;
        // Clamped to the player's face.
        if (nx === 0) {
          const v = bx + rx;
          rx = (v < px - hwP ? px - hwP : v > px + hwP ? px + hwP : v) - bx;
        } else {
          const v = by + ry;
          ry = (v < py - hhP ? py - hhP : v > py + hhP ? py + hhP : v) - by;
        }
      }

      const wP = body.invMass[p];
      point.rx = rx;
      point.ry = ry;
      point.nx = nx;
      point.ny = ny;
      invMassAt(world, b, point);
      const wB = point.w;
      const wsum = wP + wB;
      if (wsum === 0) continue;
      // Closing speed before this substep's push (velocities are still last substep's).
      const vbx = body.vx[b] - body.omega[b] * ry;
      const vby = body.vy[b] + body.omega[b] * rx;
      const closing = (body.vx[p] - vbx) * nx + (body.vy[p] - vby) * ny;
      const q = best / wsum;
      if (wP > 0) {
        const x0 = body.x[p];
        const y0 = body.y[p];
        playerMove.dx = -nx * q * wP;
        playerMove.dy = -ny * q * wP;
        moveBody(world, p, playerMove, player.dropTicks[p] > 0);
        if (wB === 0) {
          platformPush.nx = nx;
          platformPush.ny = ny;
          platformPush.depth = best;
          platformPush.mx = body.x[p] - x0;
          platformPush.my = body.y[p] - y0;
          settleAgainstPlatform(world, p, b);
          yieldAnchoredPartner(world, p);
        }
      }
      point.nx = nx * q;
      point.ny = ny * q;
      pushBody(world, b, point);
      // Pushed after the box contacts ran: out of any box it was pushed into (an anchored player
      // is a wall, so then it holds still and the other box gives way).
      if (wB > 0 && boxes.length > 1 && !world.box.isPlatform[b]) pushBoxesOffPinned(world, b, wP === 0);
      if (ny > STAND_NORMAL) player.groundBox[p] = b;

      if (contacts.count < contacts.capacity) {
        const n = contacts.count++;
        contacts.player[n] = p;
        contacts.box[n] = b;
        contacts.nx[n] = nx;
        contacts.ny[n] = ny;
        contacts.rx[n] = rx;
        contacts.ry[n] = ry;
        contacts.closing[n] = closing;
      }
    }
  }
}

/**
 * The push settleAgainstPlatform settles: the player's move (mx, my) out of an overlap `depth` deep
 * along the normal (nx, ny), player to platform, m. Module scratch, not arguments: five fractional
 * numbers handed to a call V8 did not inline were five heap allocations a push (tick-cost, Ice
 * Cliff: 135 B a tick once compiled).
 */
const platformPush = { nx: 0, ny: 0, depth: 0, mx: 0, my: 0 };

/**
 * After a moving platform (kinematic: it takes no share of the push) pushed player `p` out by
 * (mx, my) from an overlap `depth` deep along the normal (nx, ny) (platformPush). What the two
 * bodies closed on each other this substep is pushed out as speed (velocity is displacement / h:
 * the player moves on with the platform); any more of the push, an overlap that outgrew one
 * substep's closing (the player held by a tile), is put right without becoming speed, so a player
 * is never launched out of a squeeze. Held deeper than CRUSH_DEPTH by a tile, the player is crushed.
 */
function settleAgainstPlatform(world: SimWorld, p: number, b: number): void {
  const { body, player } = world;
  const { nx, ny, depth, mx, my } = platformPush;
  const moved = -(mx * nx + my * ny);
  const closing = ((body.vx[p] - body.vx[b]) * nx + (body.vy[p] - body.vy[b]) * ny) * world.substep.h;
  const excess = moved - Math.max(0, closing);
  if (excess > PUSH_SLACK) {
    body.prevX[p] -= nx * excess;
    body.prevY[p] -= ny * excess;
  }
  if (depth - moved <= CRUSH_DEPTH) return;
  if (Math.abs(nx) > STAND_NORMAL && liftOntoPlatform(world, p, b)) return;
  player.crushedBy[p] = b;
}

/**
 * Moves player `p`, squeezed sideways by platform `b`, up onto the platform's top if its feet are
 * within STEP_UP below it and nothing solid is in the way; true if it got there. The lift is a
 * correction, not speed (prevY moves with it).
 */
function liftOntoPlatform(world: SimWorld, p: number, b: number): boolean {
  const { body } = world;
  const lift = body.y[p] + body.halfH[p] - (body.y[b] - body.halfH[b]);
  if (lift <= 0 || lift > STEP_UP) return false;
  const y0 = body.y[p];
  playerMove.dx = 0;
  playerMove.dy = -lift;
  moveBody(world, p, playerMove, false);
  const rose = y0 - body.y[p];
  body.prevY[p] -= rose;
  return rose > lift - 1e-9;
}

/**
 * After a moving platform pushed player `p`: if that leaves the tether more than TEAR_STRETCH over
 * its length and the partner is anchored, the partner's anchor gives way (as a rider's does in
 * inputSystem's tearLooseRider), and the tether then drags the partner. A platform and an anchor
 * both move as they please, so nothing else can give: the tether solve pulled p back into the
 * platform and the platform pushed it out again, every substep, and the pair ended the tick
 * beyond the tether (1 % in the long fuzz, a ferry's side pushing a player swinging below an
 * anchored partner). A push the player can slide along (riding a lift up while tethered
 * sideways) stretches the tether by at most the platform's step in a substep, and holds.
 */
function yieldAnchoredPartner(world: SimWorld, p: number): void {
  const { body, player, rope, settings } = world;
  const r = world.tetherRope;
  const q = rope.bodyA[r] === p ? rope.bodyB[r] : rope.bodyA[r];
  if (player.isAnchored[q] === 0 || rope.isActive[r] === 0) return;
  measureRopePath(world, r);
  if (ropePath.length <= rope.length[r] * (1 + TEAR_STRETCH)) return;
  player.isAnchored[q] = 0;
  player.anchorGaveWay[q] = 1;
  body.invMass[q] = 1 / settings.playerMass;
  pushEvent(world.events, SimEvent.Unanchored, world.tick, player.slot[q], 1);
}

/**
 * Velocity pass after velocities were derived from positions: restitution for each contact that
 * was closing, as an impulse on both bodies (dv = J/m, and the box's spin from r x J), and the
 * surface velocity of any box a player stands on (the player rides it).
 */
export function bounceContacts(world: SimWorld): void {
  const { body, player, contacts, settings } = world;
  for (let n = 0; n < contacts.count; n++) {
    const p = contacts.player[n];
    const b = contacts.box[n];
    const nx = contacts.nx[n];
    const ny = contacts.ny[n];
    const rx = contacts.rx[n];
    const ry = contacts.ry[n];
    const vbx = body.vx[b] - body.omega[b] * ry;
    const vby = body.vy[b] + body.omega[b] * rx;
    if (player.groundBox[p] === b) {
      player.groundVx[p] = vbx;
      player.groundVy[p] = vby;
    }
    const closing = contacts.closing[n];
    if (closing <= REST_SPEED) continue;
    const separating = (vbx - body.vx[p]) * nx + (vby - body.vy[p]) * ny;
    const target = settings.bumpRestitution * closing;
    if (separating >= target) continue;
    const wP = body.invMass[p];
    point.rx = rx;
    point.ry = ry;
    point.nx = nx;
    point.ny = ny;
    invMassAt(world, b, point);
    const wB = point.w;
    const j = (target - separating) / (wP + wB);
    point.rx = 0;
    point.ry = 0;
    point.nx = -nx * j;
    point.ny = -ny * j;
    applyImpulseAt(world, p, point);
    point.rx = rx;
    point.ry = ry;
    point.nx = nx * j;
    point.ny = ny * j;
    applyImpulseAt(world, b, point);
    // Exchanged over this substep: the closing speed stopped plus the bounce given back, each side
    // by its mass (the positional push did part of the stopping, so it is not j + closing / w).
    if (closing > BUMP_SPEED) world.events.value[pushEvent(world.events, SimEvent.Bumped, world.tick, player.slot[p], 0, b)] = (closing + target) / (wP + wB);
  }
}

/**
 * The impulse API: gives body `e` the impulse (jx, jy), N s, at (rx, ry) from its centre:
 * dv = J / m, and for a box dw = (r x J) / I. Immovable bodies (1/m = 0) do not change.
 */
export function applyImpulse(world: SimWorld, e: number, jx: number, jy: number, rx: number, ry: number): void {
  impulse.rx = rx;
  impulse.ry = ry;
  impulse.nx = jx;
  impulse.ny = jy;
  applyImpulseAt(world, e, impulse);
}

const impulse = createBodyPoint();

/** applyImpulse with the impulse in p.nx, p.ny and its point in p.rx, p.ry (no double crosses the
 *  call: V8 boxes those). */
function applyImpulseAt(world: SimWorld, e: number, p: BodyPoint): void {
  const { body } = world;
  const jx = p.nx;
  const jy = p.ny;
  body.vx[e] += jx * body.invMass[e];
  body.vy[e] += jy * body.invMass[e];
  body.omega[e] += (p.rx * jy - p.ry * jx) * body.invInertia[e];
}

