// A scripted pair that completes level 16 ("The Deep Seam", id timber-mine), world 2's finale. It
// strings together what the world taught, reusing the plans of the levels that taught it:
// the knock-on pit of level 15 (P2 anchors back, P1 charges the hanging crate, which knocks the
// loose crate down into the pit as a stepping stone; both cross, P1 jumping for the gem), the shaft
// descent of level 14 moved into this level (turns down the ledges past two spiked crates, a pumped
// swing onto the tunnel planks with the second gem, a haul), and last a spiked pendulum in the
// chamber past the tunnel: the pair waits at the edge of its sweep and runs as it passes the bottom.
// At the pit each jumps off the pillar where it comes down on the stone's middle (read from where the
// stone lies) and walks to the stone's far side before climbing: landing on its near corner tipped
// the stone back towards the pillar, and the climb from there fell short of the far wall's top.
import { Button, step, type SimWorld, boxEntity } from '../../src/sim';
import { PITS, createCrossing } from './knock-on';
import { createShaftDescent, type ShaftPlace } from './mine-shaft';

/** Where level 14's shaft sits in this level, and its spiked crates. */
export const SHAFT: ShaftPlace = { dx: 22, dy: 9, blades: [2, 3] };
/** The chamber's spiked pendulum: its pivot x, where the pair waits (P1, P2) and the goal, m. */
export const PIVOT_X = 63.5;
export const CHAMBER_WAIT: readonly [number, number] = [60, 59];
export const GOAL_X: readonly [number, number] = [74.5, 73.2];

export type TimberMinePhase = 'leash' | 'charge' | 'cross' | 'shaft' | 'chamber' | 'run';

/** Plays until the level is complete (or 150 s); returns the [P1, P2] masks pressed, one per tick. */
export function playTimberMine(world: SimWorld, onTick?: (phase: TimberMinePhase) => void): Array<[number, number]> {
  const [a, b] = world.queries.players.dense;
  const { body, player } = world;
  const [hanging, stone, blade] = [boxEntity(world, 0), boxEntity(world, 1), boxEntity(world, 4)];
  const pit = PITS[0];
  const descent = createShaftDescent(world, SHAFT);
  const crossA = createCrossing(world, a, pit, hanging, stone, true, true);
  const crossB = createCrossing(world, b, pit, hanging, stone, false, true);
  const pressed: Array<[number, number]> = [];
  const walkTo = (e: number, to: number) => (body.x[e] < to - 0.05 ? Button.Right : body.x[e] > to + 0.05 ? Button.Left : 0);
  const landed = () => body.y[stone] > pit.floor + 1 && Math.abs(body.vx[stone]) < 0.05 && Math.abs(body.vy[stone]) < 0.05;
  let phase = 'leash' as TimberMinePhase;
  let since = 0;
  const enter = (next: TimberMinePhase, t: number) => { phase = next; since = t; };
  for (let t = 0; t < 60 * 150 && world.completedTick < 0; t++) {
    let masks: [number, number] = [0, 0];
    if (phase === 'leash') {
      // P2 anchors back from the pit's edge so the tether holds P1 at it.
      masks = [walkTo(a, 10), player.isAnchored[b] ? Button.Anchor : walkTo(b, pit.leash) || Button.Anchor];
      if (player.isAnchored[b]) enter('charge', t);
    } else if (phase === 'charge') {
      masks = [Button.Right, Button.Anchor];
      if (t - since > 30 && landed()) enter('cross', t);
    } else if (phase === 'cross') {
      // P1 crosses (and jumps for the gem over the stone), then P2. P2 waits at the pit's edge, not
      // back at the leash: the knocked stone lies 1 m from the far wall, and from there P1's climb
      // onto the wall is 8.6 m from the leash, past the 8 m tether (which then holds P1 back and
      // drops it onto the spikes).
      masks = [crossA.press(), crossA.isAcross() ? crossB.press() : walkTo(b, pit.edge - 1.2)];
      if (crossA.isAcross() && crossB.isAcross()) enter('shaft', t);
    } else if (phase === 'shaft') {
      masks = descent.press();
      if (descent.phase() === 'goal') enter('chamber', t);
    } else if (phase === 'chamber') {
      // Wait at the edge of the pendulum's sweep; run just as it passes the bottom.
      masks = [walkTo(a, CHAMBER_WAIT[0]), walkTo(b, CHAMBER_WAIT[1])];
      const ready = masks[0] === 0 && masks[1] === 0 && Math.abs(body.vx[a]) < 0.1;
      // Just past the bottom (moving away from it): the next pass is half a swing away.
      const off = body.x[blade] - PIVOT_X;
      if (ready && Math.abs(off) < 0.8 && off * body.vx[blade] > 0) enter('run', t);
    }
    if (phase === 'run') masks = [walkTo(a, GOAL_X[0]), walkTo(b, GOAL_X[1])];
    pressed.push(masks);
    step(world, masks);
    onTick?.(phase);
  }
  return pressed;
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => { playTimberMine(world, onTick); };
