// The level is complete the first tick both players' centres are inside the goal area.

import { PLAYER_COUNT } from '../constants';
import { SimEvent, pushEvent } from '../events';
import type { SimWorld } from '../world';

export function goalSystem(world: SimWorld): void {
  if (world.completedTick >= 0 || world.rules.dyingTicks[0] > 0) return;
  const { body, goal } = world;
  for (let slot = 0; slot < PLAYER_COUNT; slot++) {
    const eid = world.players[slot];
    const x = body.x[eid];
    const y = body.y[eid];
    if (x < goal.x || x > goal.x + goal.w || y < goal.y || y > goal.y + goal.h) return;
  }
  world.completedTick = world.tick;
  pushEvent(world.events, SimEvent.LevelComplete, world.tick, 255, 0);
}
