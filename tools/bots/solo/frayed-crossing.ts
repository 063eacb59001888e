// Solo through "Frayed Crossing" (levels/19-frayed-crossing.json), one character at a time over each
// frayed plank, as the pair does it: P1 over the bridge, then P2; over the trapdoor at the well the
// same way (the solo run leaves the well's gem: taking it costs a fall). Then each span one at a time
// (the pillar between them holds both), and both onto the plug, which snaps under the two of them
// and drops them into the goal cave.
import { Button, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { STOPS, PLUG_X } from '../frayed-crossing';
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
  const moves: Move[] = [
    // The bridge: P1 over alone, then P2.
    ...m.go(P2, STOPS.start - 1.5), ...m.go(P1, 17.6), ...m.go(P1, 21), ...m.go(P2, STOPS.lip),
    // The well: over the trapdoor one at a time (it holds one walker), stepping down to the far
    // side. (The gem is left: taking it costs a fall, and a solo run goes without a death.)
    ...m.go(P1, 30), ...m.go(P2, 28.5), ...m.go(P1, STOPS.well + 1.5), ...m.go(P2, STOPS.well),
    // The spans, one at a time.
    ...m.go(P2, 41.4), ...m.go(P1, STOPS.pillar[1]), ...m.go(P2, STOPS.pillar[0]),
    ...m.go(P1, STOPS.last[1]), ...m.go(P2, STOPS.last[0]),
    // Both onto the plug.
    ...m.go(P1, PLUG_X + 0.8), m.control(P2),
    m.until(() => Button.Right, () => body.y[b] > 14),
    m.until(() => 0, () => player.isGrounded[a] === 1 && player.isGrounded[b] === 1),
    ...m.go(P1, 79), ...m.go(P2, 77.5),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
