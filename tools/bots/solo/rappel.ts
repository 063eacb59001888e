// Solo through "Rappel" (levels/02-rappel.json), the pair's plan one character at a time: both
// walk to the plateau's edge; P2 anchors there and the switch leaves it latched; P1 walks off and
// pumps the swing up through the wooden planks, walks to their end and anchors; the switch back
// lets go of P2's latch, P2 walks off the edge and hangs under the planks; switch to P1, whose
// latch lets go too: it walks into the tunnel, hauling P2 up to the lip, and anchors; P2 climbs
// out (pressing Left, as the pair bot's P2 does); then both walk down to the grotto.
import { Button, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { ANCHOR_X, EDGE_X, PLANKS, PLANK_ANCHOR_X, PLANK_Y } from '../rappel';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body, player } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const [a, b] = [m.entity(P1), m.entity(P2)];
  const onPlanks = (e: number) => player.isGrounded[e] === 1 && Math.abs(body.y[e] + body.halfH[e] - PLANK_Y) < 0.05 && body.x[e] < PLANKS[1] + 0.3;
  let swingTicks = 0;
  const moves: Move[] = [
    // Leapfrog to the edge; P1 waits at it, P2 anchors just behind (where the pair bot's P2 does).
    ...m.go(P2, 9), ...m.go(P1, 14.5), ...m.go(P2, 17), ...m.go(P1, 21), ...m.go(P2, 25), ...m.go(P1, 29.7), m.control(P2), m.walkTo(ANCHOR_X + 0.1, [], 0.05),
    m.anchor(), m.control(P1),
    // P1 walks off and pumps: push with the swing (the first push is back under the overhang);
    // once over the planks, steer onto them (the swing round the overhang's corner carries it back).
    m.until(() => {
      if (swingTicks === 0 && body.x[a] < EDGE_X + 0.5) return Button.Right;
      const isOverPlanks = body.x[a] < PLANKS[1] + 0.3 && body.y[a] + body.halfH[a] < PLANK_Y;
      return ++swingTicks < 20 ? 0 : isOverPlanks || body.vx[a] <= 0 ? Button.Left : Button.Right;
    }, () => onPlanks(a)),
    m.walkTo(PLANK_ANCHOR_X, [], 0.1), m.anchor(),
    // Back to P2 with the anchor key up: P2's latch lets go; it walks off and hangs under the planks.
    m.control(P2),
    m.until(() => (body.x[b] < EDGE_X + 1 && body.y[b] < 8 ? Button.Right : 0), () => body.y[b] > 14 && Math.abs(body.vx[b]) < 0.5 && Math.abs(body.vy[b]) < 0.5),
    // P1 walks into the tunnel, hauling P2 up to the lip, and anchors there; P2 climbs over it.
    m.control(P1),
    m.until(() => Button.Left, () => body.y[b] < PLANK_Y + 0.6),
    m.anchor(), m.control(P2),
    m.until(() => Button.Left, () => player.isGrounded[b] === 1 && body.y[b] < PLANK_Y),
    ...m.go(P2, 14), ...m.go(P1, 9), ...m.go(P2, 6), ...m.go(P1, 4.5), ...m.go(P2, 5.5),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
