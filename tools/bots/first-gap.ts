// A scripted pair of players that completes level 1 ("The First Gap"): P2 anchors at the deck's
// edge, P1 runs off and pumps the swing over to the wooden lip, anchors there; P2 swings under and
// P1 hauls it up. Used by the level's test and by tools/tick-cost.ts.
import { Button, step, type SimWorld } from '../../src/sim';

export const DECK_EDGE = 19; // x of the deck's right end
export const LIP_START = 26; // x where the wooden lip over the chasm begins

/** A scripted pair of players: P2 anchors at the edge, P1 swings over, anchors; P2 swings, P1 hauls. */
export function playCrossing(world: SimWorld, onTick?: (phase: string) => void): void {
  const [a, b] = world.queries.players.dense;
  const { body, player } = world;
  let phase = 'walk';
  let since = 0;
  const inputs = [0, 0];
  for (let t = 0; t < 60 * 40 && world.completedTick < 0; t++) {
    const x1 = body.x[a];
    const x2 = body.x[b];
    let p1 = 0;
    let p2 = 0;
    const hop = (x: number) => (x > 3 && x < 6.5 ? Button.Jump : 0); // over the block at x = 4..6
    if (phase === 'walk' || phase === 'swing') p2 = x2 < 18.3 ? Button.Right | hop(x2) : Button.Anchor;
    if (phase === 'walk') {
      p1 = x1 > 17 && !player.isAnchored[b] ? 0 : Button.Right | hop(x1);
      if (x1 > DECK_EDGE + 0.5 && player.isAnchored[b]) phase = 'swing';
    } else if (phase === 'swing') {
      p1 = body.vx[a] >= 0 ? Button.Right : Button.Left; // pump with the swing
      if (player.isGrounded[a] && x1 > LIP_START - 1) { phase = 'anchor'; since = t; }
    } else if (phase === 'anchor') {
      p1 = Button.Anchor;
      p2 = t - since < 20 ? Button.Anchor : Button.Right;
      if (t - since > 170) phase = 'haul';
    } else {
      p1 = x1 < 45 ? Button.Right : 0;
      p2 = x2 < 45 ? Button.Right : 0;
    }
    inputs[0] = p1;
    inputs[1] = p2;
    step(world, inputs);
    onTick?.(phase);
  }
}


/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => playCrossing(world, onTick);
