// Reeling a rope in or out at end A, like a winch: only the segment next to A changes its rest
// length, at a rate that ramps up to the reel speed and back down at the target, so nothing is
// yanked (no impulse spike). When that segment grows past 1.5 nominal segments a particle is let
// out next to A; when it shrinks below 0.3 one is taken in. The rope's particles stay one
// contiguous range within its reserved capacity.

import type { ParticleComponent } from '../ropeComponents';
import type { SimWorld } from '../worldState';

const GROW_AT = 1.5;
/**
 * Winch acceleration, m/s^2. Starting or stopping at full speed at once yanked the load (a 10 kg box
 * reeled at 1 m/s saw 7x its weight for a tick); ramping keeps the extra pull to mass x this.
 */
const REEL_ACCEL = 4;
const SHRINK_AT = 0.3;

/** Starts reeling rope `r` toward `targetLength` metres at `speed` m/s (clamped to what the rope can hold). */
export function reelRope(world: SimWorld, r: number, targetLength: number, speed: number): void {
  const { rope } = world;
  const longest = (rope.capacity[r] - 1) * rope.nominalSegment[r];
  const shortest = rope.nominalSegment[r] * SHRINK_AT;
  rope.reelTarget[r] = Math.min(longest, Math.max(shortest, targetLength));
  rope.reelSpeed[r] = Math.max(0, speed);
}

/** One substep of reeling for rope `r`. */
export function reelStep(world: SimWorld, r: number): void {
  const { rope, particle } = world;
  const h = world.substep.h;
  const speed = rope.reelSpeed[r];
  let rate = rope.reelRate[r];
  if (speed === 0 && rate === 0) return;
  const gap = rope.reelTarget[r] - rope.length[r];
  // Trapezoidal profile: speed up at REEL_ACCEL toward `speed`, and never faster than what can still
  // stop at the target (v <= sqrt(2 a |gap|)), so a load feels at most its mass x REEL_ACCEL extra.
  let want = Math.min(speed, Math.sqrt(2 * REEL_ACCEL * (gap < 0 ? -gap : gap)));
  if (gap < 0) want = -want;
  const dv = REEL_ACCEL * h;
  const isBraking = (rate > 0 && want >= 0 && want < rate) || (rate < 0 && want <= 0 && want > rate);
  if (isBraking || (want - rate <= dv && rate - want <= dv)) rate = want;
  else rate += want > rate ? dv : -dv;
  let change = rate * h;
  if ((gap >= 0 && change >= gap) || (gap <= 0 && change <= gap)) {
    change = gap; // arrived
    rate = 0;
    rope.reelSpeed[r] = 0;
  }
  rope.reelRate[r] = rate;
  const first = rope.first[r];
  const nominal = rope.nominalSegment[r];
  particle.rest[first] += change;
  rope.length[r] += change;
  const count = rope.count[r];
  if (particle.rest[first] > GROW_AT * nominal && count < rope.capacity[r]) {
    // Let a particle out: it goes on the segment next to A, one nominal length from its far end.
    shiftUp(particle, first + 1, first + count - 1);
    const old = particle.rest[first];
    const f = (old - nominal) / old;
    const j = first + 2; // the old neighbour of A
    const nx = particle.x[first] + (particle.x[j] - particle.x[first]) * f;
    const ny = particle.y[first] + (particle.y[j] - particle.y[first]) * f;
    const npx = particle.prevX[first] + (particle.prevX[j] - particle.prevX[first]) * f;
    const npy = particle.prevY[first] + (particle.prevY[j] - particle.prevY[first]) * f;
    const i = first + 1;
    particle.x[i] = nx; particle.y[i] = ny; particle.prevX[i] = npx; particle.prevY[i] = npy;
    particle.drawX[i] = nx; particle.drawY[i] = ny;
    particle.invMass[i] = 1 / world.settings.ropeParticleMass;
    particle.rest[first] = old - nominal;
    particle.rest[i] = nominal;
    rope.count[r] = count + 1;
  } else if (particle.rest[first] < SHRINK_AT * nominal && count > 2) {
    // Take the particle next to A in: its two segments become one.
    particle.rest[first] += particle.rest[first + 1];
    shiftDown(particle, first + 1, first + count - 1);
    rope.count[r] = count - 1;
  }
}

/** Moves particles from..to up by one index (to + 1 must be within the rope's capacity). */
function shiftUp(particles: ParticleComponent, from: number, to: number): void {
  for (let i = to; i >= from; i--) copyParticle(particles, i, i + 1);
}

/** Moves particles from+1..to down by one index, overwriting `from`. */
function shiftDown(particles: ParticleComponent, from: number, to: number): void {
  for (let i = from; i < to; i++) copyParticle(particles, i + 1, i);
}

function copyParticle(p: ParticleComponent, src: number, dst: number): void {
  p.x[dst] = p.x[src];
  p.y[dst] = p.y[src];
  p.prevX[dst] = p.prevX[src];
  p.prevY[dst] = p.prevY[src];
  p.invMass[dst] = p.invMass[src];
  p.rest[dst] = p.rest[src];
  p.drawX[dst] = p.drawX[src];
  p.drawY[dst] = p.drawY[src];
}
