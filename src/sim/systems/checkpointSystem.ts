// Checkpoints are ordered: the first tick either player's centre is inside a checkpoint later in
// the list than the last one reached, it becomes the respawn point (skipping some is fine; going
// back to an earlier one changes nothing).

import { SimEvent, pushEvent } from '../events';
import type { SimWorld } from '../worldState';

export function checkpointSystem(world: SimWorld): void {
  const { body, player, rules, checkpoints } = world;
  if (rules.dyingTicks[0] > 0) return;
  const players = world.queries.players.dense;
  for (let k = checkpoints.length - 1; k > rules.checkpoint[0]; k--) {
    const area = checkpoints[k].area;
    for (let n = 0; n < players.length; n++) {
      const e = players[n];
      const x = body.x[e];
      const y = body.y[e];
      if (x < area.x || x > area.x + area.w || y < area.y || y > area.y + area.h) continue;
      rules.checkpoint[0] = k;
      pushEvent(world.events, SimEvent.CheckpointReached, world.tick, player.slot[e], k);
      return;
    }
  }
}
