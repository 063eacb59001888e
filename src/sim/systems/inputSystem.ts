// Turns this tick's held-button masks into edges, the jump buffer, drop-through and the anchor.

import { BUTTON_MASK_ALL, Button } from '../input';
import { SimEvent, pushEvent } from '../events';
import { tileAt, Tile } from '../tileGrid';
import type { SimWorld } from '../worldState';

export function inputSystem(world: SimWorld): void {
  const { player, body, box, settings, events } = world;
  const players = world.queries.players.dense;
  // During the pause after a death nobody controls anything (both let go of their keys).
  const isDying = world.rules.dyingTicks[0] > 0;
  for (let n = 0; n < players.length; n++) {
    const eid = players[n];
    const slot = player.slot[eid];
    const raw = world.input[slot] & BUTTON_MASK_ALL;
    // After a respawn a button acts only once it has been let go (respawnSystem sets every bit).
    player.heldThroughDeath[eid] &= raw;
    const held = isDying ? 0 : raw & ~player.heldThroughDeath[eid];
    const pressed = held & ~player.prevButtons[eid];
    player.prevButtons[eid] = player.buttons[eid];
    player.buttons[eid] = held;
    player.pressed[eid] = pressed;

    // A press counts on its own tick and stays buffered for jumpBufferTicks more.
    if (pressed & Button.Jump) player.jumpBufferTicks[eid] = settings.jumpBufferTicks + 1;
    else if (player.jumpBufferTicks[eid] > 0) player.jumpBufferTicks[eid]--;

    if (player.dropTicks[eid] > 0) player.dropTicks[eid]--;
    if ((pressed & Button.Down) && player.isGrounded[eid] && isOnOneWay(world, eid)) {
      player.dropTicks[eid] = settings.dropThroughTicks;
      player.isGrounded[eid] = 0;
    }

    // Anchoring needs ground under the feet; it holds as long as the key does. An anchor that was
    // torn loose holds again only once the key is let go and pressed again. Stone or a platform is
    // ground to anchor on, a crate is not: an anchored player does not move, and a crate pressed
    // against it by its ropes (or anything) was pushed out of it positionally every substep and
    // gained speed from nothing (the long fuzz threw a 60 kg crate at 92 m/s in Frayed Crossing).
    if ((held & Button.Anchor) === 0) player.anchorGaveWay[eid] = 0;
    const under = player.groundBox[eid];
    const isFirmGround = under === 0 || box.isPlatform[under] === 1;
    const wantsAnchor = (held & Button.Anchor) !== 0 && player.isGrounded[eid] === 1 && player.anchorGaveWay[eid] === 0
      && (isFirmGround || player.isAnchored[eid] === 1);
    if (wantsAnchor && !player.isAnchored[eid]) {
      player.isAnchored[eid] = 1;
      body.invMass[eid] = 0;
      body.vx[eid] = 0;
      body.vy[eid] = 0;
      pushEvent(events, SimEvent.Anchored, world.tick, slot, 0);
    } else if (!wantsAnchor && player.isAnchored[eid]) {
      player.isAnchored[eid] = 0;
      body.invMass[eid] = 1 / settings.playerMass;
      pushEvent(events, SimEvent.Unanchored, world.tick, slot, 0);
    }
  }
  tearLooseRider(world);
}

/**
 * Two anchored players cannot move, so nothing could give when a moving platform carries one of
 * them away from the other and the tether is already taut: the rider's anchor is torn loose (it is
 * the one being pulled along its platform), and the tether then pulls it like any player.
 */
function tearLooseRider(world: SimWorld): void {
  const { player, body, box, settings, events } = world;
  const players = world.queries.players.dense;
  const a = players[0];
  const b = players[1];
  if (!player.isAnchored[a] || !player.isAnchored[b]) return;
  const dx = body.x[b] - body.x[a];
  const dy = body.y[b] - body.y[a];
  if (dx * dx + dy * dy < (world.tetherLength - TEAR_SLACK) * (world.tetherLength - TEAR_SLACK)) return;
  for (let n = 0; n < players.length; n++) {
    const e = players[n];
    if (box.isPlatform[player.groundBox[e]] === 0) continue;
    player.isAnchored[e] = 0;
    player.anchorGaveWay[e] = 1;
    body.invMass[e] = 1 / settings.playerMass;
    pushEvent(events, SimEvent.Unanchored, world.tick, player.slot[e], 1);
    return;
  }
}

/** Within this much of full length a tether between two anchored players counts as taut, m. */
const TEAR_SLACK = 0.05;

/** True if every tile under the player's feet is a one-way platform or empty (none solid). */
function isOnOneWay(world: SimWorld, eid: number): boolean {
  const { body, grid } = world;
  const row = Math.floor(body.y[eid] + body.halfH[eid] + 1e-6);
  const c0 = Math.floor(body.x[eid] - body.halfW[eid] + 1e-9);
  const c1 = Math.ceil(body.x[eid] + body.halfW[eid] - 1e-9) - 1;
  let sawOneWay = false;
  for (let c = c0; c <= c1; c++) {
    const t = tileAt(grid, c, row);
    if (t === Tile.Solid) return false;
    if (t === Tile.OneWay) sawOneWay = true;
  }
  return sawOneWay;
}
