// The contract every engine adapter of `npm run bench` fulfils (bench/engines/<name>.ts). Each
// adapter builds the same rope scenario in its own engine, in SI units (metres, kg, seconds, y UP
// is NOT assumed: scenarios give positions with y pointing DOWN, gravity +9.81 m/s² along +y; an
// engine with y up flips y in its adapter, and matter-js's pixels are scaled in its adapter).
// The harness runs each engine in its own process (bench/run.ts), steps 1/60 s ticks, and reads
// back particle positions to measure stretch and energy.

/** One rope: a chain of `segments` links of `segmentLength` from `anchor` (pinned, or moved) to a free or massive end. */
export interface RopeSpec {
  /** First particle's position, m (y down). */
  x: number;
  y: number;
  /** Direction the rope is laid out in from the first particle (unit vector, y down). */
  dirX: number;
  dirY: number;
  segments: number;
  segmentLength: number;
  /** Mass of each particle except the last, kg. */
  particleMass: number;
  /** Mass of the last particle (the "heavy end"), kg. */
  endMass: number;
  /** true: the first particle is fixed (kinematic, movable with moveFirst); false: free. */
  pinFirst: boolean;
  /** true: the last particle is also pinned (kinematic, movable with moveLast). */
  pinLast: boolean;
}

/** A box hanging on its own rope, for scenario E (a player-sized mass runs into it). */
export interface BoxSpec {
  /** Centre, m (y down), size m, mass kg. */
  x: number;
  y: number;
  w: number;
  h: number;
  mass: number;
}

export interface Scenario {
  name: string;
  gravity: number;
  ropes: RopeSpec[];
  /** Scenario E: a box at the end of rope 0 and a free body (the "player") with a start velocity. */
  box?: BoxSpec;
  runner?: { x: number; y: number; w: number; h: number; mass: number; vx: number; vy: number };
}

/** Solver settings an adapter accepts (each engine maps them onto its own knobs). */
export interface Quality {
  /** Substeps per 1/60 s tick (or the engine's closest equivalent). */
  substeps: number;
  /** Solver iterations per substep (velocity/position iterations for Box2D-likes). */
  iterations: number;
}

export interface EngineWorld {
  /** Advances one 1/60 s tick. */
  step(): void;
  /** Writes rope `r`'s particle positions (segments + 1 of them, y down, m) into `out` as x0, y0, x1, y1, ... */
  readRope(r: number, out: Float64Array): void;
  /** Moves rope r's pinned first / last particle to (x, y) (kinematic move, y down). */
  moveFirst(r: number, x: number, y: number): void;
  moveLast(r: number, x: number, y: number): void;
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
  /** Default and tuned qualities the harness runs (tuned: cheapest with max stretch <= 1 % in A at 10x). */
  defaults: Quality;
  /** Some engines need async set-up (rapier's WASM). */
  init?(): Promise<void>;
  build(scenario: Scenario, quality: Quality): EngineWorld;
}
