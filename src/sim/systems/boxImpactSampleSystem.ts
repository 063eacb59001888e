// Remembers every box's velocity just before the physics moves it, so boxImpactSystem can tell
// how much speed a tile took away this tick (without reaching into the physics itself).

import type { SimWorld } from '../worldState';

export function boxImpactSampleSystem(world: SimWorld): void {
  const { body, cues } = world;
  const boxes = world.queries.boxes.dense;
  for (let k = 0; k < boxes.length; k++) {
    const e = boxes[k];
    cues.boxVx[e] = body.vx[e];
    cues.boxVy[e] = body.vy[e];
  }
}
