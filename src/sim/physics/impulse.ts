// Impulses on rope particles: in Verlet form a velocity change is a change of the previous
// position, dv = J / m means prev -= J * (1/m) * h (PHYSICS.md #6).

import { DT } from '../constants';
import type { SimWorld } from '../world';

/** Gives particle `i` the impulse (jx, jy), N s. Pinned particles (1/m = 0) do not change. */
export function applyParticleImpulse(world: SimWorld, i: number, jx: number, jy: number): void {
  const { pool } = world;
  const h = DT / world.settings.substeps;
  pool.prevX[i] -= jx * pool.invMass[i] * h;
  pool.prevY[i] -= jy * pool.invMass[i] * h;
}
