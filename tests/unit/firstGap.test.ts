// The built-in level must need the rope: the chasm cannot be jumped, and it can be crossed by one
// player anchoring while the other swings (then anchoring on the far side and hauling).
import { describe, expect, it } from 'vitest';
import { Button, SimEvent, createSimWorld, readEvents, step, playerEntity, worldMaxStretch } from '../../src/sim';
import { eventsSince } from './levelChecks';
import { LIP_START, playCrossing } from '../../tools/bots/first-gap';
import { loadBuiltInLevel } from '../../tools/scenarios/levels';
import { separation } from './measure';

describe('level 1: The First Gap', () => {
  it('is completed by anchoring, swinging across, anchoring again and hauling the partner up', () => {
    const world = createSimWorld(loadBuiltInLevel());
    let worstSwingStretch = 0;
    let worstGap = 0;
    playCrossing(world, (phase) => {
      if (phase === 'swing' && world.player.isTaut[playerEntity(world, 0)]) worstSwingStretch = Math.max(worstSwingStretch, worldMaxStretch(world));
      worstGap = Math.max(worstGap, separation(world) - world.tetherLength);
    });
    expect(world.completedTick).toBeGreaterThan(0);
    expect(world.completedTick).toBeLessThan(60 * 30);
    const completions = eventsSince(world).filter((e) => e.type === SimEvent.LevelComplete).length;
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
      const a = playerEntity(world, 0);
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
    const [a, b] = world.queries.players.dense;
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
