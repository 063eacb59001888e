// Where a rope end is and what moving it means. An end is tied to a body at a point fixed in the
// body's frame (anchors and fixed points are static bodies, so there is one case), or free: its end
// particle then moves on its own and "where the end is" is that particle.

import type { BodyPoint } from './bodyPoint';
import type { SimWorld } from '../worldState';

/** A rope end's position, m: written by endPosition and endPrevPosition (read it before the next call). */
export interface EndPosition { x: number; y: number }

/** The body end `side` (0 = A, 1 = B) of rope `r` is tied to, 0 if free. */
export function endBody(world: SimWorld, r: number, side: number): number {
  return side === 0 ? world.rope.bodyA[r] : world.rope.bodyB[r];
}

/** Position of end `side` of rope `r` into `out`, m: the tie point on its body, or a free end's particle. */
export function endPosition(world: SimWorld, r: number, side: number, out: EndPosition): void {
  const { rope, body } = world;
  const e = side === 0 ? rope.bodyA[r] : rope.bodyB[r];
  if (e === 0) {
    const i = side === 0 ? rope.first[r] : rope.first[r] + rope.count[r] - 1;
    out.x = world.particle.x[i];
    out.y = world.particle.y[i];
    return;
  }
  const lx = side === 0 ? rope.localAX[r] : rope.localBX[r];
  const ly = side === 0 ? rope.localAY[r] : rope.localBY[r];
  out.x = body.x[e] + body.rotC[e] * lx - body.rotS[e] * ly;
  out.y = body.y[e] + body.rotS[e] * lx + body.rotC[e] * ly;
}

/** Position of tied end `side` at the start of the current substep (its body's prev pose) into `out`, m. */
export function endPrevPosition(world: SimWorld, r: number, side: number, out: EndPosition): void {
  const { rope, body } = world;
  const e = side === 0 ? rope.bodyA[r] : rope.bodyB[r];
  const lx = side === 0 ? rope.localAX[r] : rope.localBX[r];
  const ly = side === 0 ? rope.localAY[r] : rope.localBY[r];
  out.x = body.prevX[e] + body.prevRotC[e] * lx - body.prevRotS[e] * ly;
  out.y = body.prevY[e] + body.prevRotS[e] * lx + body.prevRotC[e] * ly;
}

/** The arm of tied end `side` at the start of the substep (previous orientation) into p.rx, p.ry. */
export function endPrevArm(world: SimWorld, r: number, side: number, p: BodyPoint): void {
  const { rope, body } = world;
  const e = side === 0 ? rope.bodyA[r] : rope.bodyB[r];
  const lx = side === 0 ? rope.localAX[r] : rope.localBX[r];
  const ly = side === 0 ? rope.localAY[r] : rope.localBY[r];
  p.rx = body.prevRotC[e] * lx - body.prevRotS[e] * ly;
  p.ry = body.prevRotS[e] * lx + body.prevRotC[e] * ly;
}

/** The arm of tied end `side` (its tie point from its body's centre, world axes, m) into p.rx, p.ry. */
export function endArm(world: SimWorld, r: number, side: number, p: BodyPoint): void {
  const { rope, body } = world;
  const e = side === 0 ? rope.bodyA[r] : rope.bodyB[r];
  const lx = side === 0 ? rope.localAX[r] : rope.localBX[r];
  const ly = side === 0 ? rope.localAY[r] : rope.localBY[r];
  p.rx = body.rotC[e] * lx - body.rotS[e] * ly;
  p.ry = body.rotS[e] * lx + body.rotC[e] * ly;
}
