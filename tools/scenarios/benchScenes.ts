// The rope benchmark scenes of `npm run bench` (issue #5), engine-neutral: every engine adapter
// (bench/engines/*.ts) builds them in its own engine, and the tests check our sim on the same
// scenes. SI units, y DOWN, gravity +9.81 m/s² along +y. Each scene also says how long it runs and
// what is done to it between ticks (moving pinned ends in B).

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

/** What a scene's control may do between ticks (every engine world can). */
export interface PinnedEnds {
  /** Moves rope r's pinned first / last particle to (x, y) (kinematic move, y down). */
  moveFirst(r: number, x: number, y: number): void;
  moveLast(r: number, x: number, y: number): void;
}

export const TICK = 1 / 60;
export const GRAVITY = 9.81;
/** Every rope: 32 segments of 0.25 m (8 m) unless stated. */
export const SEGMENTS = 32;
export const SEGMENT_LENGTH = 0.25;
/** Mass of one rope particle, kg (the end masses of A are multiples of it). */
export const PARTICLE_MASS = 0.1;

/** A runnable scenario: what to build, how many ticks, and what to do before each tick. */
export interface BenchScenario {
  /** Short id used on the command line and in the table: A10, A100, A1000, B, C200, C1000, E. */
  id: string;
  scenario: Scenario;
  /** Ticks of one run (full mode). */
  ticks: number;
  /** Called before tick `t` (0-based) is stepped, e.g. to move pinned ends. */
  control?: (world: PinnedEnds, t: number) => void;
  /** True when the energy of the rope particles should be conserved (no work from outside). */
  isConservative: boolean;
  /**
   * The stretch the scene forces on its ropes after tick t (0.5: a span 150 % of the rope's
   * length); 0 when absent. Only B has one. The bench's stretch target is on the stretch beyond it.
   */
  forcedStretch?: (t: number) => number;
}

function rope(
  x: number, y: number, dirX: number, dirY: number, endMass: number, pinLast = false,
  segments = SEGMENTS, segmentLength = SEGMENT_LENGTH,
): RopeSpec {
  return {
    x, y, dirX, dirY, segments, segmentLength, particleMass: PARTICLE_MASS, endMass,
    pinFirst: true, pinLast,
  };
}

/** A: pinned at one end, released from horizontal, end mass `factor` x a particle's. */
export function scenarioA(factor: number): BenchScenario {
  return {
    id: `A${factor}`,
    scenario: { name: `A heavy end ${factor}x`, gravity: GRAVITY, ropes: [rope(0, 0, 1, 0, PARTICLE_MASS * factor)] },
    ticks: 300,
    isConservative: true,
  };
}

/** B: both ends pinned, the rope laid straight between them; they move apart (each end by 25 % of
 *  the length, so the span reaches 150 %) over 1 s, hold 1 s, and come back over 1 s. */
export function scenarioB(): BenchScenario {
  const length = SEGMENTS * SEGMENT_LENGTH;
  const spec = rope(0, 0, 1, 0, PARTICLE_MASS, true);
  return {
    id: 'B',
    scenario: { name: 'B ends apart to 150 %', gravity: GRAVITY, ropes: [spec] },
    ticks: 180,
    isConservative: false,
    forcedStretch: (t) => bSpread(t),
    control(world, t) {
      const spread = bSpread(t) * length;
      world.moveFirst(0, -spread / 2, 0);
      world.moveLast(0, length + spread / 2, 0);
    },
  };
}

/** Extra span of B at tick t, as a fraction of the rope's length (0 .. 0.5). */
export function bSpread(t: number): number {
  const s = (t + 1) * TICK; // position reached at the end of tick t
  if (s <= 1) return 0.5 * s;
  if (s <= 2) return 0.5;
  if (s <= 3) return 0.5 * (3 - s);
  return 0;
}

/** C: `count` ropes pinned at the top, released 30 degrees off the vertical (they swing), spaced
 *  more than two rope lengths apart so they never touch. */
export function scenarioC(count: number): BenchScenario {
  const length = SEGMENTS * SEGMENT_LENGTH;
  const spacing = 2 * length + 1;
  const ropes: RopeSpec[] = [];
  const ang = Math.PI / 6;
  for (let k = 0; k < count; k++) ropes.push(rope(k * spacing, 0, Math.sin(ang), Math.cos(ang), PARTICLE_MASS));
  return {
    id: `C${count}`,
    scenario: { name: `C throughput ${count} x ${SEGMENTS}`, gravity: GRAVITY, ropes },
    ticks: 60,
    isConservative: true,
  };
}

/** E: a 40 kg box (0.8 m) hangs on rope 0 (its last particle is the box's top centre); a player-
 *  sized body (70 kg, 0.7 x 1.4 m) starts 1.5 m to its left at 7 m/s and runs (flies) into it. */
export function scenarioE(): BenchScenario {
  const length = SEGMENTS * SEGMENT_LENGTH;
  const box = { x: 0, y: length + 0.4, w: 0.8, h: 0.8, mass: 40 };
  return {
    id: 'E',
    scenario: {
      name: 'E runner into hanging box', gravity: GRAVITY,
      ropes: [rope(0, 0, 0, 1, box.mass)],
      box,
      runner: { x: -1.5 - 0.35 - 0.4, y: box.y, w: 0.7, h: 1.4, mass: 70, vx: 7, vy: 0 },
    },
    ticks: 90,
    isConservative: false,
  };
}

/** L: one long rope, 128 segments of 0.25 m (32 m), pinned at one end and released from
 *  horizontal with an end mass 10x a particle's: A10 four times as long. A chain solver's error
 *  grows with the number of segments (one substep held 32 but not 128), so this is the scene where
 *  the cheapest setting differs most from the short ropes'. */
export function scenarioL(segments: number): BenchScenario {
  return {
    id: `L${segments}`,
    scenario: {
      name: `L long rope ${segments} segments`, gravity: GRAVITY,
      ropes: [rope(0, 0, 1, 0, PARTICLE_MASS * 10, false, segments)],
    },
    ticks: 300,
    isConservative: true,
  };
}

export const SCENARIO_IDS = ['A10', 'A100', 'A1000', 'B', 'C200', 'C1000', 'E', 'L128'] as const;

/** Ropes in the scene C is tuned on: ten of the full scene's own ropes, the first and the last
 *  among them. C's ropes are one rope many times over, each swinging alone far from the others,
 *  so the cheapest setting holding these holds them all; the last one, 17 km out, is kept because
 *  an engine computing in 32-bit floats loses precision there (0.2 mm at 17 km: 0.8 % of a
 *  segment). The full scene's stretch is measured again at the setting chosen. */
export const C_TUNING_ROPES = 10;

/** The scene a scenario's setting is tuned on: itself, or for C200 / C1000 ten of its ropes. */
export function tuningScenario(id: string): BenchScenario {
  const full = buildScenario(id);
  if (!/^C\d+$/.test(id)) return full;
  const all = full.scenario.ropes;
  const ropes = Array.from({ length: C_TUNING_ROPES }, (_, i) => all[Math.round((i * (all.length - 1)) / (C_TUNING_ROPES - 1))]);
  return { ...full, scenario: { ...full.scenario, name: `${full.scenario.name} (tuning: ${C_TUNING_ROPES} of its ropes)`, ropes } };
}

export function buildScenario(id: string): BenchScenario {
  switch (id) {
    case 'A10': return scenarioA(10);
    case 'A100': return scenarioA(100);
    case 'A1000': return scenarioA(1000);
    case 'B': return scenarioB();
    case 'C200': return scenarioC(200);
    case 'C1000': return scenarioC(1000);
    case 'E': return scenarioE();
    case 'L128': return scenarioL(128);
    default: throw new Error(`unknown scenario ${id} (known: ${SCENARIO_IDS.join(', ')})`);
  }
}
