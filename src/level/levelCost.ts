// What a level costs per tick, estimated from its counts before it runs: the format bounds the
// work of a level, not only each count (256 ropes x 128 segments, each legal alone, took 18 ms a
// tick; with 256 boxes at 64 substeps, seconds). The estimate follows where a tick goes
// (src/sim/physics/substepStages.ts), every term per substep:
//   rope particles      every particle is moved, chained, tested against tiles       COST_NS.particle
//   particles x bodies  every rope particle is tested against every box and platform COST_NS.pair
//   bodies              each box and platform is moved and pushed out of the players COST_NS.body
//   box outlines        each point of a box's outline is tested against the tiles    COST_NS.outline
// plus, once a tick, COST_NS.particleTick per particle (draw positions, tensions, stretch) and
// COST_NS.base for the players, the tether and the systems. Particles are counted as the
// sim reserves them (a rope's maxLength included). The nanoseconds are CPU time measured on the
// reference machine (the 2-core machine the game is developed on, Node 20, the sim bundled as it
// ships), rounded up; `npm run level-cost -- --calibrate` (tools/levelCostBench.ts) re-measures
// them and times legal levels at the limit (docs/LEVELS.md has the numbers). Rejected: timing a
// level's first ticks at load, which depends on the machine and its load, and so could accept a
// file on one computer and refuse it on another.

import { outlinePointCount, type PhysicsSettings } from '../sim';
import type { LevelFile } from './levelSchema';

/** The most a level may cost per tick, ms on the reference machine. */
export const MAX_TICK_MS = 4;

/** Measured costs on the reference machine, ns (see the file comment). */
export const COST_NS = {
  base: 50_000,
  /** Once a tick, not per substep: draw positions, tensions, stretch, snapping. */
  particleTick: 60,
  particle: 150,
  pair: 5,
  body: 450,
  outline: 50,
} as const;

export interface LevelCost {
  /** Estimated time of one tick on the reference machine, ms. */
  ms: number;
  substeps: number;
  /** Rope particles the sim reserves, the tether included. */
  particles: number;
  /** Boxes and platforms. */
  bodies: number;
  /** Outline points of all boxes. */
  outlinePoints: number;
  /** The estimate's parts, ms: rope particles, particles against bodies, bodies and their outlines, the rest. */
  parts: { ropes: number; ropeBodies: number; boxes: number; base: number };
}

/** Particles the sim reserves for a rope (createWorld's ropeCapacity). */
export function ropeReserve(r: { length: number; segments: number; maxLength?: number }): number {
  return Math.max(r.segments, Math.ceil(Math.max(r.length, r.maxLength ?? 0) / (r.length / r.segments) - 1e-9)) + 2;
}

/** The estimate for a level (or for what of it passed the schema: its tether and physics must have). */
export function estimateLevelCost(level: LevelFile, settings: PhysicsSettings): LevelCost {
  const substeps = settings.substeps;
  const particles = ropeReserve(level.tether) + (level.ropes ?? []).reduce((n, r) => n + ropeReserve(r), 0);
  const boxes = level.boxes ?? [];
  const bodies = boxes.length + (level.platforms ?? []).length;
  const outlinePoints = boxes.reduce((n, b) => n + outlinePointCount(b.w / 2, b.h / 2), 0);
  const ms = (ns: number) => ns / 1e6;
  const parts = {
    ropes: ms((substeps * COST_NS.particle + COST_NS.particleTick) * particles),
    ropeBodies: ms(substeps * COST_NS.pair * particles * bodies),
    boxes: ms(substeps * (COST_NS.body * bodies + COST_NS.outline * outlinePoints)),
    base: ms(COST_NS.base),
  };
  return { ms: parts.ropes + parts.ropeBodies + parts.boxes + parts.base, substeps, particles, bodies, outlinePoints, parts };
}

/** Refuses a level whose estimate is over MAX_TICK_MS, saying where the time goes and what to cut. */
export function checkLevelCost(cost: LevelCost, errors: string[]): void {
  if (cost.ms <= MAX_TICK_MS) return;
  const { parts } = cost;
  const f = (n: number) => n.toLocaleString('en-US');
  const pieces: Array<[number, string, string]> = [
    [parts.ropes, `${f(cost.particles)} rope particles`, 'fewer rope segments (or ropes, or a shorter maxLength)'],
    [parts.ropeBodies, `rope particles against ${f(cost.bodies)} boxes and platforms`, 'fewer boxes and platforms, or fewer rope segments'],
    [parts.boxes, `${f(cost.bodies)} boxes and platforms (${f(cost.outlinePoints)} outline points)`, 'fewer or smaller boxes'],
  ];
  pieces.sort((a, b) => b[0] - a[0]);
  const substeps = cost.substeps > 8 ? `, or fewer physics.substeps (${cost.substeps}; default 8)` : '';
  errors.push(
    `$: the level would take about ${cost.ms.toFixed(1)} ms per tick (estimated at ${cost.substeps} substep${cost.substeps === 1 ? '' : 's'}: ` +
    `${pieces.filter((p) => p[0] >= 0.05).map((p) => `${p[1]} ${p[0].toFixed(1)} ms`).join(', ')}); ` +
    `a tick must fit in ${MAX_TICK_MS} ms: use ${pieces[0][2]}${substeps}`,
  );
}
