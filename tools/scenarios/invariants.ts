// What must hold after every tick of any world (the long fuzz, the robustness and property tests):
// finite state, nobody inside a wall, bounded rope stretch and tether excess, no rope cutting a
// tile corner, no rope in the stone, nothing faster than the level allows, no box inside another.

import { bodyOverlapsSolid, boxEntity, playerEntity, traceRopePolyline, type SimWorld } from '../../src/sim';
import { isSolidPoint } from './grids';
import { pointDepth, segmentDepth } from './ropeDepth';

/** Worst values seen so far by {@link checkInvariants}. */
export interface InvariantStats {
  /** Largest segment length / rest length - 1 of any active rope (0.01 = 1 %). */
  worstStretch: number;
  /** Largest player separation / tether length - 1. */
  worstTetherExcess: number;
  /** Deepest a rope cuts into the stone between two points clear of it, m (see ropeCornerCut). */
  worstRopeCut?: number;
  /** Deepest any piece of any rope lies in the stone, m (see ropeDepth). */
  worstRopeDepth?: number;
  /** Fastest player or crate as a share of levelSpeedLimit. */
  worstSpeedShare?: number;
  /** Deepest two boxes (crates or platforms) are inside each other, m. */
  worstBoxOverlap?: number;
}

export const INVARIANT_LIMITS = {
  segmentStretch: 0.5,
  tetherExcess: 0.01,
  /**
   * Deepest a segment of a rope's polyline (traceRopePolyline: particles and the corners it bends
   * round) may lie in the stone when both its ends are out of it and the rope there is within
   * CUT_STRETCH of its length, m. A slack rope at rest over a corner cuts nothing
   * (tests/unit/ropeCorners.test.ts); what is left are single ticks of fast ropes. Worst measured
   * in `npx tsx tools/fuzz.ts --ticks 5000 --seeds 4` (5 x 10^5 ticks): 6.9 cm, a taut tether
   * falling at 24 m/s past a corner the tick before its wrap caught it (a taut rope skips collision,
   * so as not to snag); the rope's radius (PARTICLE_RADIUS, 6 cm) would be the natural
   * bound, so this is that worst case rounded up. Without segment-corner collision: 14.6 cm, in
   * thousands of ticks.
   */
  ropeCornerCut: 0.08,
  /**
   * Deepest any segment of any active rope's polyline (the tether included, taut or slack, its
   * ends in the stone or not) may lie in solid tiles, m. The rope's radius (PARTICLE_RADIUS, 6 cm)
   * would be the natural bound, but every corner cut counts here too (bound 8 cm), and a segment
   * of a rope tied at both ends stretched past 5 % is left to the rope's length rather than held
   * off a corner. Worst measured in `npx tsx tools/fuzz.ts --ticks 5000 --seeds 4` (5 x 10^5
   * ticks): 9.2 cm, for one tick, a slack tether folded round a one-tile post (The Well), the
   * segment over the post's corner 13 % long; so this is that rounded up. The same run before
   * this bound's fixes: 163 cm (a respawn's tether laid through the floor), and 55 cm in hundreds
   * of ticks (snapped ropes' particles in walls, slack ropes' next to their pivots). Still broken
   * (rope-physics.md, known limits): the rope yard, which has no physics.ropeWrap (a rope between
   * two crates dragged 28 cm into the floor, its length winning), and in 10^6 ticks a plank whose
   * edge lies over a wall's corner, its rope's tie 11 cm in the wall (Breaking Point).
   */
  ropeDepth: 0.1,
  /** Fastest a player or crate may go, as a share of levelSpeedLimit. */
  speedShare: 1,
  /**
   * Deepest two boxes may be inside each other, m: 10x the 2 mm contact slop of boxBoxes.ts (the
   * bound of tests/unit/boxInvariants.property.test.ts, whose random crate scenes reach 15.4 mm:
   * rope-physics.md, known limits).
   */
  boxOverlap: 0.02,
} as const;

/**
 * The fastest a player or crate can legitimately go in `world`, m/s: a free fall from the top of
 * the level plus a jump's push. A swing converts at most that height, the players' pumping is
 * capped below it and crates get their speed from the players and from falling; "a crate tumbling
 * off a snapped rope threw a player at 83 m/s" (issue 14) is far beyond it in every level.
 */
export function levelSpeedLimit(world: SimWorld): number {
  const { settings } = world;
  return Math.sqrt(2 * settings.gravity * world.grid.height) + settings.jumpSpeed;
}

/** Above this stretch a rope tied at both ends lets its length win over collision (collideRope.ts): not checked for cuts. */
const CUT_STRETCH = 0.05;

/**
 * Checks the world after a tick: every body and active rope particle finite; no player overlapping
 * a solid tile; no box centre inside a solid tile; every active rope segment at most 1.5x its rest
 * length; the players no farther apart than the tether length + 1 %; no rope cutting a corner
 * deeper than INVARIANT_LIMITS.ropeCornerCut, nor lying deeper in the stone than
 * INVARIANT_LIMITS.ropeDepth; no player or crate faster than levelSpeedLimit; no
 * two boxes more than INVARIANT_LIMITS.boxOverlap inside each other. Returns the first broken
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
  const limit = levelSpeedLimit(world);
  let fastest = 0;
  for (let k = 0; k < world.queries.players.dense.length; k++) {
    const e = playerEntity(world, k);
    fastest = Math.max(fastest, Math.sqrt(body.vx[e] * body.vx[e] + body.vy[e] * body.vy[e]));
  }
  const crates = world.queries.boxes.dense;
  for (let k = 0; k < crates.length; k++) {
    const e = crates[k];
    if (body.invMass[e] === 0) continue; // a platform: it moves on its path, at its own speed
    fastest = Math.max(fastest, Math.sqrt(body.vx[e] * body.vx[e] + body.vy[e] * body.vy[e]));
  }
  if (fastest > limit * INVARIANT_LIMITS.speedShare) problem ??= `a body at ${fastest.toFixed(1)} m/s, faster than a fall from the top of the level plus a jump (${limit.toFixed(1)} m/s)`;
  let overlap = 0;
  for (let i = 0; i < crates.length; i++) {
    for (let j = i + 1; j < crates.length; j++) {
      if (body.invMass[crates[i]] === 0 && body.invMass[crates[j]] === 0) continue; // two platforms may pass
      const d = boxOverlapDepth(world, crates[i], crates[j]);
      if (d > overlap) overlap = d;
      if (d > INVARIANT_LIMITS.boxOverlap) problem ??= `boxes ${i} and ${j} ${(d * 1000).toFixed(0)} mm inside each other`;
    }
  }
  const cut = ropeCuts(world);
  if (cut.cut > INVARIANT_LIMITS.ropeCornerCut) problem ??= `rope ${cut.rope} cuts ${(cut.cut * 100).toFixed(1)} cm into the stone near (${cut.x.toFixed(2)}, ${cut.y.toFixed(2)})`;
  if (cut.depth > INVARIANT_LIMITS.ropeDepth) problem ??= `rope ${cut.deepRope} lies ${(cut.depth * 100).toFixed(1)} cm inside the stone near (${cut.deepX.toFixed(2)}, ${cut.deepY.toFixed(2)})`;
  const [a, b] = world.queries.players.dense;
  const sep = Math.sqrt((body.x[a] - body.x[b]) ** 2 + (body.y[a] - body.y[b]) ** 2);
  const excess = sep / world.tetherLength - 1;
  if (excess > INVARIANT_LIMITS.tetherExcess) problem ??= `players ${sep.toFixed(4)} m apart on a ${world.tetherLength} m tether`;
  if (stats) {
    if (worstStretch > stats.worstStretch) stats.worstStretch = worstStretch;
    if (excess > stats.worstTetherExcess) stats.worstTetherExcess = excess;
    if (cut.cut > (stats.worstRopeCut ?? 0)) stats.worstRopeCut = cut.cut;
    if (cut.depth > (stats.worstRopeDepth ?? 0)) stats.worstRopeDepth = cut.depth;
    if (fastest / limit > (stats.worstSpeedShare ?? 0)) stats.worstSpeedShare = fastest / limit;
    if (overlap > (stats.worstBoxOverlap ?? 0)) stats.worstBoxOverlap = overlap;
  }
  return problem;
}

/**
 * How deep boxes e and f are inside each other, m: the smallest overlap of their projections on
 * the four edge normals (separating axes), 0 when one of them separates them.
 */
export function boxOverlapDepth(world: SimWorld, e: number, f: number): number {
  const { body } = world;
  const dx = body.x[f] - body.x[e];
  const dy = body.y[f] - body.y[e];
  // Quick out: farther apart than their half diagonals together.
  const re = Math.hypot(body.halfW[e], body.halfH[e]);
  const rf = Math.hypot(body.halfW[f], body.halfH[f]);
  if (dx * dx + dy * dy > (re + rf) * (re + rf)) return 0;
  let least = Infinity;
  for (const [g, isX] of [[e, true], [e, false], [f, true], [f, false]] as const) {
    // Axis: box g's local x (cos, sin) or y (-sin, cos).
    const ax = isX ? body.rotC[g] : -body.rotS[g];
    const ay = isX ? body.rotS[g] : body.rotC[g];
    const half = (h: number): number => {
      const ux = Math.abs(body.rotC[h] * ax + body.rotS[h] * ay);
      const uy = Math.abs(-body.rotS[h] * ax + body.rotC[h] * ay);
      return body.halfW[h] * ux + body.halfH[h] * uy;
    };
    const gap = Math.abs(dx * ax + dy * ay) - half(e) - half(f);
    if (gap >= 0) return 0;
    least = Math.min(least, -gap);
  }
  return least;
}

/** ropeCuts' answer (reused: one per call would be garbage in a 10^6-tick fuzz). */
const cuts = { cut: 0, depth: 0, rope: 0, x: 0, y: 0, deepRope: 0, deepX: 0, deepY: 0 };

/**
 * The deepest cut into the stone of any active rope's polyline between two points clear of it,
 * where the rope is within CUT_STRETCH of its length (`cut`, at rope `rope` near (x, y)), and the
 * deepest any piece lies in the stone at all (`depth`, at rope `deepRope` near (deepX, deepY)), m.
 */
function ropeCuts(world: SimWorld): typeof cuts {
  const { rope, particle, grid } = world;
  cuts.cut = 0;
  cuts.depth = 0;
  for (let k = 0; k < world.queries.ropes.dense.length; k++) {
    const r = world.queries.ropes.dense[k];
    if (rope.isActive[r] === 0 || rope.count[r] < 2) continue;
    const line = traceRopePolyline(world, r);
    // Particle i's segment runs from polyline point `from` to the next particle, through any corners.
    let i = rope.first[r];
    let from = 0;
    for (let q = 1; q < line.count; q++) {
      if (line.isPivot[q] === 1) continue;
      let length = 0;
      for (let p = from; p < q; p++) length += Math.hypot(line.x[p + 1] - line.x[p], line.y[p + 1] - line.y[p]);
      const isAtLength = length <= particle.rest[i] * (1 + CUT_STRETCH);
      for (let p = from; p < q; p++) {
        const d = segmentDepth(grid, line.x[p], line.y[p], line.x[p + 1], line.y[p + 1]);
        if (d === 0) continue;
        if (d > cuts.depth) {
          cuts.depth = d;
          cuts.deepRope = r;
          cuts.deepX = line.x[p];
          cuts.deepY = line.y[p];
        }
        if (!isAtLength || d <= cuts.cut) continue;
        if (pointDepth(grid, line.x[p], line.y[p]) > 0 || pointDepth(grid, line.x[p + 1], line.y[p + 1]) > 0) continue;
        cuts.cut = d;
        cuts.rope = r;
        cuts.x = line.x[p];
        cuts.y = line.y[p];
      }
      from = q;
      i++;
    }
  }
  return cuts;
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
