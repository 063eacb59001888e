// The contract every engine adapter of `npm run bench` fulfils (bench/engines/<name>.ts). Each
// adapter builds the same rope scenario in its own engine, in SI units (metres, kg, seconds, y UP
// is NOT assumed: scenarios give positions with y pointing DOWN, gravity +9.81 m/s² along +y; an
// engine with y up flips y in its adapter, and matter-js's pixels are scaled in its adapter).
// The harness runs each engine in its own process (bench/run.ts), steps 1/60 s ticks, and reads
// back particle positions to measure stretch and energy. The scenes themselves, engine-neutral, are
// in tools/scenarios/benchScenes.ts (shared with the tests).

import type { PinnedEnds, Scenario } from '../tools/scenarios/benchScenes';

export type { BoxSpec, RopeSpec, Scenario } from '../tools/scenarios/benchScenes';

/** Solver settings an adapter accepts (each engine maps them onto its own knobs). */
export interface Quality {
  /** Substeps per 1/60 s tick (or the engine's closest equivalent). */
  substeps: number;
  /** Solver iterations per substep (velocity/position iterations for Box2D-likes). */
  iterations: number;
}

export interface EngineWorld extends PinnedEnds {
  /** Advances one 1/60 s tick. */
  step(): void;
  /** Writes rope `r`'s particle positions (segments + 1 of them, y down, m) into `out` as x0, y0, x1, y1, ... */
  readRope(r: number, out: Float64Array): void;
  /** Gives rope r's particle i an impulse (N s, y down). */
  applyImpulse(r: number, i: number, jx: number, jy: number): void;
  /** Scenario E: the box's and the runner's centres, m (y down). */
  readBox?(out: Float64Array): void;
  readRunner?(out: Float64Array): void;
  /** Constraint projections (or joint solves) per tick, for throughput (segments x iterations x substeps). */
  projectionsPerTick(): number;
  dispose?(): void;
}

export interface EngineAdapter {
  /** 'ropebound', 'box2d-rope', 'planck-revolute', ... */
  name: string;
  /** Engine package and version, for the table. */
  version: string;
  /** The engine's shipped defaults (the bench reports their stretch; it times only tuned settings). */
  defaults: Quality;
  /** false when `iterations` changes nothing (ours: one exact chain solve per substep), so the
   *  tuning searches substeps alone. Default true. */
  usesIterations?: boolean;
  /** Some engines need async set-up (rapier's WASM). */
  init?(): Promise<void>;
  build(scenario: Scenario, quality: Quality): EngineWorld;
}
