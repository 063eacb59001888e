// Checks every campaign level's bot test makes at the end of a run.
import { expect } from 'vitest';
import { createSimWorld, readEvents, step, type SimWorld, type WorldDef } from '../../src/sim';

export interface SeenEvent { type: number; tick: number; slot: number; value: number; entity: number }

/**
 * Every event of the world since `cursor` (0: since it was built), oldest first. Fails the test if
 * the ring (it keeps the last 256) already overwrote some of them, so a check such as "nobody
 * died" can never pass by missing the event: read as the level goes instead (finale.test.ts).
 */
export function eventsSince(world: SimWorld, cursor = 0): SeenEvent[] {
  expect(world.events.count - cursor, 'events overwritten in the ring before they were read').toBeLessThanOrEqual(world.events.capacity);
  const out: SeenEvent[] = [];
  readEvents(world.events, cursor, (type, tick, slot, value, entity) => { out.push({ type, tick, slot, value, entity }); });
  return out;
}

/**
 * Both players ended inside the goal's width, and the masks the bot pressed, replayed on a fresh
 * world of the same definition, complete the level on the same tick (the bot is deterministic).
 */
export function expectFinishedInGoal(world: SimWorld, def: WorldDef, pressed: ReadonlyArray<readonly [number, number]>): void {
  const g = def.goal;
  for (const e of world.queries.players.dense) {
    expect(world.body.x[e]).toBeGreaterThan(g.x);
    expect(world.body.x[e]).toBeLessThan(g.x + g.w);
  }
  const again = createSimWorld(def);
  for (const masks of pressed) step(again, masks);
  expect(again.completedTick).toBe(world.completedTick);
}
