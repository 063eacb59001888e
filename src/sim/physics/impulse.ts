// Impulses on rope particles: in Verlet form a velocity change is a change of the previous
// position, dv = J / m means prev -= J * (1/m) * h (PHYSICS.md #6).

import { DT } from '../constants';
import type { SimWorld } from '../worldState';

/** Gives particle entity `i` the impulse (jx, jy), N s. Pinned particles (1/m = 0) do not change. */
export function applyParticleImpulse(world: SimWorld, i: number, jx: number, jy: number): void {
  const { particle } = world;
  const h = DT / world.settings.substeps;
  particle.prevX[i] -= jx * particle.invMass[i] * h;
  particle.prevY[i] -= jy * particle.invMass[i] * h;
}
