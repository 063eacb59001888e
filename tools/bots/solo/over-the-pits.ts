// Solo through "Over the Pits" (levels/05-over-the-pits.json), the pair's caterpillar one character
// at a time: P2 anchors at the shelf's edge and the switch leaves it latched; P1 walks off, swings
// (the backswing under the shelf takes the gem) and lands on perch 1, walks to its end and
// anchors; the switch back lets go of P2's latch and P2 walks off the shelf, swings under P1 and
// lands on perch 2, anchors at its end; P1 swings under P2 to perch 3 and anchors; P2 swings under
// P1 to the far deck; then P1 (let go) takes a running jump down from perch 3 onto the deck.
import { Button, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { FAR_FLOOR, JUMP_FROM, SWINGS } from '../over-the-pits';
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
  const on = (e: number, y: number, lo: number, hi: number) =>
    player.isGrounded[e] === 1 && Math.abs(feet(e) - y) < 0.05 && body.x[e] > lo && body.x[e] < hi;
  /** The controlled character walks off the end of its perch and pumps with the swing (under the
   *  anchored partner) until it lands on the perch of swing `k`. */
  const swingTo = (k: number): Move => {
    let off = false;
    const { land, floor } = SWINGS[k];
    return m.until(() => {
      const e = solo.me;
      if (!off && player.isGrounded[e]) return Button.Right;
      off = true;
      return body.vx[e] >= 0 ? Button.Right : Button.Left;
    }, () => on(solo.me, floor, land[0], land[1]));
  };
  const [, b] = [m.entity(P1), m.entity(P2)];
  const moves: Move[] = [
    // P2 anchors at the shelf's edge, P1 just behind it.
    ...m.go(P2, SWINGS[0].pivot, [[5.2, 6]], 0.08), m.anchor(), ...m.go(P1, SWINGS[0].pivot - 1.2, [[5.2, 6]]),
    swingTo(0), m.walkTo(SWINGS[1].pivot, [], 0.08), m.anchor(),
    m.control(P2), swingTo(1), m.walkTo(SWINGS[2].pivot, [], 0.08), m.anchor(),
    m.control(P1), swingTo(2), m.walkTo(SWINGS[3].pivot, [], 0.08), m.anchor(),
    m.control(P2), swingTo(3),
    // P1 (let go by the switch) runs off perch 3 and jumps down onto the deck.
    m.control(P1),
    m.until(() => (body.x[m.entity(P1)] < JUMP_FROM - 0.4 ? Button.Right : Button.Right | Button.Jump),
      () => on(m.entity(P1), FAR_FLOOR, 50, 80)),
    ...m.go(P1, 74), ...m.go(P2, 76),
  ];
  void b;
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
