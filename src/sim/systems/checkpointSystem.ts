// Checkpoints are ordered: the first tick either player's centre is inside a checkpoint later in
// the list than the last one reached, it becomes the respawn point (skipping some is fine; going
// back to an earlier one changes nothing).

import { SimEvent, pushEvent } from '../events';
import type { SimWorld } from '../world';

export function checkpointSystem(world: SimWorld): void {
  const { body, rules, checkpoints } = world;
  if (rules.dyingTicks[0] > 0) return;
  for (let k = checkpoints.length - 1; k > rules.checkpoint[0]; k--) {
    const area = checkpoints[k].area;
    for (let slot = 0; slot < world.players.length; slot++) {
      const e = world.players[slot];
      const x = body.x[e];
      const y = body.y[e];
      if (x < area.x || x > area.x + area.w || y < area.y || y > area.y + area.h) continue;
      rules.checkpoint[0] = k;
      pushEvent(world.events, SimEvent.CheckpointReached, world.tick, slot, k);
      return;
    }
  }
}
