// Substep stages for a box a player stands on while it stands on the stone: it meets the stone
// again after the players' contacts (pushed out level, with friction), and once more after the
// ropes (friction alone), Coulomb over all the substep's pushes as in the box contacts. The
// player's push comes after the box contacts and, off the box's middle, it pressed the box into the
// floor turned; the floor levelled it only in the next substep, by pivoting on its low corner,
// which carried the centre along while that corner did not slide. The two turns cancelled, the
// move stayed, and friction never saw it: a crate with a player standing on it crept along the
// floor for ever (0.17 m/s for 25 s in Swing Yard, up to 3 m in 10 s in
// tests/unit/boxContacts.test.ts). A box a player pushes from the side is left to the next
// substep's contacts, as before: held back at once, it tipped and hopped along the floor. A box
// stood on that stands on other boxes takes its stack with it (settleStackUnder).

import { collideBoxesWithTiles, tilePass } from './boxes';
import { boxUnder, pushBoxesOffPinned, settleOnBox } from './boxBoxes';
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
    if (boxes.length > 1) settleStackUnder(world, boxes[k], isFrictionOnly);
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

/** The most boxes of a stack settleStackUnder walks down (the one stood on included). */
const MAX_STACK = 8;
const stack = new Int32Array(MAX_STACK);

/**
 * A box stood on that stands on other boxes: the player's push turned it and, through it, the
 * boxes under it, down to the one on the stone, after the box contacts. That one meets the stone
 * again (level, with friction), then each box above it is set down again on the one under it,
 * which holds still, with their friction over the substep; with `isFrictionOnly` the friction
 * alone. Left to the next substep, each crate was levelled by pivoting on a low corner, as a
 * single crate was, and a player standing still on a stack of two crept with its top crate at up
 * to 54 mm/s.
 */
function settleStackUnder(world: SimWorld, e: number, isFrictionOnly: boolean): void {
  let n = 0;
  stack[n++] = e;
  while (n < MAX_STACK) {
    const below = boxUnder(stack[n - 1]);
    if (below === 0 || isInStack(below, n)) break;
    stack[n++] = below;
  }
  if (n === 1) return;
  const boxes = world.queries.boxes.dense;
  let kb = 0;
  while (boxes[kb] !== stack[n - 1]) kb++;
  tilePass.only = kb;
  collideBoxesWithTiles(world);
  for (let j = n - 2; j >= 0; j--) settleOnBox(world, stack[j], stack[j + 1], isFrictionOnly);
}

function isInStack(e: number, n: number): boolean {
  for (let j = 0; j < n; j++) if (stack[j] === e) return true;
  return false;
}
