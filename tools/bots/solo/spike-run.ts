// Solo through "The Spike Run" (levels/23-spike-run.json). The bridge one character per crate: P1
// onto the second crate, P2 onto the first, P1 hops off onto the island, then P2 follows. The
// pendulums one character at a time, the one waiting always standing in front (the characters pass
// through each other) so the tether reaches: each runs in right behind a blade as it sweeps away.
// At the station both wait until the rig sets the gondola down, then jump on, one after the other;
// they ride it to the far landing, where the rig sets it down again, and step off. The last
// pendulum the same way as the first two, into the goal. (The gems are for the pair replay.)
import { Button, boxEntity, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { HOP_X, LANDING_X, LEAD, PIVOTS, STATION_X } from '../spike-run';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body, player } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const blades = [boxEntity(world, 2), boxEntity(world, 3), boxEntity(world, 4)];
  const gondola = boxEntity(world, 5);
  const [rig] = world.queries.platforms.dense;
  const wait = (isDone: () => boolean): Move => m.until(() => 0, isDone);
  /** The blade of pendulum k is sweeping right through the bottom of its swing: run in behind it. */
  const isGoneRight = (k: number) => body.vx[blades[k]] > 0 && body.x[blades[k]] > PIVOTS[k] - LEAD && body.x[blades[k]] < PIVOTS[k] + 1;
  /** When pendulum k's blade allows, take control of `slot` and run it past the blade to x. */
  const runPast = (slot: number, k: number, x: number): Move[] => [wait(() => isGoneRight(k)), m.control(slot), m.walkTo(x)];
  const onGondola = (e: number) => player.groundBox[e] === gondola;
  /** Take control of `slot`, walk up to the resting gondola and jump onto it (its top is 0.5 m up). */
  const board = (slot: number, dx: number): Move[] => [m.control(slot), m.until(() => {
    const e = solo.me;
    const to = body.x[gondola] + dx;
    const toward = body.x[e] < to - 0.12 ? Button.Right : body.x[e] > to + 0.12 ? Button.Left : 0;
    if (onGondola(e) || !player.isGrounded[e]) return toward;
    return toward | (body.x[e] > body.x[gondola] - body.halfW[gondola] - 1.2 ? Button.Jump : 0);
  }, () => onGondola(solo.me) && Math.abs(body.vx[solo.me] - body.vx[gondola]) < 0.3)];
  /** The rig has lowered the gondola onto the floor at x < `ltX` (or x > `gtX`). */
  const isSetDown = (gtX: number) => body.y[rig] > 10.4 && (gtX > 60 ? body.x[rig] > gtX : body.x[rig] < gtX);
  const moves: Move[] = [
    // The bridge, one character per crate.
    ...m.go(P1, 8.4), ...m.go(P2, 7.3), ...m.go(P1, 14.2), ...m.go(P2, 12.5),
    ...m.go(P1, 17.9, [HOP_X]), ...m.go(P2, 19.6, [HOP_X]),
    // The pendulums: the waiting one stands in front.
    ...m.go(P1, 23.6), ...m.go(P2, 25.0),
    ...runPast(P1, 0, 31.6), ...runPast(P2, 0, 33.6),
    ...runPast(P1, 1, 39.6), ...runPast(P2, 1, 41),
    // The rig: wait for the gondola to be set down at the station, board it one after the other.
    ...m.go(P1, 45.6), ...m.go(P2, 44.4),
    wait(() => isSetDown(STATION_X)),
    ...board(P1, 0.6), ...board(P2, -0.6),
    // Ride to the far landing; off once the rig has set it down there.
    wait(() => isSetDown(LANDING_X + 1)),
    ...m.go(P1, 82.6), ...m.go(P2, 84.0),
    // The last pendulum into the goal.
    ...runPast(P1, 2, 91), ...runPast(P2, 2, 92.3),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
