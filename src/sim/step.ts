// One fixed tick of the game. The whole order of systems lives here, one line each with its reason.

import { PLAYER_COUNT } from './constants';
import { boxImpactSampleSystem } from './systems/boxImpactSampleSystem';
import { boxImpactSystem } from './systems/boxImpactSystem';
import { checkpointSystem } from './systems/checkpointSystem';
import { footstepSystem } from './systems/footstepSystem';
import { goalSystem } from './systems/goalSystem';
import { groundSystem } from './systems/groundSystem';
import { ledgeClimbSystem } from './systems/ledgeClimbSystem';
import { inputSystem } from './systems/inputSystem';
import { movementSystem } from './systems/movementSystem';
import { physicsSystem } from './systems/physicsSystem';
import { platformSystem } from './systems/platformSystem';
import { respawnSystem } from './systems/respawnSystem';
import { ropeCreakSystem } from './systems/ropeCreakSystem';
import { ropeSnapSystem } from './systems/ropeSnapSystem';
import type { ButtonMask } from './input';
import type { SimWorld } from './world';

export const systems: ReadonlyArray<(world: SimWorld) => void> = [
  inputSystem,    // held masks -> edges, jump buffer, drop-through, anchor; all below read these
  platformSystem, // moving platforms: this tick's velocity along their paths, anchors on them
  movementSystem, // run, brake, air control, swing pumping, jumps -> velocities for this tick
  boxImpactSampleSystem, // sound cue: box velocities before the physics (read by boxImpactSystem)
  physicsSystem,  // substeps: players, boxes, rope lengths, contacts, rope shapes, velocities
  boxImpactSystem, // sound cue: a box that lost most of its speed into a tile -> BoxHitWall
  ropeSnapSystem, // a rope pulled past its breaking tension over the tick splits in two
  ropeCreakSystem, // sound cue: a taut rope with a load swinging fast -> RopeCreak (rate-limited)
  ledgeClimbSystem, // airborne + pressing into a wall just below its top -> up onto the ledge
  groundSystem,   // grounded, landing and coyote time from the settled positions
  footstepSystem, // sound cue: a grounded player ran another stride -> Footstep
  checkpointSystem, // a player inside a later checkpoint -> the respawn point moves there
  respawnSystem,  // spikes or a fall -> died; after a short pause everyone respawns at the checkpoint
  goalSystem,     // both players in the goal -> level complete (once)
];

/** Advances the world by one tick (1/60 s) with each player's held buttons. */
export function step(world: SimWorld, inputs: ArrayLike<ButtonMask>): void {
  for (let slot = 0; slot < PLAYER_COUNT; slot++) world.input[slot] = inputs[slot] ?? 0;
  for (let i = 0; i < systems.length; i++) systems[i](world);
  world.tick++;
}
