// Substep stages for a box a player stands on while it stands on the stone: it meets the stone
// again after the players' contacts (pushed out level, with friction), and once more after the
// ropes (friction alone), Coulomb over all the substep's pushes as in the box contacts. The
// player's push comes after the box contacts and, off the box's middle, it pressed the box into the
// floor turned; the floor levelled it only in the next substep, by pivoting on its low corner,
// which carried the centre along while that corner did not slide. The two turns cancelled, the
// move stayed, and friction never saw it: a crate with a player standing on it crept along the
// floor for ever (0.17 m/s for 25 s in Swing Yard, up to 3 m in 10 s in
// tests/unit/boxContacts.test.ts). A box a player pushes from the side is left to the next
// substep's contacts, as before: held back at once, it tipped and hopped along the floor.

import { collideBoxesWithTiles, tilePass } from './boxes';
import { pushBoxesOffPinned } from './boxBoxes';
import { STAND_NORMAL } from './playerBox';
import type { SimWorld } from '../worldState';

/** Substep stage after the players' contacts: each such box out of the stone again, level. */
export function levelBoxesUnderPlayers(world: SimWorld): void {
  passStoodOnBoxes(world, false);
}

/** Substep stage after the ropes: each such box's friction against the slide they added. */
export function holdBoxesUnderPlayers(world: SimWorld): void {
  passStoodOnBoxes(world, true);
}

/** collideBoxesWithTiles on each box a player stands on while it stands on the stone, one by one. */
function passStoodOnBoxes(world: SimWorld, isFrictionOnly: boolean): void {
  const boxes = world.queries.boxes.dense;
  tilePass.isFrictionOnly = isFrictionOnly;
  for (let k = 0; k < boxes.length; k++) {
    if (!isStoodOnStone(world, k)) continue;
    tilePass.only = k;
    collideBoxesWithTiles(world);
    // Lifted out of the stone after the box contacts: out of any crate that put it in (two planks
    // fallen across each other, a player on each, ended 2 cm inside each other in tools/fuzz.ts).
    if (!isFrictionOnly && boxes.length > 1) pushBoxesOffPinned(world, boxes[k], false);
  }
  tilePass.only = -1;
  tilePass.isFrictionOnly = false;
}

/** True if the k-th box stands on the stone this substep and a player stands on it. */
function isStoodOnStone(world: SimWorld, k: number): boolean {
  if (!world.boxTileContacts.standing[k]) return false;
  const e = world.queries.boxes.dense[k];
  if (world.box.isPlatform[e]) return false;
  const { contacts } = world;
  for (let n = 0; n < contacts.count; n++) if (contacts.box[n] === e && contacts.ny[n] > STAND_NORMAL) return true;
  return false;
}
