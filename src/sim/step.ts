// One fixed tick of the game. The whole order of systems lives here, one line each with its reason.

import { PLAYER_COUNT } from './constants';
import { goalSystem } from './systems/goalSystem';
import { groundSystem } from './systems/groundSystem';
import { ledgeClimbSystem } from './systems/ledgeClimbSystem';
import { inputSystem } from './systems/inputSystem';
import { movementSystem } from './systems/movementSystem';
import { physicsSystem } from './systems/physicsSystem';
import { respawnSystem } from './systems/respawnSystem';
import { ropeSnapSystem } from './systems/ropeSnapSystem';
import type { ButtonMask } from './input';
import type { SimWorld } from './world';

export const systems: ReadonlyArray<(world: SimWorld) => void> = [
  inputSystem,    // held masks -> edges, jump buffer, drop-through, anchor; all below read these
  movementSystem, // run, brake, air control, swing pumping, jumps -> velocities for this tick
  physicsSystem,  // substeps: players, boxes, rope lengths, contacts, rope shapes, velocities
  ropeSnapSystem, // a rope pulled past its breaking tension over the tick splits in two
  ledgeClimbSystem, // airborne + pressing into a wall just below its top -> up onto the ledge
  groundSystem,   // grounded, landing and coyote time from the settled positions
  respawnSystem,  // touched spikes or fell out of the level -> the level restarts
  goalSystem,     // both players in the goal -> level complete (once)
];

/** Advances the world by one tick (1/60 s) with each player's held buttons. */
export function step(world: SimWorld, inputs: ArrayLike<ButtonMask>): void {
  for (let slot = 0; slot < PLAYER_COUNT; slot++) world.input[slot] = inputs[slot] ?? 0;
  for (let i = 0; i < systems.length; i++) systems[i](world);
  world.tick++;
}
