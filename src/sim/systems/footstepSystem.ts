// Footsteps for sound: a grounded player that really moved over its ground (not carried by a
// platform or box, not pushing into a wall) reports one Footstep per stride.

import { DT } from '../constants';
import { SimEvent, pushEvent } from '../events';
import type { SimWorld } from '../worldState';

/** Distance run per footstep, m. */
export const STRIDE = 0.45;

export function footstepSystem(world: SimWorld): void {
  const { body, player, cues } = world;
  const players = world.queries.players.dense;
  for (let n = 0; n < players.length; n++) {
    const e = players[n];
    if (player.isGrounded[e] === 0 || player.isAnchored[e] === 1) {
      cues.stepDistance[e] = 0; // the first step after landing comes a full stride later
      continue;
    }
    // Displacement over this tick relative to what the player stands on (lastX: end of last tick).
    const carried = player.groundBox[e] !== 0 ? player.groundVx[e] * DT : 0;
    const moved = Math.abs(body.x[e] - body.lastX[e] - carried);
    let distance = cues.stepDistance[e] + moved;
    if (distance >= STRIDE) {
      distance -= STRIDE;
      if (distance >= STRIDE) distance = 0; // a teleport (respawn) is not a run of steps
      world.events.value[pushEvent(world.events, SimEvent.Footstep, world.tick, player.slot[e], 0, e)] = moved / DT;
    }
    cues.stepDistance[e] = distance;
  }
}
