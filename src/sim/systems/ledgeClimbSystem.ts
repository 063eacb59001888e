// Ledge climb: an airborne player pressing into a wall whose top edge is between head and feet
// pulls up onto it. This finishes a haul. Without physics.ropeWrap the straight tether pulls almost
// sideways near the top of a cliff, so a partner could never be dragged over the edge by the rope
// alone. With it the rope runs over the edge like a pulley and lifts the partner straight up the
// face, but only until its centre (where the rope is tied) reaches the corner: its feet are then
// still 0.7 m below the top, and a climber does the last bit itself. Kept for both (issue 14's
// review: it serves the player, it does not paper over the missing wrap).

import { Button } from '../input';
import { SimEvent, pushEvent } from '../events';
import { rectOverlapsSolid } from '../physics/moveBody';
import { rect, rectBoxOverlap } from '../physics/playerBox';
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
      if (rectOverlapsSolid(grid, nx - hw, ny - hh, nx + hw, ny + hh)) break;
      // Nor into a crate or platform: the contact would push the two apart in one substep, and an
      // overlap made all at once becomes speed (the long fuzz saw a player climb into a crate by a
      // ledge in Timber Mine and both leave at 140 m/s).
      if (rectOverlapsBox(world, nx, ny, hw, hh)) break;
      // The tether holds: no climbing out of its reach (the next tick's tether constraint would
      // yank both players back together at ~30 m/s).
      const other = players[0] === eid ? players[1] : players[0];
      const dx = nx - body.x[other];
      const dy = ny - body.y[other];
      const reach = world.rope.length[world.tetherRope];
      if (dx * dx + dy * dy > reach * reach) break;
      body.x[eid] = nx;
      body.y[eid] = ny;
      body.vx[eid] = 0;
      body.vy[eid] = 0;
      pushEvent(world.events, SimEvent.LedgeClimbed, world.tick, player.slot[eid], 0);
      break;
    }
  }
}


/** True if the rectangle centred on (cx, cy), half sizes hw x hh, overlaps any box (crate or platform). */
function rectOverlapsBox(world: SimWorld, cx: number, cy: number, hw: number, hh: number): boolean {
  rect.x = cx;
  rect.y = cy;
  rect.hw = hw;
  rect.hh = hh;
  const boxes = world.queries.boxes.dense;
  for (let k = 0; k < boxes.length; k++) if (rectBoxOverlap(world, boxes[k])) return true;
  return false;
}
