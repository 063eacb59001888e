// Ledge climb: an airborne player pressing into a wall whose top edge is between head and feet
// pulls up onto it. This finishes a haul. Without physics.ropeWrap the straight tether pulls almost
// sideways near the top of a cliff, so a partner could never be dragged over the edge by the rope
// alone. With it the rope runs over the edge like a pulley and lifts the partner straight up the
// face, but only until its centre (where the rope is tied) reaches the corner: its feet are then
// still 0.7 m below the top, and a climber does the last bit itself. Kept for both (issue 14's
// review: it serves the player, it does not paper over the missing wrap).

import { Button } from '../input';
import { SimEvent, pushEvent } from '../events';
import { isSolidProbeBlocked, solidProbe } from '../physics/moveBody';
import { rect, rectBoxOverlap } from '../physics/playerBox';
import { measureRopePathAhead, ropePath } from '../physics/ropeWraps';
import { Tile, tileAt } from '../tileGrid';
import type { SimWorld } from '../worldState';

/** How close the wall must be to count as touching, m. */
const TOUCH = 1e-3;

export function ledgeClimbSystem(world: SimWorld): void {
  const { player, body, grid } = world;
  const players = world.queries.players.dense;
  for (let n = 0; n < players.length; n++) {
    const eid = players[n];
    if (player.isGrounded[eid] || player.isAnchored[eid]) continue;
    const held = player.buttons[eid];
    const dir = ((held & Button.Right) ? 1 : 0) - ((held & Button.Left) ? 1 : 0);
    if (dir === 0) continue;
    const x = body.x[eid];
    const y = body.y[eid];
    const hw = body.halfW[eid];
    const hh = body.halfH[eid];
    const side = dir > 0 ? x + hw : x - hw;
    const wallCol = dir > 0 ? Math.round(side) : Math.round(side) - 1;
    if (Math.abs(side - Math.round(side)) > TOUCH) continue;
    // The ledge top: the first row, going up from the feet, where the wall column turns open.
    const feetRow = Math.floor(y + hh - 1e-9);
    const headRow = Math.floor(y - hh + 1e-9);
    for (let row = feetRow; row >= headRow; row--) {
      if (tileAt(grid, wallCol, row) === Tile.Solid) continue;
      const top = row + 1; // the wall's top surface
      if (tileAt(grid, wallCol, top) !== Tile.Solid || top <= y - hh || top >= y + hh) break;
      const nx = dir > 0 ? wallCol + hw : wallCol + 1 - hw;
      const ny = top - hh;
      // The spot is handed to the tests below in module scratch (solidProbe, rect), not as
      // arguments: fractional numbers passed to a call V8 does not inline are heap allocations.
      solidProbe.left = nx - hw;
      solidProbe.top = ny - hh;
      solidProbe.right = nx + hw;
      solidProbe.bottom = ny + hh;
      if (isSolidProbeBlocked(grid)) break;
      // Nor into a crate or platform: the contact would push the two apart in one substep, and an
      // overlap made all at once becomes speed (the long fuzz saw a player climb into a crate by a
      // ledge in Timber Mine and both leave at 140 m/s).
      rect.x = nx;
      rect.y = ny;
      rect.hw = hw;
      rect.hh = hh;
      if (rectOverlapsBox(world)) break;
      // The tether holds: no climbing out of its reach (the next tick's tether constraint would
      // yank both players back together at ~30 m/s).
      if (isBeyondTether(world, eid)) break;
      body.x[eid] = nx;
      body.y[eid] = ny;
      body.vx[eid] = 0;
      body.vy[eid] = 0;
      pushEvent(world.events, SimEvent.LedgeClimbed, world.tick, player.slot[eid], 0);
      break;
    }
  }
}

/**
 * True if the tether would be longer than its length with player `eid` at (nx, ny), measured along
 * the path it will take over the corners (those it still bends round and those the move catches):
 * the straight line between the players is shorter. The long fuzz saw a climb away from the corner
 * the rope ran over (Tied Together: straight 5.73 m, path 6.34 m of a 6 m tether) and one onto a
 * ledge the rope then caught on (the finale: straight 8.99 m of 9); the tether pulled the 0.34 m
 * back within one substep and threw the climber at 86.9 m/s. The path is measured as the next
 * substep's wrap update will find it; a climb that finishes a haul unwraps the edge and is kept.
 * The spot is (rect.x, rect.y).
 */
function isBeyondTether(world: SimWorld, eid: number): boolean {
  const { body } = world;
  const x = body.x[eid];
  const y = body.y[eid];
  body.x[eid] = rect.x;
  body.y[eid] = rect.y;
  measureRopePathAhead(world, world.tetherRope);
  body.x[eid] = x;
  body.y[eid] = y;
  return ropePath.length > world.rope.length[world.tetherRope];
}

/** True if the rectangle in `rect` (centre and half sizes) overlaps any box (crate or platform). */
function rectOverlapsBox(world: SimWorld): boolean {
  const boxes = world.queries.boxes.dense;
  for (let k = 0; k < boxes.length; k++) if (rectBoxOverlap(world, boxes[k])) return true;
  return false;
}
