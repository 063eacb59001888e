// Solo through "Crate Gates" (levels/09-crate-gates.json). The first crate as the pair does it: P1
// shoves it out over the drop and follows it down while P2 waits back; then P2 goes when the crate
// swings away. The heavy crate, which the pair moves by pushing together: P1 alone pumps it, pushing
// while it swings away and keeping clear of it while it comes back, until its swing opens the way
// down behind it; P1 drops through, and P2, switched to, runs through on a later swing. Then the dais.
import { Button, boxEntity, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { DROP1_X, FLOOR_Y, MEET2_X, WAIT1_X } from '../crate-gates';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;
/** The heavy crate hangs with its left side here; the way down is just right of it, m. */
const HEAVY_LEFT = 35;

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const [a, b] = [m.entity(P1), m.entity(P2)];
  const crate = boxEntity(world, 0);
  const heavy = boxEntity(world, 1);
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const below = (e: number, floor: number) => feet(e) > floor + 0.5;
  /** Left side of the heavy crate, m. */
  const heavyLeft = () => body.x[heavy] - body.halfW[heavy];
  /** The move, skipped when P2 is already down behind the heavy crate. */
  const unlessDown = (move: Move): Move => () => below(b, FLOOR_Y[1]) || move();
  const moves: Move[] = [
    ...m.go(P2, WAIT1_X), ...m.go(P1, WAIT1_X + 2),
    // P1 runs into the crate and keeps pushing until it drops down behind it.
    m.until(() => Button.Right, () => below(a, FLOOR_Y[0]) && body.x[a] > DROP1_X + 1.2),
    m.walkTo(DROP1_X + 2),
    // P2 goes when the crate swings away (or hangs still) and pushes through after it.
    m.control(P2),
    m.until(() => (body.vx[crate] > 0.3 || Math.abs(body.vx[crate]) < 0.05 || body.x[b] > WAIT1_X + 0.5 ? Button.Right : 0),
      () => below(b, FLOOR_Y[0]) && body.x[b] > DROP1_X + 0.5),
    ...m.go(P2, 24), ...m.go(P1, 28), ...m.go(P2, MEET2_X - 1), ...m.go(P1, HEAVY_LEFT - 0.5),
    // P1 pumps the heavy crate until its left side swings past the drop, then runs down behind it.
    m.control(P1),
    m.until(() => {
      if (body.vx[heavy] > -0.05) return Button.Right;
      return heavyLeft() - (body.x[a] + body.halfW[a]) < 0.4 ? Button.Left : 0; // keep out of its way back
    }, () => below(a, FLOOR_Y[1])),
    m.walkTo(42),
    // P2, if the tether has not dragged it down after P1 already, runs through on a swing away.
    m.control(P2),
    unlessDown(m.walkTo(HEAVY_LEFT - 1.5)),
    m.until(() => (heavyLeft() > HEAVY_LEFT + 0.5 && body.vx[heavy] > 0 ? Button.Right : 0), () => body.x[b] > HEAVY_LEFT - 0.3 || below(b, FLOOR_Y[1])),
    // (Caught by the crate swinging back, it backs off and goes again as it swings away.)
    m.until(() => (body.vx[heavy] > 0 || body.x[b] > heavyLeft() ? Button.Right : Button.Left), () => below(b, FLOOR_Y[1])),
    ...m.go(P2, 44), ...m.go(P1, 48), ...m.go(P2, 52), ...m.go(P1, 55.5), ...m.go(P2, 54),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
