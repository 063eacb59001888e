// NaN quarantine (PHYSICS.md #9): non-finite numbers never spread. If any body or rope particle
// is not finite after the substeps, every body and particle goes back to where this tick began, at
// rest; checked before the substeps too (then back to where the previous tick began).

import type { SimWorld } from '../world';

/** Returns true if it had to restore (the caller reports it). */
export function restoreNonFinite(world: SimWorld): boolean {
  const { body, pool, rope } = world;
  let sum = 0;
  for (let k = 0; k < world.players.length; k++) {
    const e = world.players[k];
    sum += body.x[e] + body.y[e] + body.vx[e] + body.vy[e];
  }
  for (let k = 0; k < world.boxes.length; k++) {
    const e = world.boxes[k];
    sum += body.x[e] + body.y[e] + body.vx[e] + body.vy[e] + body.rotC[e] + body.rotS[e] + body.omega[e];
  }
  for (let k = 0; k < world.ropeOrder.length; k++) {
    const r = world.ropeOrder[k];
    if (rope.isActive[r] === 0) continue;
    const first = rope.first[r];
    const end = first + rope.count[r];
    for (let i = first; i < end; i++) sum += pool.x[i] + pool.y[i] + pool.prevX[i] + pool.prevY[i];
  }
  if (Number.isFinite(sum)) return false;
  for (let k = 0; k < world.players.length; k++) restoreBody(world, world.players[k]);
  for (let k = 0; k < world.boxes.length; k++) restoreBody(world, world.boxes[k]);
  for (let k = 0; k < world.ropeOrder.length; k++) {
    const r = world.ropeOrder[k];
    if (rope.isActive[r] === 0) continue;
    const first = rope.first[r];
    const end = first + rope.count[r];
    // drawX/drawY hold the positions at the start of this tick.
    for (let i = first; i < end; i++) {
      pool.x[i] = pool.prevX[i] = pool.drawX[i];
      pool.y[i] = pool.prevY[i] = pool.drawY[i];
    }
  }
  return true;
}

function restoreBody(world: SimWorld, e: number): void {
  const { body } = world;
  body.x[e] = body.prevX[e] = body.lastX[e];
  body.y[e] = body.prevY[e] = body.lastY[e];
  body.rotC[e] = body.prevRotC[e] = body.lastRotC[e];
  body.rotS[e] = body.prevRotS[e] = body.lastRotS[e];
  body.vx[e] = 0;
  body.vy[e] = 0;
  body.omega[e] = 0;
}
