// A scripted pair of players that completes level 9 ("Crate Gates", id crate-gates): P1 runs into
// the first hanging crate and shoves it out over the drop, then drops down behind it; P2 waits clear
// of the swing and follows when the crate swings away. At the heavy crate both charge together (one
// player pushing steadily cannot move it far enough), drop down behind it and walk up onto the goal dais.
// It reads what players can see (where the crate is and which way it swings) and holds keys for
// stretches; no frame-exact presses.
import { Button, step, type SimWorld, boxEntity } from '../../src/sim';

/** x of the first drop (the light crate hangs over it) and of the second (the heavy crate), m. */
export const DROP1_X = 18;
export const DROP2_X = 36;
/** Floor heights (feet y): start terrace, middle floor, lower floor, m. */
export const FLOOR_Y: readonly [number, number, number] = [12, 14, 16];
/** Where P2 waits while P1 clears the first crate, and where both meet before the heavy one, m. */
export const WAIT1_X = 12.8;
export const MEET2_X = 31;
/** Jump up the goal dais's two 1 m steps while between these x, m. */
const STEP_JUMPS: ReadonlyArray<readonly [number, number]> = [[48.6, 49.4], [52.6, 53.4]];
const GOAL_X = 55.5;

export type CrateGatesPhase = 'gate1' | 'follow1' | 'meet' | 'gate2' | 'goal';

/** Plays until the level is complete (or 60 s); returns the [P1, P2] masks it pressed, one per tick. */
export function playCrateGates(world: SimWorld, onTick?: (phase: CrateGatesPhase) => void): Array<[number, number]> {
  const [a, b] = world.queries.players.dense;
  const crate = boxEntity(world, 0);
  const { body } = world;
  const pressed: Array<[number, number]> = [];
  const inputs = [0, 0];
  let phase: CrateGatesPhase = 'gate1';
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const below = (e: number, floor: number) => feet(e) > floor + 0.5;
  const toward = (e: number, x: number) => (body.x[e] < x - 0.2 ? Button.Right : body.x[e] > x + 0.2 ? Button.Left : 0);
  const walkToGoal = (e: number) => {
    const x = body.x[e];
    if (x >= GOAL_X) return 0;
    return Button.Right | (STEP_JUMPS.some(([lo, hi]) => x > lo && x < hi) ? Button.Jump : 0);
  };
  for (let t = 0; t < 60 * 60 && world.completedTick < 0; t++) {
    let p1 = 0;
    let p2 = 0;
    if (phase === 'gate1') {
      // P1 runs into the crate and keeps pushing until it drops down behind it; P2 waits back.
      p1 = below(a, FLOOR_Y[0]) ? toward(a, DROP1_X + 1.5) : Button.Right;
      p2 = toward(b, WAIT1_X);
      if (below(a, FLOOR_Y[0]) && body.x[a] > DROP1_X + 1.2) phase = 'follow1';
    } else if (phase === 'follow1') {
      // P2 goes when the crate is swinging away (or hanging still) and pushes through after it.
      p1 = toward(a, DROP1_X + 1.5);
      const goes = body.x[b] > WAIT1_X + 0.5 || body.vx[crate] > 0.3 || Math.abs(body.vx[crate]) < 0.05;
      p2 = below(b, FLOOR_Y[0]) ? Button.Right : goes ? Button.Right : toward(b, WAIT1_X);
      if (below(b, FLOOR_Y[0]) && body.x[b] > DROP1_X + 0.5) phase = 'meet';
    } else if (phase === 'meet') {
      // Walk up to the heavy crate together.
      p1 = toward(a, MEET2_X + 1);
      p2 = toward(b, MEET2_X);
      if (Math.abs(body.x[a] - MEET2_X - 1) < 0.3 && Math.abs(body.x[b] - MEET2_X) < 0.3) phase = 'gate2';
    } else if (phase === 'gate2') {
      // Both push until both are down on the lower floor.
      p1 = Button.Right;
      p2 = Button.Right;
      if (below(a, FLOOR_Y[1]) && below(b, FLOOR_Y[1])) phase = 'goal';
    } else {
      p1 = walkToGoal(a);
      p2 = walkToGoal(b);
    }
    inputs[0] = p1;
    inputs[1] = p2;
    pressed.push([p1, p2]);
    step(world, inputs);
    onTick?.(phase);
  }
  return pressed;
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => { playCrateGates(world, onTick); };
