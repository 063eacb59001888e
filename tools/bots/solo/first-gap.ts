// Solo through "The First Gap" (levels/03-first-gap.json), the pair's plan one character at a time:
// P2 anchors at the deck's edge and the switch leaves it latched; P1 runs off and pumps the swing
// over to the wooden lip and anchors there; the switch back lets go of P2's latch and P2 walks off
// the deck, swinging under the lip; switch to P1 (its latch lets go), which walks on and hauls P2
// up to the lip, anchors while P2 climbs over, and both walk to the goal.
import { Button, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { DECK_EDGE, LIP_START } from '../first-gap';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;
/** Floor of the lip and beyond (feet y), m. */
const LIP_Y = 14;

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body, player } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const [a, b] = [m.entity(P1), m.entity(P2)];
  const feet = (e: number) => body.y[e] + body.halfH[e];
  let isSwinging = false;
  let hangTicks = 0;
  const moves: Move[] = [
    // Over the block to the deck's edge; P2 anchors there with P1 just behind.
    ...m.go(P2, 7.5), ...m.go(P1, 11), ...m.go(P2, 15), ...m.go(P1, 17.4), ...m.go(P2, 18.3),
    m.anchor(), m.control(P1),
    // P1 runs off the deck and pumps with the swing until it lands on the lip.
    m.until(() => {
      if (!isSwinging && body.x[a] < DECK_EDGE + 0.5) return Button.Right;
      isSwinging = true;
      return body.vx[a] >= 0 ? Button.Right : Button.Left;
    }, () => player.isGrounded[a] === 1 && body.x[a] > LIP_START - 1),
    m.anchor(),
    // P2 (its latch let go by the switch) walks off the deck and swings under the lip.
    m.control(P2),
    m.until(() => (body.x[b] < DECK_EDGE + 1 && feet(b) < 13 ? Button.Right : 0), () => feet(b) > 16 && ++hangTicks > 150),
    // P1 walks on, hauling P2 up to the lip, anchors; P2 climbs over.
    m.control(P1),
    m.until(() => Button.Right, () => feet(b) < LIP_Y + 1.3),
    m.anchor(), m.control(P2),
    m.until(() => Button.Right, () => player.isGrounded[b] === 1 && feet(b) <= LIP_Y + 0.01),
    ...m.go(P2, 34), ...m.go(P1, 38), ...m.go(P2, 42), ...m.go(P1, 46), ...m.go(P2, 45),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
