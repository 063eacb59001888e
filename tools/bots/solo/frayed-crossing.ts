// Solo through "Frayed Crossing" (levels/19-frayed-crossing.json), one character at a time over each
// frayed plank, as the pair does it: P1 over the bridge, then P2. At the well P1 anchors back from
// the lip (the switch keeps it latched) and P2 jumps on the trapdoor: it snaps and P2 drops into the
// well past the gem. Switching back lets go of P1's latch: P1 is dragged over the well to the second
// checkpoint, walks on onto the first span with P2 hanging from it, the span snaps and both come back
// at that checkpoint, gem kept. Then each span one at a time (the pillar between them holds both),
// and both onto the plug, which snaps under the two of them into the goal cave.
import { Button, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { STOPS, TRAPDOOR_X, WELL_LIP_X, PLUG_X } from '../frayed-crossing';
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
    // The well: P1 anchors back from the lip; P2 jumps on the trapdoor.
    ...m.go(P1, WELL_LIP_X, [], 0.1), m.anchor(),
    ...m.go(P2, TRAPDOOR_X, [], 0.15),
    m.until(() => Button.Jump, () => body.y[b] > 10),
    m.until(() => 0, () => world.rules.gems[0] !== 0 && Math.abs(body.vy[b]) < 1),
    // Back to P1 (its latch lets go): dragged over the well, then on onto the span until it snaps.
    m.control(P1),
    m.hold(0, 90),
    m.until(() => Button.Right, () => body.y[a] > 15),
    m.until(() => 0, () => player.isGrounded[a] === 1 && player.isGrounded[b] === 1 && body.y[a] < 10 && body.x[a] < 41),
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
