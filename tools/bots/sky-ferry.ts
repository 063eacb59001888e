// A scripted pair of players that completes level 18 ("Sky Ferry"): both wait at the cliff edge for
// the wide ferry, walk on and ride it over the spike pit, climb the steps to the perch, then P1
// boards the little sky ferry and holds Anchor while P2 steps off the perch and dangles below it,
// pumping the swing (pushing along its motion) until its back swing reaches the gem over the pit;
// over the landing P1 lets go and runs off the ferry, and both walk into the cave to the goal.
// It reads the platforms' positions to time the boarding, like a player watching the screen.
import { Button, gemsCollected, step, type SimWorld } from '../../src/sim';

export type SkyFerryPhase = 'walk' | 'board' | 'ride' | 'climb' | 'wait' | 'hook' | 'carry' | 'drop' | 'goal';

/** Plays until the level is complete (or 90 s); returns the [P1, P2] masks pressed, one per tick. */
export function playSkyFerry(world: SimWorld, onTick?: (phase: SkyFerryPhase) => void): Array<[number, number]> {
  const [a, b] = world.queries.players.dense;
  const [ferry, sky] = world.queries.platforms.dense;
  const { body, player } = world;
  const pressed: Array<[number, number]> = [];
  const inputs = [0, 0];
  /** Right until x reaches `to`, then stand. */
  const walkTo = (x: number, to: number) => (x < to ? Button.Right : 0);
  /** Hop up the two steps to the perch (steps at x = 36 and 38). */
  const hop = (x: number) => ((x > 34.7 && x < 35.3) || (x > 36.7 && x < 37.3) ? Button.Jump : 0);
  let phase: SkyFerryPhase = 'walk';
  for (let t = 0; t < 60 * 90 && world.completedTick < 0; t++) {
    const x1 = body.x[a];
    const x2 = body.x[b];
    let p1 = 0;
    let p2 = 0;
    if (phase === 'walk') {
      p1 = walkTo(x1, 9.8);
      p2 = walkTo(x2, 8.6);
      // The ferry is coming back to the cliff: step on as it arrives.
      if (p1 === 0 && p2 === 0 && body.vx[ferry] < 0 && body.x[ferry] < 14.2) phase = 'board';
    }
    if (phase === 'board') {
      p1 = walkTo(x1, body.x[ferry] + 1.2);
      p2 = walkTo(x2, body.x[ferry] - 0.6);
      if (p1 === 0 && p2 === 0 && player.isGrounded[a] && player.isGrounded[b] && x2 > 12) phase = 'ride';
    }
    if (phase === 'ride') {
      if (body.x[ferry] > 24.3) phase = 'climb'; // at the island: get off
    }
    if (phase === 'climb') {
      p1 = walkTo(x1, 40.4) | hop(x1);
      p2 = walkTo(x2, 38.9) | hop(x2);
      if (p1 === 0 && p2 === 0 && body.y[a] < 12 && body.y[b] < 12) phase = 'wait';
    }
    if (phase === 'wait') {
      // The sky ferry is coming back to the perch.
      if (body.vx[sky] < 0 && body.x[sky] < 42.5) phase = 'hook';
    }
    if (phase === 'hook') {
      // P1 steps on and anchors in the middle of it; P2 waits on the perch.
      const onIt = player.isGrounded[a] && Math.abs(x1 - body.x[sky]) < 0.4 && body.y[a] < 12;
      p1 = onIt || player.isAnchored[a] ? Button.Anchor : x1 < body.x[sky] ? Button.Right : 0;
      if (player.isAnchored[a] && body.x[sky] > 44) phase = 'carry';
    }
    if (phase === 'carry') {
      p1 = Button.Anchor;
      // P2 stands still: the taut tether pulls it off the perch to hang below the ferry. Hanging, it
      // pumps the swing (pushing along its motion) until it has the gem high on the forward arc.
      p2 = player.isGrounded[b] || gemsCollected(world) > 0 ? 0 : body.vx[b] >= 0 ? Button.Right : Button.Left;
      if (x2 > 55 && body.x[sky] > 56) phase = 'drop'; // P2 is over the landing
    }
    if (phase === 'drop') {
      p1 = Button.Right;
      p2 = Button.Right;
      if (player.isGrounded[a] && player.isGrounded[b] && body.y[a] > 17) phase = 'goal';
    }
    if (phase === 'goal') {
      p1 = walkTo(x1, 68);
      p2 = walkTo(x2, 66.5);
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
export const play = (world: SimWorld, onTick: () => void): void => { playSkyFerry(world, onTick); };
