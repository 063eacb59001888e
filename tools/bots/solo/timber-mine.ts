// Solo through "The Deep Seam" (levels/16-timber-mine.json), the pair's plan one character at a
// time, from the solo plans of the levels it strings together: the knock-on pit as in level 15's
// solo bot (P2 anchors back, P1 charges; P2 walks up, P1 crosses for the gem, then P2), the shaft
// descent of level 14's solo bot moved into this level, and the chamber's pendulum, run under one
// character at a time as it passes the bottom (each waits at the edge of its sweep).
import { Button, boxEntity, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { PITS, createCrossing } from '../knock-on';
import { CHAMBER_WAIT, GOAL_X, PIVOT_X, SHAFT } from '../timber-mine';
import { shaftMoves } from './mine-shaft';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;

/** Plays until the level is complete (or 200 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const [a, b] = [m.entity(P1), m.entity(P2)];
  const [hanging, stone, blade] = [boxEntity(world, 0), boxEntity(world, 1), boxEntity(world, 4)];
  const pit = PITS[0];
  const landed = () => body.y[stone] > pit.floor + 1 && Math.abs(body.vx[stone]) < 0.05 && Math.abs(body.vy[stone]) < 0.05;
  const cross = (e: number, gemFirst: boolean): Move => {
    let crossing: ReturnType<typeof createCrossing> | null = null;
    return m.until(() => (crossing ??= createCrossing(world, e, pit, hanging, stone, gemFirst)).press(), () => crossing?.isAcross() === true);
  };
  /** Run right to x as the pendulum has just passed the bottom (moving away from it). */
  const dash = (x: number): Move => {
    let isRunning = false;
    return m.until(() => {
      const off = body.x[blade] - PIVOT_X;
      isRunning ||= Math.abs(off) < 0.8 && off * body.vx[blade] > 0;
      return isRunning ? Button.Right : 0;
    }, () => body.x[solo.me] > x);
  };
  const moves: Move[] = [
    ...m.go(P2, pit.leash, [], 0.05), m.anchor(), m.control(P1), m.until(() => Button.Right, landed),
    ...m.go(P2, pit.edge - 1.2),
    m.control(P1), cross(a, true),
    m.control(P2), cross(b, false),
    ...m.go(P1, 30), ...m.go(P2, 32),
    ...shaftMoves(world, solo, m, SHAFT),
    // The chamber: P1 runs under the pendulum first, then P2 (the tether reaches across).
    ...m.go(P1, CHAMBER_WAIT[0]), ...m.go(P2, CHAMBER_WAIT[1]),
    m.control(P1), dash(GOAL_X[0] - 0.5), m.walkTo(GOAL_X[0]),
    m.control(P2), dash(GOAL_X[1] - 0.5), m.walkTo(GOAL_X[1]),
  ];
  runMoves(world, moves, 60 * 200, onTick);
  return solo.ticks;
}
