// Death and respawn. Touching spike tiles or a spiked box, or falling out of the bottom of the
// level, kills a player: a Died event, then a short pause in which the whole world holds still
// (step.ts runs only the systems marked inDeathPause; the game shows the death where it happened),
// then the whole level is put back as it was built and both players stand at the last checkpoint
// reached (or their spawns) with the tether slack: Respawned. The world used to go on moving in
// the pause: a blind tester saw the dead player's body swing on and drag the partner off a ledge,
// and the death's mark and the bodies end up apart, and could not tell what had killed whom.
// With the invincibility assist (world.assists) only a fall out of the level counts.
// Retry pressed (the pause menu's "Back to checkpoint": players stuck, or a crate wedged) puts
// the level back the same way at once: Respawned, with no death counted and no pause.

import { DeathCause, SimEvent, pushEvent } from '../events';
import { BUTTON_MASK_ALL, Button } from '../input';
import { rectTouchesSpikes } from '../tileGrid';
import { resetLevel } from '../resetLevel';
import { keepDrawPoses } from '../drawPoses';
import type { SimWorld } from '../worldState';

/** How far below the grid's last row a player must be to count as fallen out, m. */
const FALL_MARGIN = 3;
/** Length of the pause between a death and the respawn, ticks (0.75 s). */
export const DEATH_TICKS = 45;

export function respawnSystem(world: SimWorld): void {
  const { body, player, rules } = world;
  if (rules.dyingTicks[0] > 0) {
    // Drawn still: the poses the renderer interpolates from are the current ones. The ropes keep
    // the tension they had (a frayed rope's load stays shown); nothing reads it until the respawn.
    keepDrawPoses(world);
    rules.dyingTicks[0]--;
    if (rules.dyingTicks[0] === 0) respawn(world, rules.deadSlot[0]);
    return;
  }
  if (world.completedTick >= 0) return;
  const isInvincible = world.assists.isInvincible;
  const players = world.queries.players.dense;
  for (let n = 0; n < players.length; n++) {
    if (player.pressed[players[n]] & Button.Retry) {
      respawn(world, player.slot[players[n]]);
      return;
    }
  }
  for (let n = 0; n < players.length; n++) {
    const e = players[n];
    const slot = player.slot[e];
    let cause = 0;
    // Invincible (assist): hazards do not hurt, but a fall out of the level has nowhere to land,
    // so it still puts the players back at the checkpoint (with its Died event and pause).
    if (!isInvincible && player.hurtBy[e] !== 0) cause = DeathCause.SpikedBox;
    else if (!isInvincible && isOnSpikes(world, e)) cause = DeathCause.SpikeTiles;
    else if (body.y[e] - body.halfH[e] > world.grid.height + FALL_MARGIN) cause = DeathCause.FellOut;
    // Like a fall, a crush has no way out (the platform goes where its path says), invincible or not.
    else if (player.crushedBy[e] !== 0) cause = DeathCause.Crushed;
    if (cause === 0) continue;
    rules.dyingTicks[0] = DEATH_TICKS;
    rules.deaths[0]++;
    rules.deadSlot[0] = slot;
    // The entity is the spiked box only when one killed: an invincible player that touched one and then fell names none.
    pushEvent(world.events, SimEvent.Died, world.tick, slot, cause, cause === DeathCause.SpikedBox ? player.hurtBy[e] : cause === DeathCause.Crushed ? player.crushedBy[e] : 0);
    return;
  }
}

/** The whole level put back as built, both players at the last checkpoint: Respawned (`slot`: who died or retried). */
function respawn(world: SimWorld, slot: number): void {
  resetLevel(world);
  // Keys still held from before the respawn do nothing until let go (inputSystem).
  const players = world.queries.players.dense;
  for (let n = 0; n < players.length; n++) world.player.heldThroughDeath[players[n]] = BUTTON_MASK_ALL;
  pushEvent(world.events, SimEvent.Respawned, world.tick, slot, world.rules.checkpoint[0]);
}

/** True if player e's box reaches into the spikes of any Spikes cell it overlaps. */
function isOnSpikes(world: SimWorld, e: number): boolean {
  const { body } = world;
  const x = body.x[e];
  const y = body.y[e];
  return rectTouchesSpikes(world.grid, x - body.halfW[e], y - body.halfH[e], x + body.halfW[e], y + body.halfH[e]);
}
