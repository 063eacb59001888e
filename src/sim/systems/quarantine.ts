// NaN quarantine (PHYSICS.md #9): non-finite numbers never spread. If any body or rope particle
// is not finite after the substeps, every body and particle goes back to where this tick began, at
// rest; checked before the substeps too (then back to where the previous tick began).

import type { SimWorld } from '../worldState';

/** Returns true if it had to restore (the caller reports it). */
export function restoreNonFinite(world: SimWorld): boolean {
  const { body, particle } = world;
  const players = world.queries.players.dense;
  const boxes = world.queries.boxes.dense;
  const particles = world.queries.particles.dense;
  let sum = 0;
  for (let n = 0; n < players.length; n++) {
    const e = players[n];
    sum += body.x[e] + body.y[e] + body.vx[e] + body.vy[e];
  }
  for (let k = 0; k < boxes.length; k++) {
    const e = boxes[k];
    sum += body.x[e] + body.y[e] + body.vx[e] + body.vy[e] + body.rotC[e] + body.rotS[e] + body.omega[e];
  }
  // The particles are most of the numbers (thousands in a big world): four sums side by side,
  // not one chain of dependent additions. Each term times 0 is 0 when finite and NaN when not, so
  // the sums are 0 or NaN whatever the positions (no overflow to tell apart from a NaN).
  // Over the whole run of ids from the first particle to the last, as keepDrawPoses copies them
  // (the ropes' own ids between hold 0).
  const { x, y, prevX, prevY } = particle;
  let sx = 0;
  let sy = 0;
  let spx = 0;
  let spy = 0;
  const end = particles.length > 0 ? particles[particles.length - 1] : -1;
  for (let i = particles.length > 0 ? particles[0] : 0; i <= end; i++) {
    sx += x[i] * 0;
    sy += y[i] * 0;
    spx += prevX[i] * 0;
    spy += prevY[i] * 0;
  }
  if (Number.isFinite(sum) && sx + sy + spx + spy === 0) return false;
  for (let n = 0; n < players.length; n++) restoreBody(world, players[n]);
  for (let k = 0; k < boxes.length; k++) restoreBody(world, boxes[k]);
  // drawX/drawY hold the positions at the start of this tick.
  for (let n = 0; n < particles.length; n++) {
    const i = particles[n];
    particle.x[i] = particle.prevX[i] = particle.drawX[i];
    particle.y[i] = particle.prevY[i] = particle.drawY[i];
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
