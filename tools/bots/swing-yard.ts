// A scripted pair of players that completes level 2 ("Swing Yard"): both run right (P1 bumps the
// hanging box out of the way), wait left of the spiked pendulum, cross right behind it as it swings
// away, jump onto the crate (its rope snaps under a player), P1 waits on the fallen crate and jumps
// from it for the gem under the crane's ledge, and both go up the ledge into the goal.
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
/** P1 stops right of this once over the crate, and jumps for the gem once the crate lies still, m. */
const CRATE_STOP_X = 25.9;
/** P1 hops back onto the fallen crate from this close right of its centre, m. */
const GEM_HOP_DX = 1.5;

/** Plays until the level is complete (or 60 s); returns the [P1, P2] masks it pressed, one per tick. */
export function playSwingYard(world: SimWorld, onTick?: (phase: 'walk' | 'cross') => void): Array<[number, number]> {
  const [a, b] = world.queries.players.dense;
  const spiked = boxEntity(world, 1);
  const crate = boxEntity(world, 2);
  const { body, player } = world;
  const pressed: Array<[number, number]> = [];
  const inputs = [0, 0];
  const jump = (x: number) =>
    (x > CRATE_JUMP[0] && x < CRATE_JUMP[1]) || (x > LEDGE_JUMP[0] && x < LEDGE_JUMP[1]) ? Button.Jump : 0;
  let phase: 'walk' | 'cross' = 'walk';
  /** P1's gem jump: 0 not yet, 1 waiting on the crate, 2 done. */
  let gemStep = 0;
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
      if (gemStep === 0 && body.x[a] > CRATE_STOP_X) gemStep = 1;
      if (gemStep === 2 && body.vy[a] < 0) inputs[0] = Button.Right | Button.Jump; // a full jump: held while rising
      if (gemStep === 1) {
        // Once the fallen crate lies still: back onto it from the right, then a jump up and right.
        const isCrateStill = Math.abs(body.vx[crate]) + Math.abs(body.vy[crate]) < 0.05 && body.y[crate] > 16.4;
        const isOnCrate = player.groundBox[a] === crate;
        inputs[0] = 0;
        if (isCrateStill && !isOnCrate) {
          // Steer over the crate's top and no further (it is 1.2 m wide).
          const left = body.x[a] > body.x[crate] + 0.3 ? Button.Left : 0;
          inputs[0] = player.isGrounded[a] === 1 && body.x[a] < body.x[crate] + GEM_HOP_DX ? left | Button.Jump : left;
        }
        if (isCrateStill && isOnCrate && Math.abs(body.vx[a]) < 0.5) {
          inputs[0] = Button.Right | Button.Jump;
          gemStep = 2;
        }
        inputs[1] = 0;
      }
    }
    pressed.push([inputs[0], inputs[1]]);
    step(world, inputs);
    onTick?.(phase);
  }
  return pressed;
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => { playSwingYard(world, onTick); };
