// Solo through "Blade Gallery" (levels/13-blade-gallery.json). Each spiked blade: both wait at the edge
// of its low sweep, then one dashes under it as it swings away and the other follows on a later
// swing (the 7 m tether is too short for one to wait far back). The heavy crate, which the pair
// charges together: P1 alone pumps it, pushing while it swings away and keeping clear while it
// comes back, until its swing opens the way down (as in Crate Gates); P2 runs through on a later
// swing. In the nook P1 hops onto the stool crate for the gem, both hop over it, cross the last
// blade and jump up onto the goal ledge.
import { Button, boxEntity, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { STOOL, UPPER_Y } from '../blade-gallery';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;
/** Each blade (its index in the boxes), where the two wait short of its low sweep (P1, P2) and run to
 *  past it (P1, P2), and the go window: the blade swinging right between these x, m. The 7 m tether
 *  just reaches from one waiting to the other past. */
const BLADES = [
  { blade: 0, wait: [13.1, 12.9], past: [19.5, 19.0], go: [16.2, 17.2] },
  { blade: 2, wait: [43.4, 43.2], past: [49.4, 48.9], go: [46.2, 47.0] },
  { blade: 4, wait: [57.4, 57.2], past: [63.4, 62.9], go: [60.2, 61.0] },
] as const;
/** The heavy crate hangs with its left side here; the way down is just right of it, m. */
const HEAVY_LEFT = 35;
/** Ticks Jump is held: a full jump. */
const JUMP_HOLD = 20;

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body, player } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const [a, b] = [m.entity(P1), m.entity(P2)];
  const heavy = boxEntity(world, 1);
  const stool = boxEntity(world, STOOL);
  const heavyLeft = () => body.x[heavy] - body.halfW[heavy];
  const below = (e: number) => body.y[e] + body.halfH[e] > UPPER_Y + 0.5;
  let jumpLeft = 0;
  let jumped = false;
  /** Wait for the blade to swing away right, then run right to x. */
  const dash = (blade: number, go: readonly [number, number], x: number): Move => {
    let isRunning = false;
    const e = boxEntity(world, blade);
    return m.until(() => {
      isRunning ||= body.vx[e] > 0 && body.x[e] > go[0] && body.x[e] < go[1];
      return isRunning ? Button.Right : 0;
    }, () => body.x[solo.me] > x);
  };
  const crossing = (k: number): Move[] => {
    const c = BLADES[k];
    return [
      ...m.go(P1, c.wait[0]), ...m.go(P2, c.wait[1]),
      m.control(P1), dash(c.blade, c.go, c.past[0]), m.walkTo(c.past[0]),
      m.control(P2), dash(c.blade, c.go, c.past[1]), m.walkTo(c.past[1]),
    ];
  };
  /** A full jump steering towards x() (read each tick), done once landed where `landed` says. */
  const hopTo = (x: () => number, landed: () => boolean): Move[] => [
    () => { jumped = false; return true; },
    m.until(() => {
      const e = solo.me;
      const dir = body.x[e] < x() - 0.25 ? Button.Right : body.x[e] > x() + 0.25 ? Button.Left : 0;
      if (!jumped) { jumped = true; jumpLeft = JUMP_HOLD - 1; return dir | Button.Jump; }
      return dir | (jumpLeft > 0 ? (jumpLeft--, Button.Jump) : 0);
    }, () => jumped && jumpLeft === 0 && player.isGrounded[solo.me] === 1 && landed()),
  ];
  const onStool = () => player.groundBox[solo.me] === stool;
  const moves: Move[] = [
    ...m.go(P1, 9), ...m.go(P2, 8),
    ...crossing(0),
    // The heavy crate: P1 pumps it until its swing opens the way down, P2 follows on a later swing.
    ...m.go(P1, HEAVY_LEFT - 0.5), ...m.go(P2, HEAVY_LEFT - 1.5),
    m.control(P1),
    m.until(() => {
      if (body.vx[heavy] > -0.05) return Button.Right;
      return heavyLeft() - (body.x[a] + body.halfW[a]) < 0.4 ? Button.Left : 0; // keep out of its way back
    }, () => below(a)),
    m.walkTo(39.5),
    m.control(P2),
    m.until(() => (below(b) || (heavyLeft() > HEAVY_LEFT + 0.5 && body.vx[heavy] > 0) || body.x[b] > HEAVY_LEFT - 0.3 ? Button.Right : 0),
      () => below(b)),
    m.walkTo(40.5),
    ...crossing(1),
    // The stool: P1 hops on, jumps for the gem, and both hop over it to the far side of the nook.
    ...m.go(P1, 51.2),
    ...hopTo(() => body.x[stool], onStool),
    ...hopTo(() => body.x[stool], () => world.rules.gems[0] === 1 && onStool()),
    // Walk off its far side (a jump there would rise into the last blade's high swing).
    m.until(() => Button.Right, () => !onStool() && player.isGrounded[a] === 1),
    m.walkTo(55.6),
    ...m.go(P2, 51.2), m.walkTo(55.0, [[51.0, 51.6]]),
    ...crossing(2),
    ...m.go(P1, 67.8, [[64.4, 65.4]]), ...m.go(P2, 66.8, [[64.4, 65.4]]),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
