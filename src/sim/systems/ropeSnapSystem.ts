// A rope with a breaking tension snaps when its tension over the last tick exceeds it. It splits at
// its middle segment: the near half keeps the rope entity with a free end, the far half becomes the
// rope's spare entity (made at build time) with the other free end. Both halves keep simulating;
// whatever hung from the rope falls, dragging its half along.

import { SimEvent, pushEvent } from '../events';
import { EndKind } from '../ropePool';
import type { SimWorld } from '../world';

export function ropeSnapSystem(world: SimWorld): void {
  const { rope, pool } = world;
  const order = world.ropeOrder;
  for (let k = 0; k < order.length; k++) {
    const r = order[k];
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
    rope.kindA[s] = EndKind.Free;
    rope.kindB[s] = rope.kindB[r];
    rope.entityB[s] = rope.entityB[r];
    rope.pointBX[s] = rope.pointBX[r];
    rope.pointBY[s] = rope.pointBY[r];
    pool.invMass[first + keep + 1] = rope.count[s] > 1 ? particleInvMass : pool.invMass[first + keep + 1];

    rope.count[r] = keep + 1;
    rope.capacity[r] = keep + 1;
    rope.kindB[r] = EndKind.Free;
    rope.entityB[r] = 0;
    pool.invMass[first + keep] = particleInvMass;
    rope.spare[r] = 0;
    rope.breakTension[r] = 0;
    rope.reelSpeed[r] = 0;
    rope.reelRate[r] = 0;
    rope.length[r] = segmentSum(world, first, keep);
    rope.length[s] = segmentSum(world, rope.first[s], rope.count[s] - 1);
    rope.reelTarget[r] = rope.length[r];
    rope.reelTarget[s] = rope.length[s];
    pushEvent(world.events, SimEvent.RopeSnapped, world.tick, 255, rope.tension[r], r);
  }
}

function segmentSum(world: SimWorld, first: number, segments: number): number {
  let sum = 0;
  for (let i = first; i < first + segments; i++) sum += world.pool.rest[i];
  return sum;
}
