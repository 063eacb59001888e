// NaN quarantine (PHYSICS.md #9): non-finite numbers never spread. If any body or rope particle
// is not finite after the substeps, every body and particle goes back to where this tick began, at
// rest; checked before the substeps too, what the tick copies as its start (then back to where
// the previous tick began).

import type { SimWorld } from '../worldState';

/**
 * After the substeps: every body and every particle's position and previous position are finite,
 * or everything goes back to where this tick began. Returns true if it had to restore (the caller
 * reports it).
 */
export function restoreNonFinite(world: SimWorld): boolean {
  if (areBodiesFinite(world) && areParticlesFinite(world, true)) return false;
  restoreAll(world);
  return true;
}

/**
 * Before the substeps, what the tick is about to copy into its restore points (drawPoses.ts,
 * startTick): the bodies and the particles' positions. A particle's previous position is not
 * copied anywhere; written non-finite between ticks, it makes the particle's position non-finite
 * in the substeps (Verlet) or is still there after them, and restoreNonFinite catches it in the
 * same tick. Two of the particles' four arrays here, not four: the full check took 12.5 us on
 * the bench's C200 (6,804 particles), and twice a tick was ~10 % of it; with this one before the
 * substeps C200 ran 0.94x the time (both builds alternated in one process, 21 rounds).
 */
export function restoreNonFiniteAtStart(world: SimWorld): boolean {
  if (areBodiesFinite(world) && areParticlesFinite(world, false)) return false;
  restoreAll(world);
  return true;
}

function areBodiesFinite(world: SimWorld): boolean {
  const { body } = world;
  const players = world.queries.players.dense;
  const boxes = world.queries.boxes.dense;
  let sum = 0;
  for (let n = 0; n < players.length; n++) {
    const e = players[n];
    sum += body.x[e] + body.y[e] + body.vx[e] + body.vy[e];
  }
  for (let k = 0; k < boxes.length; k++) {
    const e = boxes[k];
    sum += body.x[e] + body.y[e] + body.vx[e] + body.vy[e] + body.rotC[e] + body.rotS[e] + body.omega[e];
  }
  return Number.isFinite(sum);
}

/**
 * The particles are most of the numbers (thousands in a big world): sums side by side, not one
 * chain of dependent additions. Each term times 0 is 0 when finite and NaN when not, so the sums
 * are 0 or NaN whatever the positions (no overflow to tell apart from a NaN). Over the whole run
 * of ids from the first particle to the last, as keepDrawPoses copies them (the ropes' own ids
 * between hold 0). With `withPrevious`, the previous positions too.
 */
function areParticlesFinite(world: SimWorld, withPrevious: boolean): boolean {
  const particles = world.queries.particles.dense;
  if (particles.length === 0) return true;
  const { x, y, prevX, prevY } = world.particle;
  const end = particles[particles.length - 1];
  let sx = 0;
  let sy = 0;
  if (!withPrevious) {
    for (let i = particles[0]; i <= end; i++) {
      sx += x[i] * 0;
      sy += y[i] * 0;
    }
    return sx + sy === 0;
  }
  let spx = 0;
  let spy = 0;
  for (let i = particles[0]; i <= end; i++) {
    sx += x[i] * 0;
    sy += y[i] * 0;
    spx += prevX[i] * 0;
    spy += prevY[i] * 0;
  }
  return sx + sy + spx + spy === 0;
}

/**
 * Every body and particle back to its restore point, at rest: the bodies' lastX, lastY, lastRotC, lastRotS and the particles' drawX, drawY, which hold
 * this tick's start once startTick has run (after the substeps) and the previous tick's before it.
 */
function restoreAll(world: SimWorld): void {
  const { particle } = world;
  const players = world.queries.players.dense;
  const boxes = world.queries.boxes.dense;
  const particles = world.queries.particles.dense;
  for (let n = 0; n < players.length; n++) restoreBody(world, players[n]);
  for (let k = 0; k < boxes.length; k++) restoreBody(world, boxes[k]);
  for (let n = 0; n < particles.length; n++) {
    const i = particles[n];
    particle.x[i] = particle.prevX[i] = particle.drawX[i];
    particle.y[i] = particle.prevY[i] = particle.drawY[i];
  }
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
