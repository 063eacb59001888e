// Substep stage: the players fall and move through the tiles. An anchored player stands still, or
// rides the platform it stands on; a wall that stops a rider tears its anchor loose.

import { SimEvent, pushEvent } from '../events';
import { moveBody, type BodyMove } from './moveBody';
import type { SimWorld } from '../worldState';

const move: BodyMove = { dx: 0, dy: 0 };

export function movePlayers(world: SimWorld): void {
  const { body, player, settings } = world;
  const h = world.substep.h;
  const players = world.queries.players.dense;
  for (let n = 0; n < players.length; n++) {
    const e = players[n];
    body.prevX[e] = body.x[e];
    body.prevY[e] = body.y[e];
    if (player.isAnchored[e]) {
      const p = player.groundBox[e];
      if (world.box.isPlatform[p]) {
        const dx = body.vx[p] * h;
        const dy = body.vy[p] * h;
        const x0 = body.x[e];
        const y0 = body.y[e];
        move.dx = dx;
        move.dy = dy;
        moveBody(world, e, move, false);
        if (Math.abs(body.x[e] - x0 - dx) + Math.abs(body.y[e] - y0 - dy) > 1e-9) {
          // A wall stopped the rider while its platform goes on: the anchor is torn loose.
          player.isAnchored[e] = 0;
          player.anchorGaveWay[e] = 1;
          body.invMass[e] = 1 / settings.playerMass;
          pushEvent(world.events, SimEvent.Unanchored, world.tick, player.slot[e], 1);
          continue;
        }
        // Moving with it: letting go keeps the ride's speed instead of sliding off the back.
        body.vx[e] = player.groundVx[e] = body.vx[p];
        body.vy[e] = player.groundVy[e] = body.vy[p];
      }
      continue;
    }
    let vy = body.vy[e];
    if (vy < settings.maxFallSpeed) vy = Math.min(vy + settings.gravity * player.gravityScale[e] * h, settings.maxFallSpeed);
    body.vy[e] = vy;
    move.dx = body.vx[e] * h;
    move.dy = vy * h;
    moveBody(world, e, move, player.dropTicks[e] > 0);
  }
}

/** Substep stage, after every position correction: a free player's velocity is what it moved / h. */
export function updatePlayerVelocities(world: SimWorld): void {
  const { body, player } = world;
  const h = world.substep.h;
  const players = world.queries.players.dense;
  for (let n = 0; n < players.length; n++) {
    const e = players[n];
    if (player.isAnchored[e]) continue;
    body.vx[e] = (body.x[e] - body.prevX[e]) / h;
    body.vy[e] = (body.y[e] - body.prevY[e]) / h;
  }
}
