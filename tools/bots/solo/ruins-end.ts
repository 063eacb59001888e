// Solo through "The Ruins' End" (levels/08-ruins-end.json), the pair's plan one character at a
// time: leapfrog over the step, the block and the stones (the rope is 8 m, so neither gets far
// ahead); then each crossing: one walks to the edge and anchors (the switch leaves it latched); the
// other walks off and pumps the swing (at the cliff: the rappel) until it lands on the planks across,
// and anchors at their near end; the switch back lets go of the first one's latch: it walks off its
// edge and hangs under the planks; switch back (that latch lets go too) and walk on, hauling it up
// to the edge, anchor, and switch to it to climb over. Then both walk into the goal.
import { Button, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { CROSSINGS, GOAL_X, HOPS, STEPS } from '../ruins-end';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body, player } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const standsAt = (e: number, y: number) => player.isGrounded[e] === 1 && Math.abs(feet(e) - y) < 0.05;
  /** One crossing, both already near its edge: anchor, swing, anchor, drop, haul. */
  const cross = (k: number): Move[] => {
    const c = CROSSINGS[k];
    const [an, sw] = [m.entity(c.anchor), m.entity(1 - c.anchor)];
    let isSwinging = false;
    let swingTicks = 0;
    let hangTicks = 0;
    return [
      m.control(c.anchor), m.walkTo(c.edge - 0.4, [], 0.05), m.anchor(),
      m.control(1 - c.anchor),
      // Off the edge; let the rope catch the fall, then pump with the swing until it lands across.
      m.until(() => {
        if (!isSwinging && body.x[sw] < c.edge + 0.5) return Button.Right;
        isSwinging = true;
        return ++swingTicks < 20 ? 0 : body.vx[sw] >= 0 ? Button.Right : Button.Left;
      }, () => standsAt(sw, c.planksY) && body.x[sw] > c.planks),
      m.walkTo(c.planks + 0.5, [], 0.1), m.anchor(),
      // The first one (its latch let go by the switch) walks off its edge and hangs under the planks.
      m.control(c.anchor),
      m.until(() => (body.x[an] < c.edge + 1 && feet(an) <= c.edgeY + 0.01 ? Button.Right : 0),
        () => feet(an) > c.planksY + 2 && Math.abs(body.vy[an]) < 0.5 && ++hangTicks > 60),
      // The swinger walks on, hauling it up to the edge, and anchors; it presses on over the edge.
      m.control(1 - c.anchor),
      m.until(() => Button.Right, () => feet(an) < c.planksY + 1.2),
      m.anchor(), m.control(c.anchor),
      m.until(() => Button.Right, () => standsAt(an, c.planksY) && body.x[an] > c.planks),
    ];
  };
  const moves: Move[] = [
    // Leapfrog over the step, the block and the stones (each jump from a run-up), and up the wall.
    ...m.go(P1, 9.5, HOPS), ...m.go(P2, 8.5, HOPS), ...m.go(P1, 15.5, HOPS), ...m.go(P2, 15, HOPS),
    ...m.go(P1, 21.8, HOPS, 0.4), ...m.go(P2, 21.5, HOPS, 0.4), ...m.go(P1, 28.5, HOPS, 0.4), ...m.go(P2, 28, HOPS, 0.4),
    ...m.go(P1, 34, HOPS), ...m.go(P2, 33.5, HOPS),
    // The chasm: P1 waits short of the edge, P2 anchors at it.
    ...m.go(P1, 40), ...cross(0),
    // The cliff: P1 (ahead) anchors at the edge; P2 rappels.
    ...m.go(P2, 57), ...m.go(P1, 64), ...m.go(P2, 66.8), ...cross(1),
    // The last chasm: P2 (ahead, in the tunnel) anchors at its edge; P1 swings.
    ...m.go(P1, 85.5), ...cross(2),
    // Up the last two steps, leapfrogging (the rope will not let one climb far ahead).
    ...m.go(P2, 105), ...m.go(P1, 108, [STEPS[0]]), ...m.go(P2, 107.8, [STEPS[0]]), ...m.go(P1, GOAL_X, [STEPS[1]]),
    ...m.go(P2, GOAL_X - 1, [STEPS[1]]),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
