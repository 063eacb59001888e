// Grounded state from where the physics left each player: landing events and coyote time.

import { SimEvent, pushEvent } from '../events';
import { Tile, tileAt } from '../tileGrid';
import type { SimWorld } from '../worldState';

/** Feet closer than this to a tile top count as standing on it, m. */
const CONTACT = 1e-4;

export function groundSystem(world: SimWorld): void {
  const { player, body, grid, settings, events } = world;
  const players = world.queries.players.dense;
  for (let n = 0; n < players.length; n++) {
    const eid = players[n];
    const wasGrounded = player.isGrounded[eid] === 1;
    let isGrounded = player.isAnchored[eid] === 1 || player.groundBox[eid] !== 0;
    if (!isGrounded && body.vy[eid] >= -1e-6) {
      const feet = body.y[eid] + body.halfH[eid];
      const row = Math.round(feet);
      if (Math.abs(feet - row) < CONTACT) {
        const c0 = Math.floor(body.x[eid] - body.halfW[eid] + 1e-9);
        const c1 = Math.ceil(body.x[eid] + body.halfW[eid] - 1e-9) - 1;
        const oneWayHolds = player.dropTicks[eid] === 0;
        for (let c = c0; c <= c1; c++) {
          const t = tileAt(grid, c, row);
          if (t === Tile.Solid || (oneWayHolds && t === Tile.OneWay)) { isGrounded = true; break; }
        }
      }
    }
    player.isGrounded[eid] = isGrounded ? 1 : 0;
    if (isGrounded) {
      player.coyoteTicks[eid] = settings.coyoteTicks;
      if (!wasGrounded) pushEvent(events, SimEvent.Landed, world.tick, player.slot[eid], 0);
    } else if (player.coyoteTicks[eid] > 0 && !wasGrounded) {
      player.coyoteTicks[eid]--;
    }
  }
}
