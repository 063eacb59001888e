// A rope with a breaking tension snaps when its tension over the last tick exceeds it. It splits at
// its middle segment: the near half keeps the rope entity with a free end, the far half becomes the
// rope's spare entity (made at build time) with the other free end. Both halves keep simulating;
// whatever hung from the rope falls, dragging its half along.

import { SimEvent, pushEvent } from '../events';
import type { SimWorld } from '../worldState';

export function ropeSnapSystem(world: SimWorld): void {
  const { rope, particle } = world;
  const ropes = world.queries.ropes.dense;
  for (let k = 0; k < ropes.length; k++) {
    const r = ropes[k];
    const limit = rope.breakTension[r];
    if (limit <= 0 || rope.isActive[r] === 0 || rope.spare[r] === 0) continue;
    if (rope.tension[r] <= limit) continue;
    const s = rope.spare[r];
    const first = rope.first[r];
    const count = rope.count[r];
    const keep = Math.max(1, (count - 1) >> 1) ; // particles 0..keep stay with r
    const particleInvMass = 1 / world.settings.ropeParticleMass;

    rope.isActive[s] = 1;
    rope.first[s] = first + keep + 1;
    rope.count[s] = count - keep - 1;
    rope.capacity[s] = rope.capacity[r] - keep - 1;
    rope.nominalSegment[s] = rope.nominalSegment[r];
    rope.compliance[s] = rope.compliance[r];
    rope.bodyA[s] = 0;
    rope.bodyB[s] = rope.bodyB[r];
    rope.localBX[s] = rope.localBX[r];
    rope.localBY[s] = rope.localBY[r];
    particle.invMass[first + keep + 1] = rope.count[s] > 1 ? particleInvMass : particle.invMass[first + keep + 1];

    rope.count[r] = keep + 1;
    rope.capacity[r] = keep + 1;
    rope.bodyB[r] = 0;
    particle.invMass[first + keep] = particleInvMass;
    rope.spare[r] = 0;
    rope.breakTension[r] = 0;
    rope.reelSpeed[r] = 0;
    rope.reelRate[r] = 0;
    let nearLength = 0;
    for (let i = first; i < first + keep; i++) nearLength += particle.rest[i];
    let farLength = 0;
    for (let i = first + keep + 1; i < first + count - 1; i++) farLength += particle.rest[i];
    rope.length[r] = nearLength;
    rope.length[s] = farLength;
    rope.reelTarget[r] = rope.length[r];
    rope.reelTarget[s] = rope.length[s];
    // Each half has a free end now: no pivots (a rope bends round corners only when tied at both
    // ends). Kept, the near half's particles were still clamped to the old bent path.
    world.wrap.count[r] = 0;
    world.wrap.count[s] = 0;
    world.events.value[pushEvent(world.events, SimEvent.RopeSnapped, world.tick, 255, 0, r)] = rope.tension[r];
  }
}
