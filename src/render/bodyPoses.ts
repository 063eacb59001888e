// Interpolated poses of every body (players, boxes, platforms, anchors) for one frame, indexed by
// entity id, so the bodies and the rope ends tied to them are all drawn at the same in-between moment.
// Filled once per frame into arrays that grow only when a world has more entities than ever before.

import type { SimWorld } from '../sim';

export interface BodyPoses {
  /** Centre, m. */
  x: Float64Array;
  y: Float64Array;
  /** Orientation as a unit (cos, sin) pair; (1, 0) for players, which never turn. */
  c: Float64Array;
  s: Float64Array;
}

export function createBodyPoses(capacity = 16): BodyPoses {
  return { x: new Float64Array(capacity), y: new Float64Array(capacity), c: new Float64Array(capacity), s: new Float64Array(capacity) };
}

function grow(poses: BodyPoses, capacity: number): void {
  if (poses.x.length >= capacity) return;
  const n = Math.max(capacity, poses.x.length * 2);
  poses.x = new Float64Array(n);
  poses.y = new Float64Array(n);
  poses.c = new Float64Array(n);
  poses.s = new Float64Array(n);
}

/** Writes the pose of `e` at `alpha` in [0, 1) between the last tick and the current one. */
function interpolateBody(poses: BodyPoses, world: SimWorld, e: number, alpha: number): void {
  const { body } = world;
  poses.x[e] = body.lastX[e] + (body.x[e] - body.lastX[e]) * alpha;
  poses.y[e] = body.lastY[e] + (body.y[e] - body.lastY[e]) * alpha;
  // Lerp the (cos, sin) pair and renormalise: close to slerp for the small turn of one tick, and
  // no wrap-around at +-pi as lerping an angle would have.
  const c = body.lastRotC[e] + (body.rotC[e] - body.lastRotC[e]) * alpha;
  const s = body.lastRotS[e] + (body.rotS[e] - body.lastRotS[e]) * alpha;
  const len = Math.sqrt(c * c + s * s);
  if (len > 1e-6) {
    poses.c[e] = c / len;
    poses.s[e] = s / len;
  } else {
    // A half turn within one tick: nothing sensible to blend, show the current pose.
    poses.c[e] = body.rotC[e];
    poses.s[e] = body.rotS[e];
  }
}

/** Interpolates every body of `world` by `alpha`. */
export function interpolateBodyPoses(poses: BodyPoses, world: SimWorld, alpha: number): void {
  grow(poses, world.entityCapacity);
  const bodies = world.queries.bodies.dense;
  for (let n = 0; n < bodies.length; n++) interpolateBody(poses, world, bodies[n], alpha);
}
