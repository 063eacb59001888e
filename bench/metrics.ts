// What the bench measures from the positions an engine reports each tick (the same code for every
// engine): segment stretch, energy of the rope particles, NaN and blow-ups; and the timing helpers.

import type { EngineWorld, Scenario } from './engine';

/** Relative stretch of every segment of one rope: out[k] = |p(k+1) - p(k)| / rest - 1. */
export function segmentStretches(pos: Float64Array, segments: number, rest: number, out: Float64Array): void {
  for (let k = 0; k < segments; k++) {
    const dx = pos[2 * k + 2] - pos[2 * k];
    const dy = pos[2 * k + 3] - pos[2 * k + 1];
    out[k] = Math.sqrt(dx * dx + dy * dy) / rest - 1;
  }
}

/** Largest stretch of one rope (0.01 = 1 % longer than rest; a compressed rope gives <= 0). */
export function maxStretchOf(pos: Float64Array, segments: number, rest: number): number {
  let worst = -Infinity;
  for (let k = 0; k < segments; k++) {
    const dx = pos[2 * k + 2] - pos[2 * k];
    const dy = pos[2 * k + 3] - pos[2 * k + 1];
    const s = Math.sqrt(dx * dx + dy * dy) / rest - 1;
    if (s > worst) worst = s;
  }
  return worst;
}

/** Every coordinate finite? */
export function allFinite(pos: Float64Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (!Number.isFinite(pos[i])) return false;
  return true;
}

/**
 * Energy of a rope's particles at the middle of a tick, J (y down, so the potential is -m g y):
 * kinetic from the tick's displacement (prev -> cur) over dt, potential from the mean height. Both
 * are then second-order accurate at t - dt/2, so a conservative motion gives a flat curve.
 * Particle i has mass `mass`, the last one `endMass`.
 */
export function ropeEnergy(
  prev: Float64Array, cur: Float64Array, particles: number, mass: number, endMass: number, g: number, dt: number,
): number {
  let e = 0;
  for (let i = 0; i < particles; i++) {
    const m = i === particles - 1 ? endMass : mass;
    const vx = (cur[2 * i] - prev[2 * i]) / dt;
    const vy = (cur[2 * i + 1] - prev[2 * i + 1]) / dt;
    e += 0.5 * m * (vx * vx + vy * vy) - m * g * 0.5 * (cur[2 * i + 1] + prev[2 * i + 1]);
  }
  return e;
}

/** Potential energy of a rope at rest, J (the energy at the start of a scenario released at rest). */
export function ropeEnergyAtRest(pos: Float64Array, particles: number, mass: number, endMass: number, g: number): number {
  let e = 0;
  for (let i = 0; i < particles; i++) e -= (i === particles - 1 ? endMass : mass) * g * pos[2 * i + 1];
  return e;
}

export type Health = 'ok' | 'NaN' | 'blow-up';

export interface RunMetrics {
  ticks: number;
  /** Largest segment stretch over every tick and rope (0.01 = 1 %). */
  maxStretch: number;
  /** Largest stretch beyond what the scene forces (BenchScenario.forcedStretch; B's moving ends):
   *  over every tick, the tick's largest segment stretch minus the forced one. Elsewhere the same
   *  as maxStretch. The bench tunes every engine to the same target on this. */
  maxExcessStretch: number;
  /** Mean of |stretch| over every tick, rope and segment. */
  meanStretch: number;
  /** (E_end - E_start) / (g * total mass * rope length): energy gained (+) or lost (-), as a fraction
   *  of the energy a rope's length of fall represents. Only meaningful for conservative scenarios. */
  energyDrift: number;
  /** Largest |E(t) - E_start| on the same scale. */
  energyDriftMax: number;
  health: Health;
  /** Tick at which health went bad, or -1. */
  badTick: number;
}

/** No coordinate may leave the start's neighbourhood by more than this, m. */
const BLOWUP_DISTANCE = 1000;
/** No segment may be longer than this many rest lengths. */
const BLOWUP_STRETCH = 10;

/** Collects RunMetrics from an engine world, one `observe` per tick (call `start` before the first). */
export class MetricsRecorder {
  private readonly cur: Float64Array[];
  private readonly prev: Float64Array[];
  private readonly sc: Scenario;
  private readonly dt: number;
  private ticks = 0;
  private maxStretch = -Infinity;
  private maxExcess = -Infinity;
  private readonly forced: ((t: number) => number) | undefined;
  private sumAbs = 0;
  private countAbs = 0;
  private e0 = 0;
  private eLast = 0;
  private eMaxDev = 0;
  private readonly scale: number;
  private health: Health = 'ok';
  private badTick = -1;

  /** `forcedStretch`: the stretch the scene forces after tick t (BenchScenario.forcedStretch). */
  constructor(sc: Scenario, dt: number, forcedStretch?: (t: number) => number) {
    this.sc = sc;
    this.dt = dt;
    this.forced = forcedStretch;
    this.cur = sc.ropes.map((r) => new Float64Array(2 * (r.segments + 1)));
    this.prev = sc.ropes.map((r) => new Float64Array(2 * (r.segments + 1)));
    let mass = 0;
    let length = 0;
    for (const r of sc.ropes) {
      mass += r.particleMass * r.segments + r.endMass;
      length = Math.max(length, r.segments * r.segmentLength);
    }
    this.scale = Math.max(1e-12, sc.gravity * mass * length);
  }

  /** Reads the start positions (the world as built, at rest). */
  start(world: EngineWorld): void {
    let e = 0;
    this.sc.ropes.forEach((r, k) => {
      world.readRope(k, this.cur[k]);
      e += ropeEnergyAtRest(this.cur[k], r.segments + 1, r.particleMass, r.endMass, this.sc.gravity);
    });
    this.e0 = e;
    this.eLast = e;
  }

  /** Reads the positions after a tick. */
  observe(world: EngineWorld): void {
    this.ticks++;
    let e = 0;
    let tickMax = -Infinity;
    const { sc } = this;
    for (let k = 0; k < sc.ropes.length; k++) {
      const r = sc.ropes[k];
      const n = r.segments + 1;
      const swap = this.prev[k];
      this.prev[k] = this.cur[k];
      this.cur[k] = swap;
      const pos = this.cur[k];
      world.readRope(k, pos);
      if (this.health === 'ok') {
        if (!allFinite(pos, 2 * n)) { this.health = 'NaN'; this.badTick = this.ticks; }
        else {
          for (let i = 0; i < 2 * n; i += 2) {
            const dx = pos[i] - r.x;
            const dy = pos[i + 1] - r.y;
            if (dx * dx + dy * dy > BLOWUP_DISTANCE * BLOWUP_DISTANCE) { this.health = 'blow-up'; this.badTick = this.ticks; break; }
          }
        }
      }
      for (let s = 0; s < r.segments; s++) {
        const dx = pos[2 * s + 2] - pos[2 * s];
        const dy = pos[2 * s + 3] - pos[2 * s + 1];
        const st = Math.sqrt(dx * dx + dy * dy) / r.segmentLength - 1;
        if (!Number.isFinite(st)) continue;
        if (st > tickMax) tickMax = st;
        if (st > BLOWUP_STRETCH && this.health === 'ok') { this.health = 'blow-up'; this.badTick = this.ticks; }
        this.sumAbs += Math.abs(st);
        this.countAbs++;
      }
      e += ropeEnergy(this.prev[k], pos, n, r.particleMass, r.endMass, sc.gravity, this.dt);
    }
    if (tickMax > this.maxStretch) this.maxStretch = tickMax;
    const excess = tickMax - (this.forced ? this.forced(this.ticks - 1) : 0);
    if (excess > this.maxExcess) this.maxExcess = excess;
    if (Number.isFinite(e)) {
      this.eLast = e;
      const dev = Math.abs(e - this.e0);
      if (dev > this.eMaxDev) this.eMaxDev = dev;
    }
  }

  result(): RunMetrics {
    return {
      ticks: this.ticks,
      maxStretch: this.maxStretch === -Infinity ? NaN : this.maxStretch,
      maxExcessStretch: this.maxExcess === -Infinity ? NaN : this.maxExcess,
      meanStretch: this.countAbs > 0 ? this.sumAbs / this.countAbs : NaN,
      energyDrift: (this.eLast - this.e0) / this.scale,
      energyDriftMax: this.eMaxDev / this.scale,
      health: this.health,
      badTick: this.badTick,
    };
  }
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
