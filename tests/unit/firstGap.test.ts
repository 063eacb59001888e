// The built-in level must need the rope: the chasm cannot be jumped, and it can be crossed by one
// player anchoring while the other swings (then anchoring on the far side and hauling).
import { describe, expect, it } from 'vitest';
import { Button, SimEvent, createSimWorld, readEvents, step, type SimWorld } from '../../src/sim';
import { loadBuiltInLevel, separation } from './scenarios';

const DECK_EDGE = 19; // x of the deck's right end
const LIP_START = 26; // x where the wooden lip over the chasm begins

/** A scripted pair of players: P2 anchors at the edge, P1 swings over, anchors; P2 swings, P1 hauls. */
function playCrossing(world: SimWorld, onTick?: (phase: string) => void): void {
  const [a, b] = world.players;
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

describe('level 1: The First Gap', () => {
  it('is completed by anchoring, swinging across, anchoring again and hauling the partner up', () => {
    const world = createSimWorld(loadBuiltInLevel());
    let worstSwingStretch = 0;
    let worstGap = 0;
    playCrossing(world, (phase) => {
      if (phase === 'swing' && world.player.isTaut[world.players[0]]) worstSwingStretch = Math.max(worstSwingStretch, world.maxStretch);
      worstGap = Math.max(worstGap, separation(world) - world.tetherLength);
    });
    expect(world.completedTick).toBeGreaterThan(0);
    expect(world.completedTick).toBeLessThan(60 * 30);
    let completions = 0;
    readEvents(world.events, 0, (type) => { if (type === SimEvent.LevelComplete) completions++; });
    expect(completions).toBe(1);
    expect(worstGap).toBeLessThanOrEqual(world.tetherLength * 0.01);
    // Measured 3.9 % (at the jerk when the rope snaps taut); issue 3 tightens the solver.
    expect(worstSwingStretch).toBeLessThan(0.05);
  });

  it('the chasm cannot be jumped: no running jump from the deck reaches the far side', () => {
    // A tether far longer than any jump, so only the jump itself is tested.
    const def = loadBuiltInLevel();
    for (let jumpAt = 17.0; jumpAt <= 19.4; jumpAt += 0.1) {
      const world = createSimWorld({ ...def, tether: { length: 40, segments: 16 }, spawns: [{ x: 13, y: 12 }, { x: 2, y: 12 }] });
      const a = world.players[0];
      let reached = false;
      for (let t = 0; t < 240; t++) {
        const jumping = world.body.x[a] >= jumpAt;
        step(world, [Button.Right | (jumping ? Button.Jump : 0), 0]);
        if (world.player.isGrounded[a] && world.body.x[a] > LIP_START - 0.5) reached = true;
      }
      expect(reached, `jump at x=${jumpAt.toFixed(1)}`).toBe(false);
    }
  });

  it('walking off the edge without an anchoring partner drags both players into the chasm', () => {
    const world = createSimWorld(loadBuiltInLevel());
    const cursor = world.events.count;
    let respawned = false;
    const [a, b] = world.players;
    const hop = (x: number) => (x > 3 && x < 6.5 ? Button.Jump : 0);
    for (let t = 0; t < 60 * 8 && !respawned; t++) {
      // Both get over the block; then P2 stands still (not anchored) while P1 walks off the edge.
      const x2 = world.body.x[b];
      step(world, [Button.Right | hop(world.body.x[a]), x2 < 9 ? Button.Right | hop(x2) : 0]);
      readEvents(world.events, cursor, (type) => { if (type === SimEvent.Respawned) respawned = true; });
    }
    expect(respawned).toBe(true);
  });
});
