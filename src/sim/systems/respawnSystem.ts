// Death and respawn. Touching spike tiles or a spiked box, or falling out of the bottom of the
// level, kills a player: a Died event, then a short pause (inputs are ignored, the world goes on
// moving, the game shows it), then the whole level is put back as it was built and both players
// stand at the last checkpoint reached (or their spawns) with the tether slack: Respawned.
// With the invincibility assist (world.assists) only a fall out of the level counts.

import { DeathCause, SimEvent, pushEvent } from '../events';
import { SPIKE_HEIGHT, Tile, tileAt } from '../tileGrid';
import { resetLevel } from '../resetLevel';
import type { SimWorld } from '../worldState';

/** How far below the grid's last row a player must be to count as fallen out, m. */
const FALL_MARGIN = 3;
/** Length of the pause between a death and the respawn, ticks (0.75 s). */
export const DEATH_TICKS = 45;
/** A player must reach this far into the spikes to be hurt, m (brushing the tips is safe). */
const SPIKE_TOUCH = 0.05;

export function respawnSystem(world: SimWorld): void {
  const { body, player, rules } = world;
  if (rules.dyingTicks[0] > 0) {
    rules.dyingTicks[0]--;
    if (rules.dyingTicks[0] === 0) {
      resetLevel(world);
      pushEvent(world.events, SimEvent.Respawned, world.tick, rules.deadSlot[0], rules.checkpoint[0]);
    }
    return;
  }
  if (world.completedTick >= 0) return;
  const isInvincible = world.assists.isInvincible;
  const players = world.queries.players.dense;
  for (let n = 0; n < players.length; n++) {
    const e = players[n];
    const slot = player.slot[e];
    let cause = 0;
    // Invincible (assist): hazards do not hurt, but a fall out of the level has nowhere to land,
    // so it still puts the players back at the checkpoint (with its Died event and pause).
    if (!isInvincible && player.hurtBy[e] !== 0) cause = DeathCause.SpikedBox;
    else if (!isInvincible && isOnSpikes(world, e)) cause = DeathCause.SpikeTiles;
    else if (body.y[e] - body.halfH[e] > world.grid.height + FALL_MARGIN) cause = DeathCause.FellOut;
    if (cause === 0) continue;
    rules.dyingTicks[0] = DEATH_TICKS;
    rules.deaths[0]++;
    rules.deadSlot[0] = slot;
    // The entity is the spiked box only when one killed: an invincible player that touched one and then fell names none.
    pushEvent(world.events, SimEvent.Died, world.tick, slot, cause, cause === DeathCause.SpikedBox ? player.hurtBy[e] : 0);
    return;
  }
}

/** True if player e's box reaches SPIKE_TOUCH into the spikes of any Spikes cell it overlaps. */
function isOnSpikes(world: SimWorld, e: number): boolean {
  const { body, grid } = world;
  const left = body.x[e] - body.halfW[e] + SPIKE_TOUCH;
  const right = body.x[e] + body.halfW[e] - SPIKE_TOUCH;
  const top = body.y[e] - body.halfH[e];
  const bottom = body.y[e] + body.halfH[e];
  const c0 = Math.floor(left);
  const c1 = Math.floor(right);
  const r0 = Math.floor(top);
  const r1 = Math.floor(bottom - 1e-9);
  for (let row = r0; row <= r1; row++) {
    // The spikes fill the cell from row + 1 - SPIKE_HEIGHT down to row + 1.
    if (bottom < row + 1 - SPIKE_HEIGHT + SPIKE_TOUCH || top > row + 1 - SPIKE_TOUCH) continue;
    for (let col = c0; col <= c1; col++) {
      if (tileAt(grid, col, row) === Tile.Spikes) return true;
    }
  }
  return false;
}
