// matter-js as a bench engine ('matter-chain'): one circle body per rope particle, consecutive ones
// held by a Matter.Constraint (stiffness 1, damping 0) of the segment length, pinned particles
// static (moved with Body.setPosition, in even steps over the substeps).
//
// Units. matter works in pixels and milliseconds, y down (like the scenarios):
//   - 1 m = PX_PER_M = 100 px; positions and lengths are scaled by it on the way in and out.
//   - Engine.update(engine, 1000 / 60 / substeps) is called `substeps` times per 1/60 s tick.
//   - gravity: matter adds mass * gravity.y * gravity.scale to the force, and integrates
//     force / mass * delta² with delta in ms, so the acceleration is gravity.y * gravity.scale in
//     px/ms²: 9.81 m/s² = 981 px/s² = 9.81e-4 px/ms², i.e. gravity.y = 1, scale = g * PX_PER_M / 1e6.
//   - velocities are px per Body._baseDelta (1000/60 ms): v (m/s) = v (matter) * 60 / PX_PER_M.
//   - masses are set in kg (Body.setMass): matter only uses their ratios (and mass * gravity).
// frictionAir (matter's default air drag, 0.01) is set to 0 on every body: the scenarios have no
// drag, and a damped rope would hide its energy drift.
// Quality: iterations -> engine.constraintIterations (matter solves constraints in two passes of
// that many per update) and positionIterations = max(6, iterations) (contacts only; 6 is matter's
// default). Note: matter scales a rigid constraint's correction by delta / (1000/60), so each
// substep's correction is 1/substeps of a full one: substeps buy matter less stiffness than
// they do other engines.
// Rope bodies collide with nothing (mask 0); scenario E's box and runner collide with each other.

import Matter from 'matter-js';
import type { EngineAdapter, EngineWorld, Quality, Scenario } from '../engine';

/** Pixels per metre. */
const PX_PER_M = 100;
const TICK_MS = 1000 / 60;
/** Radius of a rope particle's circle, as a fraction of the segment length. */
const PARTICLE_RADIUS = 0.2;
const ROPE_FILTER = { category: 0x0002, mask: 0, group: 0 };

interface MatterRope {
  /** One body per particle except, in scenario E, the last (the box's top centre). */
  bodies: Matter.Body[];
  /** Scenario E: the body carrying the last particle and the particle in its frame at angle 0, px. */
  endBody: Matter.Body | null;
  endLocalX: number;
  endLocalY: number;
  /** Pinned-end moves: from (x0, y0) to (x, y) px, spread over the next tick's substeps. */
  moveA: PinMove;
  moveB: PinMove;
}

interface PinMove { pending: boolean; x0: number; y0: number; x: number; y: number }

const newMove = (): PinMove => ({ pending: false, x0: 0, y0: 0, x: 0, y: 0 });

function buildMatter(sc: Scenario, quality: Quality): EngineWorld {
  const { Bodies, Body, Composite, Constraint, Engine } = Matter;
  const substeps = Math.max(1, Math.round(quality.substeps));
  const iterations = Math.max(1, Math.round(quality.iterations));
  const engine = Engine.create({
    gravity: { x: 0, y: 1, scale: (sc.gravity * PX_PER_M) / 1e6 },
    constraintIterations: iterations,
    positionIterations: Math.max(6, iterations),
    enableSleeping: false,
  });
  const all: (Matter.Body | Matter.Constraint)[] = [];

  const rect = (b: { x: number; y: number; w: number; h: number; mass: number }) => {
    const body = Bodies.rectangle(
      b.x * PX_PER_M, b.y * PX_PER_M, b.w * PX_PER_M, b.h * PX_PER_M, { frictionAir: 0 },
    );
    Body.setMass(body, b.mass);
    all.push(body);
    return body;
  };
  const box = sc.box ? rect(sc.box) : null;
  const runner = sc.runner ? rect(sc.runner) : null;
  if (runner && sc.runner) {
    Body.setInertia(runner, Infinity); // players never rotate (as in our sim)
    Body.setVelocity(runner, { x: (sc.runner.vx * PX_PER_M) / 60, y: (sc.runner.vy * PX_PER_M) / 60 });
  }

  let constraintCount = 0;
  const ropes: MatterRope[] = sc.ropes.map((spec, k) => {
    const n = spec.segments;
    const L = spec.segmentLength * PX_PER_M;
    const x0 = spec.x * PX_PER_M;
    const y0 = spec.y * PX_PER_M;
    const onBox = k === 0 && box !== null;
    const bodies: Matter.Body[] = [];
    for (let i = 0; i <= (onBox ? n - 1 : n); i++) {
      const isStatic = (i === 0 && spec.pinFirst) || (i === n && spec.pinLast);
      const body = Bodies.circle(x0 + spec.dirX * L * i, y0 + spec.dirY * L * i, L * PARTICLE_RADIUS, {
        frictionAir: 0, collisionFilter: ROPE_FILTER, isStatic,
      });
      if (!isStatic) Body.setMass(body, i === n ? spec.endMass : spec.particleMass);
      bodies.push(body);
      all.push(body);
    }
    const link = (a: Matter.Body, b: Matter.Body, pointB: Matter.Vector) => {
      all.push(Constraint.create({ bodyA: a, bodyB: b, pointB, length: L, stiffness: 1, damping: 0 }));
      constraintCount++;
    };
    for (let i = 1; i < bodies.length; i++) link(bodies[i - 1], bodies[i], { x: 0, y: 0 });
    let endLocalX = 0;
    let endLocalY = 0;
    if (onBox && box) {
      endLocalX = x0 + spec.dirX * L * n - box.position.x;
      endLocalY = y0 + spec.dirY * L * n - box.position.y;
      link(bodies[n - 1], box, { x: endLocalX, y: endLocalY });
    }
    return { bodies, endBody: onBox ? box : null, endLocalX, endLocalY, moveA: newMove(), moveB: newMove() };
  });
  Composite.add(engine.world, all);

  const startMove = (body: Matter.Body, m: PinMove) => {
    if (!m.pending) return;
    m.x0 = body.position.x;
    m.y0 = body.position.y;
  };
  const substepMove = (body: Matter.Body, m: PinMove, f: number) => {
    if (m.pending) Body.setPosition(body, { x: m.x0 + (m.x - m.x0) * f, y: m.y0 + (m.y - m.y0) * f });
  };
  const readBody = (body: Matter.Body, out: Float64Array) => {
    out[0] = body.position.x / PX_PER_M;
    out[1] = body.position.y / PX_PER_M;
  };
  const dt = TICK_MS / substeps;

  return {
    step() {
      for (const r of ropes) {
        startMove(r.bodies[0], r.moveA);
        startMove(r.bodies[r.bodies.length - 1], r.moveB);
      }
      for (let s = 1; s <= substeps; s++) {
        for (const r of ropes) {
          substepMove(r.bodies[0], r.moveA, s / substeps);
          substepMove(r.bodies[r.bodies.length - 1], r.moveB, s / substeps);
        }
        Engine.update(engine, dt);
      }
      for (const r of ropes) { r.moveA.pending = false; r.moveB.pending = false; }
    },
    readRope(ri, out) {
      const r = ropes[ri];
      const m = r.bodies.length;
      for (let i = 0; i < m; i++) {
        out[2 * i] = r.bodies[i].position.x / PX_PER_M;
        out[2 * i + 1] = r.bodies[i].position.y / PX_PER_M;
      }
      const e = r.endBody;
      if (e) {
        const c = Math.cos(e.angle);
        const s = Math.sin(e.angle);
        out[2 * m] = (e.position.x + c * r.endLocalX - s * r.endLocalY) / PX_PER_M;
        out[2 * m + 1] = (e.position.y + s * r.endLocalX + c * r.endLocalY) / PX_PER_M;
      }
    },
    moveFirst(ri, x, y) {
      const r = ropes[ri];
      if (!r.bodies[0].isStatic) throw new Error('rope end A is not pinned');
      Object.assign(r.moveA, { pending: true, x: x * PX_PER_M, y: y * PX_PER_M });
    },
    moveLast(ri, x, y) {
      const r = ropes[ri];
      if (r.endBody || !r.bodies[r.bodies.length - 1].isStatic) throw new Error('rope end B is not pinned');
      Object.assign(r.moveB, { pending: true, x: x * PX_PER_M, y: y * PX_PER_M });
    },
    applyImpulse(ri, i, jx, jy) {
      const r = ropes[ri];
      const body = i < r.bodies.length ? r.bodies[i] : r.endBody;
      if (!body || body.isStatic) return;
      // dv = J / m (m/s), in px per 1000/60 ms.
      const k = PX_PER_M / 60 / body.mass;
      const v = Body.getVelocity(body);
      Body.setVelocity(body, { x: v.x + jx * k, y: v.y + jy * k });
    },
    ...(box ? { readBox: (out: Float64Array) => readBody(box, out) } : {}),
    ...(runner ? { readRunner: (out: Float64Array) => readBody(runner, out) } : {}),
    projectionsPerTick() { return constraintCount * 2 * iterations * substeps; },
  };
}

export const adapter: EngineAdapter = {
  name: 'matter-chain',
  // @types/matter-js does not declare Matter.version (the build sets it).
  version: `matter-js ${(Matter as unknown as { version: string }).version}`,
  defaults: { substeps: 1, iterations: 2 },
  build: buildMatter,
};

export const adapters: EngineAdapter[] = [adapter];
export default adapter;
