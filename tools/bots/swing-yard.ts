// A scripted pair of players that completes level 2 ("Swing Yard"): both run right (P1 bumps the
// hanging box out of the way), wait left of the spiked pendulum, cross right behind it as it swings
// away, jump onto the crate (its rope snaps under a player) and up the ledge into the goal.
// It reads the sim state to time the crossing, so it stays valid if the swing's phase shifts a little.
import { Button, step, type SimWorld, boxEntity } from '../../src/sim';

/** Where the players wait for the pendulum (x of P1 and P2), m. */
export const WAIT_X: readonly [number, number] = [12.5, 11.7];
/** Start crossing when the spiked box, swinging right, is between these x, m. */
const GO_FROM = 15;
const GO_TO = 16;
/** Jump while between these x: onto the crate, and up onto the goal ledge, m. */
const CRATE_JUMP: readonly [number, number] = [24.6, 25.2];
const LEDGE_JUMP: readonly [number, number] = [31.0, 31.6];

/** Plays until the level is complete (or 60 s); returns the [P1, P2] masks it pressed, one per tick. */
export function playSwingYard(world: SimWorld, onTick?: (phase: 'walk' | 'cross') => void): Array<[number, number]> {
  const [a, b] = world.queries.players.dense;
  const spiked = boxEntity(world, 1);
  const { body } = world;
  const pressed: Array<[number, number]> = [];
  const inputs = [0, 0];
  const jump = (x: number) =>
    (x > CRATE_JUMP[0] && x < CRATE_JUMP[1]) || (x > LEDGE_JUMP[0] && x < LEDGE_JUMP[1]) ? Button.Jump : 0;
  let phase: 'walk' | 'cross' = 'walk';
  for (let t = 0; t < 60 * 60 && world.completedTick < 0; t++) {
    if (phase === 'walk') {
      inputs[0] = body.x[a] < WAIT_X[0] ? Button.Right : 0;
      inputs[1] = body.x[b] < WAIT_X[1] ? Button.Right : 0;
      const sx = body.x[spiked];
      if (inputs[0] === 0 && inputs[1] === 0 && body.vx[spiked] > 0 && sx > GO_FROM && sx < GO_TO) phase = 'cross';
    }
    if (phase === 'cross') {
      inputs[0] = Button.Right | jump(body.x[a]);
      inputs[1] = Button.Right | jump(body.x[b]);
    }
    pressed.push([inputs[0], inputs[1]]);
    step(world, inputs);
    onTick?.(phase);
  }
  return pressed;
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => { playSwingYard(world, onTick); };
