// A scripted pair of players that completes level 21 ("Moving Rigs"). Both wait at the cliff for the
// ferry, step on as it arrives and ride it over the spikes to the island. The lift runs a loop (up,
// right, down, back left along the bottom): both step on as it comes back along the bottom, ride it
// up and along the top, and walk off its far end onto the high ledge before it drops again. On the
// last rig P1 boards and holds Anchor while P2 stays on the ledge, is pulled off and swings below it
// through the gem over the chasm; over the landing P1 lets go and both drop onto it, then walk to
// the goal. It reads the platforms' positions to time the boarding, like a player watching them.
import { Button, step, type SimWorld } from '../../src/sim';

export type MovingRigsPhase = 'wait-ferry' | 'board' | 'ride' | 'island' | 'wait-lift' | 'lift' | 'ledge' | 'hook' | 'carry' | 'drop' | 'goal';

/** The start ledge's edge, the island's edges, the high ledge's start and the landing's start, m. */
export const CLIFF_X = 10;
export const ISLAND = [24, 31] as const;
export const HIGH_LEDGE_X = 42;
export const LANDING_X = 66;

/** Plays until the level is complete (or 90 s); returns the [P1, P2] masks pressed, one per tick. */
export function playMovingRigs(world: SimWorld, onTick?: (phase: MovingRigsPhase) => void): Array<[number, number]> {
  const [a, b] = world.queries.players.dense;
  const [ferry, lift, rig] = world.queries.platforms.dense;
  const { body, player } = world;
  const pressed: Array<[number, number]> = [];
  const inputs = [0, 0];
  let phase: MovingRigsPhase = 'wait-ferry';
  const grounded = (e: number) => player.isGrounded[e] === 1;
  const toward = (e: number, x: number, tol = 0.12) => (body.x[e] < x - tol ? Button.Right : body.x[e] > x + tol ? Button.Left : 0);
  for (let t = 0; t < 60 * 90 && world.completedTick < 0; t++) {
    let p1 = 0;
    let p2 = 0;
    if (phase === 'wait-ferry') {
      p1 = toward(a, CLIFF_X - 0.6);
      p2 = toward(b, CLIFF_X - 1.8);
      // The ferry is coming in to the cliff: step on as it arrives.
      if (p1 === 0 && p2 === 0 && body.vx[ferry] < 0 && body.x[ferry] < 12.6) phase = 'board';
    } else if (phase === 'board') {
      p1 = toward(a, body.x[ferry] + 0.8);
      p2 = toward(b, body.x[ferry] - 0.6);
      if (p1 === 0 && p2 === 0 && grounded(a) && grounded(b) && body.x[b] > CLIFF_X + 0.5) phase = 'ride';
    } else if (phase === 'ride') {
      if (body.x[ferry] > 22.2) phase = 'island'; // at the island: get off
    } else if (phase === 'island') {
      p1 = toward(a, 30.2);
      p2 = toward(b, 29);
      if (p1 === 0 && p2 === 0 && grounded(a) && grounded(b)) phase = 'wait-lift';
    } else if (phase === 'wait-lift') {
      // The lift comes back along the bottom of its loop toward the island: step on as it arrives.
      if (body.vx[lift] < 0 && body.y[lift] > 14 && body.x[lift] < 33.4) phase = 'lift';
    } else if (phase === 'lift') {
      // On, near its middle; along the top, walk to its right end and off onto the high ledge.
      // Both set off along it as it nears the end of its top run: off before it turns down.
      const nearEnd = body.y[lift] < 8.5 && body.x[lift] > 39.4;
      p1 = nearEnd ? toward(a, 44.5) : toward(a, body.x[lift] + 0.5, 0.2);
      p2 = nearEnd ? toward(b, 43.3) : toward(b, body.x[lift] - 0.5, 0.2);
      if (body.x[a] > HIGH_LEDGE_X + 1 && body.x[b] > HIGH_LEDGE_X + 0.6 && grounded(a) && grounded(b)) phase = 'ledge';
    } else if (phase === 'ledge') {
      p1 = toward(a, 48.4);
      p2 = toward(b, 47.2);
      if (p1 === 0 && p2 === 0 && body.vx[rig] < 0 && body.x[rig] < 50.6) phase = 'hook';
    } else if (phase === 'hook') {
      // P1 steps on the rig and anchors on it; P2 stays on the ledge.
      const onIt = grounded(a) && Math.abs(body.x[a] - body.x[rig]) < 0.35 && body.y[a] < 8;
      p1 = onIt || player.isAnchored[a] ? Button.Anchor : toward(a, body.x[rig], 0.1);
      if (player.isAnchored[a] && body.vx[rig] > 0) phase = 'carry';
    } else if (phase === 'carry') {
      // P2 stands: the taut tether pulls it off the ledge to swing below the rig, through the gem.
      p1 = Button.Anchor;
      if (body.x[b] > LANDING_X + 1.5 && body.x[rig] > 68.5) phase = 'drop';
    } else if (phase === 'drop') {
      // Over the landing: P1 lets go and runs off the rig; both drop onto the landing.
      p1 = Button.Right;
      if (grounded(a) && grounded(b) && body.y[a] > 12) phase = 'goal';
    } else {
      p1 = toward(a, 78);
      p2 = toward(b, 76.5);
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
export const play = (world: SimWorld, onTick: () => void): void => { playMovingRigs(world, onTick); };
