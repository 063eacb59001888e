// Falling out of the bottom of the level puts both players back at their spawns.

import { PLAYER_COUNT } from '../constants';
import { SimEvent, pushEvent } from '../events';
import { placePlayersAtSpawns, type SimWorld } from '../world';

/** How far below the grid's last row a player must be to count as fallen out, m. */
const FALL_MARGIN = 3;

export function respawnSystem(world: SimWorld): void {
  const { body } = world;
  for (let slot = 0; slot < PLAYER_COUNT; slot++) {
    const eid = world.players[slot];
    if (body.y[eid] - body.halfH[eid] > world.grid.height + FALL_MARGIN) {
      placePlayersAtSpawns(world);
      pushEvent(world.events, SimEvent.Respawned, world.tick, slot, 0);
      return;
    }
  }
}
