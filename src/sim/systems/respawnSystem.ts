// Touching spikes or falling out of the bottom of the level restarts the level: players, boxes
// and ropes go back to how the level was built (the tick count and events go on).

import { SimEvent, pushEvent } from '../events';
import { resetLevel, type SimWorld } from '../world';

/** How far below the grid's last row a player must be to count as fallen out, m. */
const FALL_MARGIN = 3;

export function respawnSystem(world: SimWorld): void {
  const { body, player } = world;
  for (let slot = 0; slot < world.players.length; slot++) {
    const e = world.players[slot];
    const spikes = player.hurtBy[e];
    if (spikes !== 0) {
      resetLevel(world);
      pushEvent(world.events, SimEvent.Died, world.tick, slot, 0, spikes);
      return;
    }
    if (body.y[e] - body.halfH[e] > world.grid.height + FALL_MARGIN) {
      resetLevel(world);
      pushEvent(world.events, SimEvent.Respawned, world.tick, slot, 0);
      return;
    }
  }
}
