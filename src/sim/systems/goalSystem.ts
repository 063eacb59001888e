// The level is complete the first tick both players' centres are inside the goal area.

import { SimEvent, pushEvent } from '../events';
import type { SimWorld } from '../worldState';

export function goalSystem(world: SimWorld): void {
  if (world.completedTick >= 0 || world.rules.dyingTicks[0] > 0) return;
  const { body, goal } = world;
  const players = world.queries.players.dense;
  for (let n = 0; n < players.length; n++) {
    const eid = players[n];
    const x = body.x[eid];
    const y = body.y[eid];
    if (x < goal.x || x > goal.x + goal.w || y < goal.y || y > goal.y + goal.h) return;
  }
  world.completedTick = world.tick;
  pushEvent(world.events, SimEvent.LevelComplete, world.tick, 255, 0);
}
