// Solo through "Haul Away" (levels/06-haul-away.json), the pair's plan one character at a time: the
// holder anchors at the step's far edge and the switch leaves it latched; the jumper takes a
// running jump over the gap onto the next step and anchors at its near edge; the switch back lets
// go of the holder's latch and it walks off into the gap; switch to the jumper (its latch lets go
// too), which walks along its step hauling the other up to the edge and anchors at the step's far
// end while the hauled one climbs over; roles swap for the next step. Before the second jump P2
// rappels into the gap for the gem and P1 hauls it back.
import { Button, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { STEPS } from '../haul-away';
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
  const on = (e: number, k: number) => player.isGrounded[e] === 1 && Math.abs(feet(e) - STEPS[k].top) < 0.05;
  let settled = 0;
  /** The controlled character walks off its step's far edge (`dir` 1) or back off it (-1) and
   *  hangs in the gap until it is still. */
  const hangOff = (k: number, dir: 1 | -1): Move => m.until(
    () => (feet(solo.me) < STEPS[k].top + 1 ? (dir > 0 ? Button.Right : Button.Left) : 0),
    () => feet(solo.me) > STEPS[k].top + 3 && Math.abs(body.vx[solo.me]) < 0.3 && Math.abs(body.vy[solo.me]) < 0.3 && ++settled % 20 === 0);
  /** The controlled character walks along its step (to `stop` at most) hauling `hung` up to
   *  the step's top `top`. */
  const haul = (hung: number, top: number, dir: 1 | -1, stop: number): Move => m.until(
    () => ((dir > 0 ? body.x[solo.me] < stop : body.x[solo.me] > stop) ? (dir > 0 ? Button.Right : Button.Left) : 0),
    () => feet(m.entity(hung)) < top + 1.3);
  /** The controlled character presses into the wall until it stands on step `k`. */
  const climb = (k: number, dir: 1 | -1): Move => m.until(() => (dir > 0 ? Button.Right : Button.Left), () => on(solo.me, k));
  /** A running jump from step k onto step k + 1 (Jump held from the edge on: a full jump). */
  const jump = (k: number): Move => m.until(
    () => Button.Right | (body.x[solo.me] > STEPS[k].to - 0.6 ? Button.Jump : 0), () => on(solo.me, k + 1));
  /** One step up: `j` jumps from step k while `h` holds at its far edge, then hauls `h` up. */
  const cycle = (j: number, h: number, k: number): Move[] => {
    const next = STEPS[k + 1];
    return [
      m.control(j), jump(k), m.walkTo(next.from + 0.45, [], 0.08), m.anchor(),
      m.control(h), hangOff(k, 1),
      m.control(j), haul(h, next.top, 1, next.to - 0.45), m.anchor(),
      m.control(h), climb(k + 1, 1),
      // The hauler anchors at the step's far end for the next jump; the other backs off for a run-up.
      m.control(j), m.walkTo(next.to - 0.45, [], 0.08), m.anchor(),
      m.control(h), m.walkTo(next.to - 4, [], 0.2),
    ];
  };
  const moves: Move[] = [
    // P2 anchors at the first edge; P1 backs off for a run-up.
    ...m.go(P2, STEPS[0].to - 0.45, [], 0.08), m.anchor(), ...m.go(P1, STEPS[0].to - 4, [], 0.2),
    ...cycle(P1, P2, 0),
    // The gem: P2 walks off step 1's far edge and hangs in the gap; P1 (let go) hauls it back.
    m.control(P2), hangOff(1, 1),
    m.control(P1), haul(P2, STEPS[1].top, -1, STEPS[1].from + 0.5), m.anchor(),
    m.control(P2), climb(1, -1), m.walkTo(STEPS[1].to - 4, [], 0.2),
    m.control(P1), m.walkTo(STEPS[1].to - 0.45, [], 0.08), m.anchor(),
    ...cycle(P2, P1, 1),
    ...cycle(P1, P2, 2),
    ...cycle(P2, P1, 3),
    ...m.go(P2, 55), ...m.go(P1, 54),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
