// Platformer movement for one tick: run and brake on the ground, air control, pumping a swing,
// jumps with coyote time and buffering, and the gravity scale that makes jump height variable.

import { Button } from '../input';
import { SimEvent, pushEvent } from '../events';
import { DT } from '../constants';
import type { SimWorld } from '../worldState';

export function movementSystem(world: SimWorld): void {
  const { player, body, settings: s, events } = world;
  const players = world.queries.players.dense;
  for (let n = 0; n < players.length; n++) {
    const eid = players[n];
    if (player.isAnchored[eid]) {
      body.vx[eid] = 0;
      body.vy[eid] = 0;
      player.isJumping[eid] = 0;
      continue;
    }
    const held = player.buttons[eid];
    const dir = ((held & Button.Right) ? 1 : 0) - ((held & Button.Left) ? 1 : 0);
    const isGrounded = player.isGrounded[eid] === 1;
    // On a box, running is relative to the box's surface: a player rides a swinging box.
    const groundVx = player.groundBox[eid] !== 0 ? player.groundVx[eid] : 0;
    let vx = body.vx[eid] - groundVx;

    if (isGrounded) {
      if (dir !== 0 && vx * dir > s.runSpeed) {
        vx -= dir * s.overSpeedDecel * DT; // landed from a swing: keep the momentum, bleed it slowly
      } else if (dir !== 0) {
        // Towards the target speed by at most one tick's acceleration (written out here and below:
        // a helper taking and returning numbers was not inlined, and V8 boxed each one).
        const target = dir * s.runSpeed;
        const step = s.groundAccel * DT;
        vx = vx < target ? Math.min(vx + step, target) : Math.max(vx - step, target);
      } else {
        const step = (player.isTaut[eid] ? s.tautBrake : s.groundBrake) * DT;
        vx = vx < 0 ? Math.min(vx + step, 0) : Math.max(vx - step, 0);
      }
    } else if (player.isTaut[eid] && isBelowPartner(world, eid)) {
      vx += dir * s.pumpAccel * DT; // hanging: left/right pumps the swing
      vx = Math.max(-s.maxSwingSpeed, Math.min(s.maxSwingSpeed, vx));
    } else if (dir !== 0 && vx * dir < s.runSpeed) {
      const target = dir * s.runSpeed;
      const step = s.airAccel * DT;
      vx = vx < target ? Math.min(vx + step, target) : Math.max(vx - step, target);
    }
    body.vx[eid] = vx + groundVx;

    const canJump = isGrounded || player.coyoteTicks[eid] > 0;
    if (player.jumpBufferTicks[eid] > 0 && canJump) {
      body.vy[eid] = -s.jumpSpeed;
      player.jumpBufferTicks[eid] = 0;
      player.coyoteTicks[eid] = 0;
      player.isGrounded[eid] = 0;
      player.isJumping[eid] = 1;
      pushEvent(events, SimEvent.Jumped, world.tick, player.slot[eid], 0);
    }
    if (body.vy[eid] >= 0) player.isJumping[eid] = 0;
    // Releasing jump while rising pulls the jump down sooner: variable jump height.
    const isCut = player.isJumping[eid] === 1 && (held & Button.Jump) === 0;
    player.gravityScale[eid] = isCut ? s.jumpCutGravityScale : 1;
  }
}

/** True if this player hangs lower than the other one (the rope holds it up). */
function isBelowPartner(world: SimWorld, eid: number): boolean {
  const players = world.queries.players.dense;
  const other = players[0] === eid ? players[1] : players[0];
  return world.body.y[eid] > world.body.y[other];
}
