// What must hold after every tick of any world (the long fuzz, the robustness and property tests):
// finite state, nobody inside a wall, bounded rope stretch and tether excess.

import { bodyOverlapsSolid, boxEntity, playerEntity, type SimWorld } from '../../src/sim';
import { isSolidPoint } from './grids';

/** Worst values seen so far by {@link checkInvariants}. */
export interface InvariantStats {
  /** Largest segment length / rest length - 1 of any active rope (0.01 = 1 %). */
  worstStretch: number;
  /** Largest player separation / tether length - 1. */
  worstTetherExcess: number;
}

export const INVARIANT_LIMITS = { segmentStretch: 0.5, tetherExcess: 0.01 } as const;

/**
 * Checks the world after a tick: every body and active rope particle finite; no player overlapping
 * a solid tile; no box centre inside a solid tile; every active rope segment at most 1.5x its rest
 * length; the players no farther apart than the tether length + 1 %. Returns the first broken
 * invariant as a sentence, or null; updates `stats` with the worst values seen.
 */
export function checkInvariants(world: SimWorld, stats?: InvariantStats): string | null {
  const { body, particle, rope, grid } = world;
  let problem: string | null = null;
  for (let k = 0; k < world.queries.players.dense.length; k++) {
    const e = playerEntity(world, k);
    if (!Number.isFinite(body.x[e] + body.y[e] + body.vx[e] + body.vy[e])) problem ??= `player ${k} not finite`;
    else if (bodyOverlapsSolid(grid, body, e)) problem ??= `player ${k} inside a solid tile at (${body.x[e]}, ${body.y[e]})`;
  }
  for (let k = 0; k < world.queries.boxes.dense.length; k++) {
    const e = boxEntity(world, k);
    const sum = body.x[e] + body.y[e] + body.vx[e] + body.vy[e] + body.rotC[e] + body.rotS[e] + body.omega[e];
    if (!Number.isFinite(sum)) problem ??= `box ${k} not finite`;
    else if (isSolidPoint(grid, body.x[e], body.y[e])) problem ??= `box ${k} centre inside a solid tile at (${body.x[e]}, ${body.y[e]})`;
  }
  let worstStretch = 0;
  for (let k = 0; k < world.queries.ropes.dense.length; k++) {
    const r = world.queries.ropes.dense[k];
    if (rope.isActive[r] === 0) continue;
    const first = rope.first[r];
    const last = first + rope.count[r] - 1;
    for (let i = first; i <= last; i++) {
      if (!Number.isFinite(particle.x[i] + particle.y[i])) { problem ??= `rope ${r} particle ${i - first} not finite`; continue; }
      if (i === last || particle.rest[i] <= 0) continue;
      const dx = particle.x[i + 1] - particle.x[i];
      const dy = particle.y[i + 1] - particle.y[i];
      const stretch = Math.sqrt(dx * dx + dy * dy) / particle.rest[i] - 1;
      if (stretch > worstStretch) worstStretch = stretch;
      if (stretch > INVARIANT_LIMITS.segmentStretch) problem ??= `rope ${r} segment ${i - first} stretched ${(stretch * 100).toFixed(1)} %`;
    }
  }
  const [a, b] = world.queries.players.dense;
  const sep = Math.sqrt((body.x[a] - body.x[b]) ** 2 + (body.y[a] - body.y[b]) ** 2);
  const excess = sep / world.tetherLength - 1;
  if (excess > INVARIANT_LIMITS.tetherExcess) problem ??= `players ${sep.toFixed(4)} m apart on a ${world.tetherLength} m tether`;
  if (stats) {
    if (worstStretch > stats.worstStretch) stats.worstStretch = worstStretch;
    if (excess > stats.worstTetherExcess) stats.worstTetherExcess = excess;
  }
  return problem;
}

/** True if every body and every active rope particle (positions and velocities) is finite. */
export function isStateFinite(world: SimWorld): boolean {
  const { body, particle, rope } = world;
  for (let e = 1; e < world.entityCapacity; e++) {
    if (!Number.isFinite(body.x[e] + body.y[e] + body.vx[e] + body.vy[e] + body.rotC[e] + body.rotS[e] + body.omega[e])) return false;
  }
  for (let k = 0; k < world.queries.ropes.dense.length; k++) {
    const r = world.queries.ropes.dense[k];
    if (rope.isActive[r] === 0) continue;
    for (let i = rope.first[r]; i < rope.first[r] + rope.count[r]; i++) {
      if (!Number.isFinite(particle.x[i] + particle.y[i] + particle.prevX[i] + particle.prevY[i])) return false;
    }
  }
  return true;
}
