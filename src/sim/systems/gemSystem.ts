// Gems: optional pickups a level places where only a good swing or a bump reaches. The first tick a
// player's box comes within GEM_RADIUS of a gem not yet collected, it is collected for the rest of
// the attempt (a death keeps it, like the checkpoint; a restart builds a new world).

import { GEM_RADIUS } from '../constants';
import { SimEvent, pushEvent } from '../events';
import type { SimWorld } from '../worldState';

export function gemSystem(world: SimWorld): void {
  const { body, player, rules, gems } = world;
  if (gems.length === 0 || rules.dyingTicks[0] > 0) return;
  const players = world.queries.players.dense;
  for (let k = 0; k < gems.length; k++) {
    if ((rules.gems[0] >>> k) & 1) continue;
    const gx = gems[k].x;
    const gy = gems[k].y;
    for (let n = 0; n < players.length; n++) {
      const e = players[n];
      if (Math.abs(body.x[e] - gx) > body.halfW[e] + GEM_RADIUS || Math.abs(body.y[e] - gy) > body.halfH[e] + GEM_RADIUS) continue;
      rules.gems[0] |= 1 << k;
      pushEvent(world.events, SimEvent.GemCollected, world.tick, player.slot[e], k);
      break;
    }
  }
}

/** How many of the level's gems are collected (a count of rules.gems' bits). */
export function gemsCollected(world: SimWorld): number {
  let bits = world.rules.gems[0];
  let n = 0;
  while (bits !== 0) { bits &= bits - 1; n++; }
  return n;
}
