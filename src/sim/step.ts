// One fixed tick of the game. The whole order of systems lives here, one line each with its reason
// (the substeps inside physicsSystem have their own list: physics/substepStages.ts).

import { PLAYER_COUNT } from './constants';
import { boxImpactSampleSystem } from './systems/boxImpactSampleSystem';
import { boxImpactSystem } from './systems/boxImpactSystem';
import { checkpointSystem } from './systems/checkpointSystem';
import { gemSystem } from './systems/gemSystem';
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
import type { SimWorld } from './worldState';

export interface SimSystem {
  /** Names the system's time in `npm run tick-cost` and the F3 overlay (function names do not survive minifying). */
  name: string;
  run: (world: SimWorld) => void;
  /** Runs during the death pause too, while the rest of the world holds still (respawnSystem). */
  inDeathPause?: true;
}

export const systems: readonly SimSystem[] = [
  { name: 'input', run: inputSystem, inDeathPause: true }, // held masks -> edges, jump buffer, drop-through, anchor; all below read these
  { name: 'platforms', run: platformSystem },  // moving platforms: this tick's velocity along their paths, anchors on them
  { name: 'movement', run: movementSystem },   // run, brake, air control, swing pumping, jumps -> velocities for this tick
  { name: 'boxImpactSample', run: boxImpactSampleSystem }, // sound cue: box velocities before the physics
  { name: 'physics', run: physicsSystem },     // substeps: players, boxes, rope lengths, contacts, rope shapes, velocities
  { name: 'boxImpact', run: boxImpactSystem }, // sound cue: a box that lost most of its speed into a tile -> BoxHitWall
  { name: 'ropeSnap', run: ropeSnapSystem },   // a rope pulled past its breaking tension over the tick splits in two
  { name: 'ropeCreak', run: ropeCreakSystem }, // sound cue: a taut rope with a load swinging fast -> RopeCreak (rate-limited)
  { name: 'ledgeClimb', run: ledgeClimbSystem }, // airborne + pressing into a wall just below its top -> up onto the ledge
  { name: 'ground', run: groundSystem },       // grounded, landing and coyote time from the settled positions
  { name: 'footstep', run: footstepSystem },   // sound cue: a grounded player ran another stride -> Footstep
  { name: 'checkpoint', run: checkpointSystem }, // a player inside a later checkpoint -> the respawn point moves there
  { name: 'gems', run: gemSystem },            // a player touching a gem not yet collected -> collected (GemCollected)
  { name: 'respawn', run: respawnSystem, inDeathPause: true }, // spikes or a fall -> died; the world holds still a moment, then everyone respawns at the checkpoint
  { name: 'goal', run: goalSystem },           // both players in the goal -> level complete (once)
];

/** Advances the world by one tick (1/60 s) with each player's held buttons. */
export function step(world: SimWorld, inputs: ArrayLike<ButtonMask>): void {
  for (let slot = 0; slot < PLAYER_COUNT; slot++) world.input[slot] = inputs[slot] ?? 0;
  const profiler = world.profiler;
  const isDeathPause = world.rules.dyingTicks[0] > 0;
  if (profiler === null) {
    for (let i = 0; i < systems.length; i++) {
      if (isDeathPause && systems[i].inDeathPause !== true) continue;
      systems[i].run(world);
    }
  } else {
    for (let i = 0; i < systems.length; i++) {
      if (isDeathPause && systems[i].inDeathPause !== true) continue;
      const t0 = profiler.now();
      systems[i].run(world);
      profiler.systemTimes[i] += profiler.now() - t0;
    }
    profiler.ticks++;
  }
  world.tick++;
}
