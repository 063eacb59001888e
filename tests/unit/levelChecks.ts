// Checks every campaign level's bot test makes at the end of a run.
import { expect } from 'vitest';
import { createSimWorld, step, type SimWorld, type WorldDef } from '../../src/sim';

/**
 * Both players ended inside the goal's width, and the masks the bot pressed, replayed on a fresh
 * world of the same definition, complete the level on the same tick (the bot is deterministic).
 */
export function expectFinishedInGoal(world: SimWorld, def: WorldDef, pressed: ReadonlyArray<readonly [number, number]>): void {
  const g = def.goal;
  for (const e of world.players) {
    expect(world.body.x[e]).toBeGreaterThan(g.x);
    expect(world.body.x[e]).toBeLessThan(g.x + g.w);
  }
  const again = createSimWorld(def);
  for (const masks of pressed) step(again, masks);
  expect(again.completedTick).toBe(world.completedTick);
}
