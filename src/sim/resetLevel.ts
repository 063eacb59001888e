// Putting a level back after a death: everything as it was built, the players at the last
// checkpoint reached, the rules' count of deaths, checkpoint and gems collected kept.

import { layOutFromEnds } from './layOutRope';
import { restoreState } from './snapshot';
import type { SimWorld } from './worldState';

/**
 * Puts the whole level back as it was built (players, boxes, ropes, platforms), keeping the tick,
 * the events and the rules' state (checkpoint, deaths), then stands the players at the last
 * checkpoint reached, if any, with every rope tied to them laid out slack again.
 */
export function resetLevel(world: SimWorld): void {
  const { rules } = world;
  const checkpoint = rules.checkpoint[0];
  const deaths = rules.deaths[0];
  const deadSlot = rules.deadSlot[0];
  const gems = rules.gems[0];
  restoreState(world, world.initial, false);
  rules.gems[0] = gems;
  rules.checkpoint[0] = checkpoint;
  rules.deaths[0] = deaths;
  rules.deadSlot[0] = deadSlot;
  rules.dyingTicks[0] = 0;
  if (checkpoint < 0 || checkpoint >= world.checkpoints.length) return;
  const { body, rope } = world;
  const spawns = world.checkpoints[checkpoint].spawns;
  const players = world.queries.players.dense;
  for (let n = 0; n < players.length; n++) {
    const e = players[n];
    const slot = world.player.slot[e];
    body.x[e] = body.prevX[e] = body.lastX[e] = spawns[slot].x;
    body.y[e] = body.prevY[e] = body.lastY[e] = spawns[slot].y - body.halfH[e];
  }
  const ropes = world.queries.ropes.dense;
  for (let k = 0; k < ropes.length; k++) {
    const r = ropes[k];
    if (rope.isActive[r] === 0) continue;
    if (!isPlayer(world, rope.bodyA[r]) && !isPlayer(world, rope.bodyB[r])) continue;
    world.wrap.count[r] = 0; // bent afresh around what lies between the respawned ends
    layOutFromEnds(world, r);
  }
}

function isPlayer(world: SimWorld, e: number): boolean {
  const players = world.queries.players.dense;
  return e !== 0 && (e === players[0] || e === players[1]);
}
