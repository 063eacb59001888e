// Solo through "Knock-On" (levels/15-knock-on.json), the pair's plan one character at a time: P2
// anchors back from the first pit and the switch leaves it latched; P1 charges the hanging crate
// (the tether holds it at the edge) until the loose crate lies down in the pit; P2 (its latch let
// go) walks up behind P1, then each crosses as the pair bot's players do (P1 first, jumping for the
// gem). At the second pit P1 anchors back and P2 charges; P1 walks up, then P2 and P1 cross.
import { Button, boxEntity, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { GOAL_X, PITS, createCrossing, type Pit } from '../knock-on';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const [a, b] = [m.entity(P1), m.entity(P2)];
  const hanging = [boxEntity(world, 0), boxEntity(world, 2)];
  const stones = [boxEntity(world, 1), boxEntity(world, 3)];
  const landed = (crate: number, pit: Pit) => body.y[crate] > pit.floor + 1 && Math.abs(body.vx[crate]) < 0.05 && Math.abs(body.vy[crate]) < 0.05;
  /** The hanging crate at pit k nearly still where it hangs at rest. */
  const calm = (crate: number, pit: Pit) => Math.abs(body.x[crate] - (pit.edge + 0.7)) < 0.15 && Math.abs(body.vx[crate]) < 0.3;
  /** Charge right until the knocked crate lies still in the pit. */
  const charge = (k: number): Move => m.until(() => Button.Right, () => landed(stones[k], PITS[k]));
  /** The controlled character crosses pit k (made when the move first runs: the crate is down). */
  const cross = (e: number, k: number, gemFirst: boolean): Move => {
    let crossing: ReturnType<typeof createCrossing> | null = null;
    return m.until(() => (crossing ??= createCrossing(world, e, PITS[k], hanging[k], stones[k], gemFirst)).press(), () => crossing?.isAcross() === true);
  };
  const moves: Move[] = [
    ...m.go(P2, PITS[0].leash, [], 0.05), m.anchor(), m.control(P1), charge(0),
    ...m.go(P2, PITS[0].edge - 1.2),
    m.control(P1), cross(a, 0, true),
    // P2 waits for the first crate to hang nearly still as well: its hop checks only where the
    // crate is and how fast it moves, and once (after the corner pass's stretch limit changed the
    // game, collideRopeCorners.ts) P2 came down on it tilted 0.6 rad and slid off into the spikes.
    m.control(P2), m.until(() => 0, () => calm(hanging[0], PITS[0])), cross(b, 0, false),
    ...m.go(P1, PITS[1].leash, [], 0.05), m.anchor(), m.control(P2), m.walkTo(PITS[1].leash + 2), charge(1),
    ...m.go(P1, PITS[1].edge - 1.2),
    m.control(P2), cross(b, 1, false),
    // P2's hop off sets the second hanging crate swinging (0.8 m either way); P1 waits until it is
    // nearly still, or its hop can meet the crate swinging away and drop it into the pit.
    m.control(P1), m.until(() => 0, () => calm(hanging[1], PITS[1])), cross(a, 1, false),
    ...m.go(P2, GOAL_X[1]), ...m.go(P1, GOAL_X[0]),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
