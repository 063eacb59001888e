// Solo through "The Long Way Down" (levels/24-finale.json), the pair's plan with one character
// moving at a time, the latch holding the other's anchor: P1 anchors at the plateau's edge while
// P2 is lowered onto the rock slab; P2 anchors at the slab's end and P1 swings on it under the slab
// up onto the lip; P1 anchors there while P2 swings across, hauls it up to the lip and anchors
// again while P2 climbs over. Under the spiked pendulum one at a time on its swings away (as in
// Swing Yard), over the plug that snaps and down the shaft; onto the gondola as it comes down
// into the station, P1 jumping straight up onto it and P2, switched to as P1 lands, running and
// leaping after it before it is out of reach; and off onto the goal ledge one after the other.
import { Button, boxEntity, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { EDGE_X, LIP, PIVOT_X, SLAB } from '../finale';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;
/** Both wait left of where the blade swings low, and run to right of it, m. */
const BLADE_WAIT_X = 53.5;
const BLADE_SAFE_X = 60.5;
/** Where each waits at the station (P1, P2); board once the trolley comes down left of this x, m. */
const STATION_WAIT: readonly [number, number] = [77, 76];
const STATION_TROLLEY_X = 80.5;
/** The station floor ends here, over the gondola pit, m. */
const STATION_EDGE_X = 78;
/** The goal ledge begins at this x, m. */
const LEDGE_X = 94;

/** Plays until the level is complete (or 200 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body, player } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const [a, b] = [m.entity(P1), m.entity(P2)];
  const blade = boxEntity(world, 1);
  const gondola = boxEntity(world, 3);
  const [trolley] = world.queries.platforms.dense;
  const feet = (e: number) => body.y[e] + body.halfH[e];
  let isSwinging = false;
  const onGondola = (e: number) => player.groundBox[e] === gondola;
  /** In the air: drift towards `to` without overshooting it (press against the motion near it). */
  const steer = (e: number, to: number, maxSpeed: number) => {
    const dx = to - body.x[e];
    const vx = body.vx[e] - body.vx[gondola]; // relative to the gondola, which moves
    if (Math.abs(dx) < 0.3) return vx > 0.5 ? Button.Left : vx < -0.5 ? Button.Right : 0;
    if (dx > 0) return vx < Math.min(maxSpeed, 4 * dx) ? Button.Right : Button.Left;
    return vx > Math.max(-maxSpeed, 4 * dx) ? Button.Left : Button.Right;
  };
  /** Jump from the station floor (with a run-up to its edge when `isRunning`) and, once above the
   *  gondola, steer onto it, to `offset` from its middle; done standing on it. */
  const board = (offset: number, isRunning: boolean): Move => m.until(() => {
    const e = solo.me;
    if (player.isGrounded[e]) return isRunning && body.x[e] < STATION_EDGE_X - 0.6 ? Button.Right : Button.Jump | (isRunning ? Button.Right : 0);
    const top = body.y[gondola] - body.halfH[gondola];
    return feet(e) < top - 0.1 ? steer(e, body.x[gondola] + offset, isRunning ? 7 : 4) | Button.Jump : Button.Jump | (isRunning ? Button.Right : 0);
  }, () => onGondola(solo.me));
  /** Walk right off the gondola onto the goal ledge to x, hopping the gap if it has opened. */
  const getOff = (x: number): Move => m.until(() => {
    const e = solo.me;
    const right = body.x[gondola] + body.halfW[gondola];
    const isAtEdge = onGondola(e) && body.x[e] > right - 0.7 && right < LEDGE_X - 0.15;
    return body.x[e] < x ? Button.Right | (isAtEdge ? Button.Jump : 0) : 0;
  }, () => player.isGrounded[solo.me] === 1 && !onGondola(solo.me) && body.x[solo.me] >= x - 0.2);
  /** Wait for the blade to swing away right, then run right to x. */
  const dash = (x: number): Move => {
    let isRunning = false;
    return m.until(() => {
      isRunning ||= body.vx[blade] > 0 && body.x[blade] > PIVOT_X - 2.5 && body.x[blade] < PIVOT_X - 1.5;
      return isRunning ? Button.Right : 0;
    }, () => body.x[solo.me] > x);
  };
  const moves: Move[] = [
    // P1 bumps the crate aside; at the edge P1 anchors (latched) and P2, behind, walks off.
    ...m.go(P1, 10), ...m.go(P2, 8), ...m.go(P1, 18), ...m.go(P2, 16), ...m.go(P1, 24), ...m.go(P2, 22), ...m.go(P1, EDGE_X - 0.6), ...m.go(P2, 27.5),
    m.control(P1), m.anchor(), m.control(P2),
    // P2 is caught by the rope level with the slab and gets onto it, then anchors at its end (the
    // switch back lets go of P1's latch, and latches P2's).
    // The rope bends over the plateau's edge and down its face, so it reaches onto the slab only
    // near the slab's end: P2 steers there (x 28.9), or it hangs just above the slab, held up.
    m.until(() => (body.y[b] < 12 || body.x[b] < 28.8 ? Button.Right : body.x[b] > 29 ? Button.Left : 0),
      () => player.isGrounded[b] === 1 && body.y[b] > SLAB.y - 1),
    m.walkTo(SLAB.x1 - 0.6, [], 0.3), m.anchor(), m.control(P1),
    // P1 jumps off the edge and pumps the swing under the slab until it lands on the lip.
    m.until(() => {
      if (!isSwinging && player.isGrounded[a]) return Button.Right;
      isSwinging = true;
      return body.vx[a] >= 0 ? Button.Right : Button.Left;
    }, () => player.isGrounded[a] === 1 && body.x[a] > LIP.x0 - 0.5 && body.y[a] < LIP.y),
    // P1 anchors on the lip; P2, its latch let go, swings across under it.
    m.anchor(), m.control(P2), m.hold(Button.Right, 150),
    // P1 (latch let go) walks on, hauling P2 up to the lip; anchors there while P2 climbs over.
    m.control(P1),
    m.until(() => Button.Right, () => feet(b) < LIP.y + 1.3),
    m.anchor(), m.control(P2),
    m.until(() => Button.Right, () => player.isGrounded[b] === 1 && feet(b) <= LIP.y + 0.01),
    ...m.go(P2, 42), ...m.go(P1, 46), ...m.go(P2, 50), ...m.go(P1, BLADE_WAIT_X), ...m.go(P2, BLADE_WAIT_X - 0.3),
    // Under the blade one at a time.
    m.control(P1), dash(BLADE_SAFE_X), m.walkTo(BLADE_SAFE_X),
    m.control(P2), dash(BLADE_SAFE_X + 1), m.walkTo(BLADE_SAFE_X + 1),
    // Over the plug (its frayed rope snaps) and down the shaft, one after the other, to the station.
    ...m.go(P1, 69.5), ...m.go(P2, STATION_WAIT[1]), ...m.go(P1, STATION_WAIT[0], [], 0.1),
    // The trolley is coming down into the station with the gondola: P1 jumps on, then P2.
    m.until(() => 0, () => body.vx[trolley] < 0 && body.x[trolley] < STATION_TROLLEY_X),
    board(0.6, false), m.control(P2), board(-0.6, true),
    // Ride; off onto the goal ledge one after the other.
    m.until(() => 0, () => body.x[trolley] > LEDGE_X - 0.5),
    getOff(96.2), m.control(P1), getOff(97.5),
  ];
  runMoves(world, moves, 60 * 200, onTick);
  return solo.ticks;
}
