// Named little worlds and measuring helpers for the rope and box physics tests (ropePhysics,
// boxes). The players always exist: every lab world parks them on a floor at the far left, well
// away from the experiment, so they never fall out of the level (which would reset it).
import { DT, Tile, createSimWorld, createTileGrid, step, type AnchorDef, type BoxDef, type PhysicsSettings, type RopeDef, type SimWorld, boxEntity } from '../../src/sim';

/** Physical-truth settings: real gravity, no rope damping, no air drag. */
export const TRUTH_PHYSICS: Partial<PhysicsSettings> = { gravity: 9.81, ropeDamping: 0, airDrag: 0 };

export interface LabOptions {
  anchors?: AnchorDef[];
  boxes?: BoxDef[];
  ropes?: RopeDef[];
  physics?: Partial<PhysicsSettings>;
  /** Grid width and height in tiles (the bottom row is solid floor). */
  width?: number;
  height?: number;
  /** Extra solid cells [col, row]. */
  solids?: Array<[number, number]>;
  /** Feet x of player 1 and player 2 on the floor (default 1.5 and 3), and the tether length (default 2 m). */
  spawnX?: [number, number];
  tetherLength?: number;
}

/**
 * A lab: an open room (default 80 x 40 tiles) whose bottom row is solid; the floor's surface is at
 * y = height - 1. The players stand on it at x = 1.5 and 3 (a 2 m tether), far from anything else,
 * unless `spawnX` puts them somewhere else.
 */
export function labWorld(opts: LabOptions = {}): SimWorld {
  const width = opts.width ?? 80;
  const height = opts.height ?? 40;
  const grid = createTileGrid(width, height);
  for (let c = 0; c < width; c++) grid.cells[(height - 1) * width + c] = Tile.Solid;
  for (const [c, r] of opts.solids ?? []) grid.cells[r * width + c] = Tile.Solid;
  return createSimWorld({
    grid,
    spawns: [{ x: opts.spawnX?.[0] ?? 1.5, y: height - 1 }, { x: opts.spawnX?.[1] ?? 3, y: height - 1 }],
    goal: { x: width - 2, y: 0, w: 1, h: 1 },
    tether: { length: opts.tetherLength ?? 2, segments: 4 },
    anchors: opts.anchors,
    boxes: opts.boxes,
    ropes: opts.ropes,
    physics: opts.physics,
  });
}

/** Substep length of `world`, s. */
export function substepOf(world: SimWorld): number {
  return DT / world.settings.substeps;
}

/** Steps `ticks` times with no input. */
export function idle(world: SimWorld, ticks: number): void {
  for (let t = 0; t < ticks; t++) step(world, [0, 0]);
}

/** Particle index range [first, last] of rope entity `r`. */
export function ropeRange(world: SimWorld, r: number): [number, number] {
  const first = world.rope.first[r];
  return [first, first + world.rope.count[r] - 1];
}

/** True if every particle of rope `r` and every box is finite. */
export function isAllFinite(world: SimWorld): boolean {
  const { particle: pool, body, rope } = world;
  for (let k = 0; k < world.queries.ropes.dense.length; k++) {
    const r = world.queries.ropes.dense[k];
    if (rope.isActive[r] === 0) continue;
    const [first, last] = ropeRange(world, r);
    for (let i = first; i <= last; i++) {
      if (!Number.isFinite(pool.x[i] + pool.y[i] + pool.prevX[i] + pool.prevY[i])) return false;
    }
  }
  for (let k = 0; k < world.queries.boxes.dense.length; k++) {
    const e = boxEntity(world, k);
    if (!Number.isFinite(body.x[e] + body.y[e] + body.vx[e] + body.vy[e] + body.rotC[e] + body.rotS[e] + body.omega[e])) return false;
  }
  return true;
}

/**
 * Mechanical energy (J) of every box and every free rope particle, with gravity `g`, potential
 * measured from y = yRef (y down). Velocities are the last substep's displacement / h and heights are
 * the midpoints of that substep, which is the pairing the position-Verlet update conserves best.
 */
export function mechanicalEnergy(world: SimWorld, g: number, yRef: number): number {
  const { body, particle: pool, rope } = world;
  const h = substepOf(world);
  let e = 0;
  for (let k = 0; k < world.queries.boxes.dense.length; k++) {
    const b = boxEntity(world, k);
    const m = 1 / body.invMass[b];
    const vx = (body.x[b] - body.prevX[b]) / h;
    const vy = (body.y[b] - body.prevY[b]) / h;
    e += 0.5 * m * (vx * vx + vy * vy) + m * g * (yRef - (body.y[b] + body.prevY[b]) / 2);
    if (body.invInertia[b] > 0) e += (0.5 * body.omega[b] * body.omega[b]) / body.invInertia[b];
  }
  for (let k = 0; k < world.queries.ropes.dense.length; k++) {
    const r = world.queries.ropes.dense[k];
    if (rope.isActive[r] === 0 || r === world.tetherRope) continue;
    const [first, last] = ropeRange(world, r);
    for (let i = first; i <= last; i++) {
      if (pool.invMass[i] === 0) continue;
      const m = 1 / pool.invMass[i];
      const vx = (pool.x[i] - pool.prevX[i]) / h;
      const vy = (pool.y[i] - pool.prevY[i]) / h;
      e += 0.5 * m * (vx * vx + vy * vy) + m * g * (yRef - (pool.y[i] + pool.prevY[i]) / 2);
    }
  }
  return e;
}

/**
 * Zero crossings of a sampled signal, linearly interpolated between samples: the times (in sample
 * units) where it changes sign.
 */
export function zeroCrossings(samples: readonly number[]): number[] {
  const out: number[] = [];
  for (let n = 1; n < samples.length; n++) {
    const a = samples[n - 1];
    const b = samples[n];
    if ((a < 0 && b >= 0) || (a > 0 && b <= 0)) out.push(n - 1 + a / (a - b));
  }
  return out;
}

/** Largest particle movement of rope `r` since `snapshot` (x, y pairs taken by {@link ropePositions}), m. */
export function ropeMovedSince(world: SimWorld, r: number, snapshot: Float64Array): number {
  const [first, last] = ropeRange(world, r);
  let worst = 0;
  for (let i = first; i <= last; i++) {
    const k = 2 * (i - first);
    const d = Math.sqrt((world.particle.x[i] - snapshot[k]) ** 2 + (world.particle.y[i] - snapshot[k + 1]) ** 2);
    if (d > worst) worst = d;
  }
  return worst;
}

/** Positions of rope `r`'s particles as x, y pairs. */
export function ropePositions(world: SimWorld, r: number): Float64Array {
  const [first, last] = ropeRange(world, r);
  const out = new Float64Array(2 * (last - first + 1));
  for (let i = first; i <= last; i++) {
    out[2 * (i - first)] = world.particle.x[i];
    out[2 * (i - first) + 1] = world.particle.y[i];
  }
  return out;
}
