// Measuring and arranging helpers for the unit tests (the worlds themselves are in
// tools/scenarios/): stepping, separations, energies, rope positions and layouts.

import { DT, boxEntity, isHeavyRope, playerEntity, step, type ButtonMask, type SimWorld } from '../../src/sim';

/** Steps `ticks` times with fixed buttons per player. */
export function run(world: SimWorld, ticks: number, p1: ButtonMask, p2: ButtonMask = 0): void {
  const inputs = [p1, p2];
  for (let t = 0; t < ticks; t++) step(world, inputs);
}

export function separation(world: SimWorld): number {
  const [a, b] = world.queries.players.dense;
  return Math.sqrt((world.body.x[a] - world.body.x[b]) ** 2 + (world.body.y[a] - world.body.y[b]) ** 2);
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
  const { particle, body, rope } = world;
  for (let k = 0; k < world.queries.ropes.dense.length; k++) {
    const r = world.queries.ropes.dense[k];
    if (rope.isActive[r] === 0) continue;
    const [first, last] = ropeRange(world, r);
    for (let i = first; i <= last; i++) {
      if (!Number.isFinite(particle.x[i] + particle.y[i] + particle.prevX[i] + particle.prevY[i])) return false;
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
  const { body, particle, rope } = world;
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
      if (particle.invMass[i] === 0) continue;
      const m = 1 / particle.invMass[i];
      const vx = (particle.x[i] - particle.prevX[i]) / h;
      const vy = (particle.y[i] - particle.prevY[i]) / h;
      e += 0.5 * m * (vx * vx + vy * vy) + m * g * (yRef - (particle.y[i] + particle.prevY[i]) / 2);
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

/** Puts rope `r`'s particles on the polyline through `points`, evenly by arc length, at rest. */
export function layRopeAlong(world: SimWorld, r: number, points: ReadonlyArray<readonly [number, number]>): void {
  const { particle, rope } = world;
  const first = rope.first[r];
  const count = rope.count[r];
  const lengths = [0];
  for (let k = 1; k < points.length; k++) {
    lengths.push(lengths[k - 1] + Math.hypot(points[k][0] - points[k - 1][0], points[k][1] - points[k - 1][1]));
  }
  const total = lengths[lengths.length - 1];
  for (let n = 0; n < count; n++) {
    const s = count > 1 ? (total * n) / (count - 1) : 0;
    let k = 1;
    while (k < points.length - 1 && lengths[k] < s) k++;
    const seg = lengths[k] - lengths[k - 1];
    const f = seg > 0 ? (s - lengths[k - 1]) / seg : 0;
    const x = points[k - 1][0] + (points[k][0] - points[k - 1][0]) * f;
    const y = points[k - 1][1] + (points[k][1] - points[k - 1][1]) * f;
    const i = first + n;
    particle.x[i] = particle.prevX[i] = particle.drawX[i] = x;
    particle.y[i] = particle.prevY[i] = particle.drawY[i] = y;
  }
}

/** Largest distance of rope `r`'s particles from the segment between its two end particles, m. */
export function ropeDeviationFromChord(world: SimWorld, r: number): number {
  const { particle, rope } = world;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const ax = particle.x[first];
  const ay = particle.y[first];
  const dx = particle.x[last] - ax;
  const dy = particle.y[last] - ay;
  const len2 = dx * dx + dy * dy;
  let worst = 0;
  for (let i = first; i <= last; i++) {
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((particle.x[i] - ax) * dx + (particle.y[i] - ay) * dy) / len2)) : 0;
    const d = Math.hypot(particle.x[i] - (ax + dx * t), particle.y[i] - (ay + dy * t));
    if (d > worst) worst = d;
  }
  return worst;
}

/** Puts every particle of rope `r` on the point (x, y), at rest. */
export function pileRopeAt(world: SimWorld, r: number, x: number, y: number): void {
  const { particle, rope } = world;
  for (let i = rope.first[r]; i < rope.first[r] + rope.count[r]; i++) {
    particle.x[i] = particle.prevX[i] = particle.drawX[i] = x;
    particle.y[i] = particle.prevY[i] = particle.drawY[i] = y;
  }
}

/** Largest distance any particle of rope `r` moved during the last tick, m. */
export function ropeTickMove(world: SimWorld, r: number): number {
  const { particle, rope } = world;
  let worst = 0;
  for (let i = rope.first[r]; i < rope.first[r] + rope.count[r]; i++) {
    const d = Math.hypot(particle.x[i] - particle.drawX[i], particle.y[i] - particle.drawY[i]);
    if (d > worst) worst = d;
  }
  return worst;
}

/**
 * Kinetic (linear + rotational) + potential energy of the boxes, the players and the free particles
 * of ropes solved as chains (isHeavyRope), J (y down): the model's energy, and its kinetic part.
 * A lighter rope is solved massless (its end-to-end constraint carries the load and its particles
 * are put on the line between its ends again every substep: ropeMass.ts), so its particles' speed
 * is no energy of the model; counted, the whip of a light rope round its crate read up to 21 J from
 * nothing (`isModelOnly` false counts every free particle). The sim's velocities are what moved
 * over the last substep over h (Verlet: the velocity half a substep back), and the energy Verlet
 * keeps is the one at the substep's end, where gravity has added g h / 2 more: measured with the
 * stored velocity, a body's energy reads m g v_y h / 2 low, so a crate whipped from falling at
 * 5 m/s to rising at 5 m/s read 10 J gained (25 kg; 8 substeps) and a free fall read a steady loss
 * of m g^2 h^2 / 2 a substep.
 */
export function modelEnergy(w: SimWorld, isModelOnly = true): { total: number; kinetic: number } {
  const { body, particle, rope } = w;
  const g = w.settings.gravity;
  const h = DT / w.settings.substeps;
  const half = (g * h) / 2; // gravity's speed over half a substep
  let total = 0;
  let kinetic = 0;
  for (const e of w.queries.boxes.dense) {
    const m = 1 / body.invMass[e];
    const k = 0.5 * m * (body.vx[e] ** 2 + (body.vy[e] + half) ** 2) + (0.5 / body.invInertia[e]) * body.omega[e] ** 2;
    kinetic += k;
    total += k - m * g * body.y[e];
  }
  for (let slot = 0; slot < 2; slot++) {
    const e = playerEntity(w, slot);
    const m = 1 / body.invMass[e];
    const k = 0.5 * m * (body.vx[e] ** 2 + (body.vy[e] + half) ** 2);
    kinetic += k;
    total += k - m * g * body.y[e];
  }
  for (const r of w.queries.ropes.dense) {
    if (rope.isActive[r] === 0) continue;
    const isModel = isHeavyRope(w, r);
    if (isModelOnly && !isModel) continue;
    for (let i = rope.first[r]; i < rope.first[r] + rope.count[r]; i++) {
      if (particle.invMass[i] === 0) continue; // carried by the body it is tied to
      const m = 1 / particle.invMass[i];
      const vx = (particle.x[i] - particle.prevX[i]) / h;
      const vy = (particle.y[i] - particle.prevY[i]) / h + half;
      const k = 0.5 * m * (vx * vx + vy * vy);
      if (isModel) kinetic += k; // the drift share scales with the model's own motion
      total += k - m * g * particle.y[i];
    }
  }
  return { total, kinetic };
}
