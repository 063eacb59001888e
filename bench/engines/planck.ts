// Planck.js (a JavaScript port of Box2D 2.x) as two bench engines: the classic Box2D chain of
// rigid links held by revolute joints ('planck-revolute'), and the same chain with a RopeJoint
// from the pinned anchor to the end body capping its length ('planck-rope', the usual cure for a
// stretching chain). Planck is y up: every y is negated on the way in and out; units stay SI.
//
// The chain: segment body i is a rigid link spanning particles i .. i+1 (mass particleMass, the
// inertia of a uniform rod); revolute joint i ties segment i-1's end to segment i's start at
// particle i. A pinned end is a kinematic body at the particle (moved by giving it the velocity
// that reaches the target in one tick, so the joint solver sees the motion); a free end carries a
// body of endMass (a small disc's inertia) jointed at its centre (scenario E: rope 0 ends on the
// box instead, at the rope's last particle). Rejected: one body per particle with joints between
// them (a kinematic first body cannot turn, so its joint would hold the first link rigid).
// Read-back: particle i is the midpoint of joint i's two anchors, a pinned particle is its
// kinematic body, the last particle is the end body's anchor. A rigid link cannot stretch, so all
// stretch is in the joints' gaps and shows in the distances between particles.
// Mass: N links of particleMass (+ the end), where a particle chain has N - 1 free particles of
// particleMass (+ the end): one particle's worth more, negligible beside the heavy ends of A.
// Quality: iterations -> velocityIterations, positionIterations = ceil(3/8 of it) (the default 8
// gives planck's own 8 / 3, as box2d.ts maps Box2D's); substeps -> world.step(tick / substeps),
// that many times per tick.
// Rope bodies have no fixtures (mass set directly), so they collide with nothing and cost no
// broad-phase, as in the box2d-revolute peer; the scenarios have no level to collide with.
// Sleeping is off (no engine of the bench sleeps).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Box, RevoluteJoint, RopeJoint, World, type Body } from 'planck';
import type { EngineAdapter, EngineWorld, Quality, RopeSpec, Scenario } from '../engine';

const TICK = 1 / 60;
/** Radius of the disc whose inertia an end body gets, as a fraction of the segment length. */
const END_RADIUS = 0.2;

function planckVersion(): string {
  try {
    const main = createRequire(import.meta.url).resolve('planck'); // .../planck/dist/planck.js
    return JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8')).version as string;
  } catch {
    return 'unknown';
  }
}

/** One rope's bodies and what read-back needs. */
interface PlanckRope {
  /** Kinematic pin body of particle 0, or null when the first end is free. */
  pinA: Body | null;
  /** Link bodies; link i spans particles i .. i+1 (its local x axis from start to end). */
  links: Body[];
  /** Body carrying the last particle: kinematic pin, end-mass circle or scenario E's box. */
  end: Body;
  /** The last particle in `end`'s frame (y up), m. */
  endLocalX: number;
  endLocalY: number;
  halfLength: number;
  /** Pending kinematic moves (y up), applied at the next step. */
  moveA: { pending: boolean; x: number; y: number };
  moveB: { pending: boolean; x: number; y: number };
}

/** A dynamic box of the given centre (y down), size and mass. */
function createBox(
  world: World, b: { x: number; y: number; w: number; h: number; mass: number }, fixedRotation: boolean,
): Body {
  const body = world.createBody({ type: 'dynamic', position: { x: b.x, y: -b.y }, fixedRotation });
  body.createFixture(new Box(b.w / 2, b.h / 2), { density: b.mass / (b.w * b.h) });
  return body;
}

function iterationsOf(q: Quality): { velocity: number; position: number } {
  return { velocity: q.iterations, position: Math.max(1, Math.ceil((q.iterations * 3) / 8)) };
}

function buildPlanck(sc: Scenario, quality: Quality, withRopeJoint: boolean): EngineWorld {
  const world = new World({ gravity: { x: 0, y: -sc.gravity }, allowSleep: false });
  const its = iterationsOf(quality);
  const substeps = Math.max(1, Math.round(quality.substeps));
  const dt = TICK / substeps;

  const boxBody = sc.box ? createBox(world, sc.box, false) : null;
  // Players never rotate (as in our sim).
  const runnerBody = sc.runner ? createBox(world, sc.runner, true) : null;
  if (runnerBody && sc.runner) runnerBody.setLinearVelocity({ x: sc.runner.vx, y: -sc.runner.vy });

  let jointCount = 0;
  const ropes: PlanckRope[] = sc.ropes.map((spec: RopeSpec, k: number) => {
    const n = spec.segments;
    const L = spec.segmentLength;
    const dx = spec.dirX;
    const dy = -spec.dirY; // y up
    const angle = Math.atan2(dy, dx);
    const px = (i: number) => spec.x + dx * L * i;
    const py = (i: number) => -spec.y + dy * L * i;

    const links: Body[] = [];
    for (let i = 0; i < n; i++) {
      const body = world.createBody({
        type: 'dynamic', position: { x: px(i + 0.5), y: py(i + 0.5) }, angle,
      });
      const m = spec.particleMass;
      body.setMassData({ mass: m, center: { x: 0, y: 0 }, I: (m * L * L) / 12 }); // uniform rod
      links.push(body);
    }
    const joint = (a: Body, b: Body, i: number) => {
      world.createJoint(new RevoluteJoint({}, a, b, { x: px(i), y: py(i) }));
      jointCount++;
    };
    for (let i = 1; i < n; i++) joint(links[i - 1], links[i], i);

    let pinA: Body | null = null;
    if (spec.pinFirst) {
      pinA = world.createBody({ type: 'kinematic', position: { x: px(0), y: py(0) } });
      joint(pinA, links[0], 0);
    }
    let end: Body;
    let endLocalX = 0;
    let endLocalY = 0;
    if (k === 0 && boxBody) {
      end = boxBody;
      const c = end.getPosition();
      endLocalX = px(n) - c.x; // the box starts unrotated
      endLocalY = py(n) - c.y;
    } else if (spec.pinLast) {
      end = world.createBody({ type: 'kinematic', position: { x: px(n), y: py(n) } });
    } else {
      end = world.createBody({ type: 'dynamic', position: { x: px(n), y: py(n) } });
      const r = L * END_RADIUS;
      end.setMassData({ mass: spec.endMass, center: { x: 0, y: 0 }, I: 0.5 * spec.endMass * r * r });
    }
    joint(links[n - 1], end, n);

    if (withRopeJoint && !(spec.pinFirst && spec.pinLast)) {
      // From the anchor (pin, or the first link's start) to the last particle, at the rope's length.
      const a = pinA ?? links[0];
      world.createJoint(new RopeJoint({
        bodyA: a, bodyB: end,
        localAnchorA: pinA ? { x: 0, y: 0 } : { x: -L / 2, y: 0 },
        localAnchorB: { x: endLocalX, y: endLocalY },
        maxLength: n * L,
      }));
      jointCount++;
    }
    return {
      pinA, links, end, endLocalX, endLocalY, halfLength: L / 2,
      moveA: { pending: false, x: 0, y: 0 }, moveB: { pending: false, x: 0, y: 0 },
    };
  });

  const startMove = (body: Body | null, m: { pending: boolean; x: number; y: number }) => {
    if (!body || !m.pending) return;
    const p = body.getPosition();
    body.setLinearVelocity({ x: (m.x - p.x) / TICK, y: (m.y - p.y) / TICK });
  };
  const endMove = (body: Body | null, m: { pending: boolean; x: number; y: number }) => {
    if (!body || !m.pending) return;
    body.setLinearVelocity({ x: 0, y: 0 });
    body.setPosition({ x: m.x, y: m.y }); // removes the round-off of v * dt
    m.pending = false;
  };
  const pinB = (r: PlanckRope) => (r.end.getType() === 'kinematic' ? r.end : null);

  const readBody = (body: Body, out: Float64Array) => {
    const p = body.getPosition();
    out[0] = p.x;
    out[1] = -p.y;
  };

  return {
    step() {
      for (const r of ropes) { startMove(r.pinA, r.moveA); startMove(pinB(r), r.moveB); }
      for (let s = 0; s < substeps; s++) world.step(dt, its.velocity, its.position);
      for (const r of ropes) { endMove(r.pinA, r.moveA); endMove(pinB(r), r.moveB); }
    },
    readRope(ri, out) {
      const r = ropes[ri];
      const n = r.links.length;
      const h = r.halfLength;
      if (r.pinA) {
        const p = r.pinA.getPosition();
        out[0] = p.x;
        out[1] = -p.y;
      } else {
        const xf = r.links[0].getTransform();
        out[0] = xf.p.x - xf.q.c * h;
        out[1] = -(xf.p.y - xf.q.s * h);
      }
      for (let i = 1; i < n; i++) {
        const a = r.links[i - 1].getTransform();
        const b = r.links[i].getTransform();
        out[2 * i] = 0.5 * (a.p.x + a.q.c * h + b.p.x - b.q.c * h);
        out[2 * i + 1] = -0.5 * (a.p.y + a.q.s * h + b.p.y - b.q.s * h);
      }
      const e = r.end.getTransform();
      out[2 * n] = e.p.x + e.q.c * r.endLocalX - e.q.s * r.endLocalY;
      out[2 * n + 1] = -(e.p.y + e.q.s * r.endLocalX + e.q.c * r.endLocalY);
    },
    moveFirst(ri, x, y) {
      const r = ropes[ri];
      if (!r.pinA) throw new Error('rope end A is not pinned');
      r.moveA.pending = true; r.moveA.x = x; r.moveA.y = -y;
    },
    moveLast(ri, x, y) {
      const r = ropes[ri];
      if (!pinB(r)) throw new Error('rope end B is not pinned');
      r.moveB.pending = true; r.moveB.x = x; r.moveB.y = -y;
    },
    applyImpulse(ri, i, jx, jy) {
      const r = ropes[ri];
      const n = r.links.length;
      const j = { x: jx, y: -jy };
      if (i >= n) { r.end.applyLinearImpulse(j, r.end.getWorldCenter(), true); return; }
      // At the joint, shared by the links on either side (a pin or link 0's start for i = 0).
      const link = r.links[i];
      const xf = link.getTransform();
      const point = { x: xf.p.x - xf.q.c * r.halfLength, y: xf.p.y - xf.q.s * r.halfLength };
      if (i === 0) { if (!r.pinA) link.applyLinearImpulse(j, point, true); return; }
      const half = { x: j.x / 2, y: j.y / 2 };
      link.applyLinearImpulse(half, point, true);
      r.links[i - 1].applyLinearImpulse(half, point, true);
    },
    ...(boxBody ? { readBox: (out: Float64Array) => readBody(boxBody, out) } : {}),
    ...(runnerBody ? { readRunner: (out: Float64Array) => readBody(runnerBody, out) } : {}),
    projectionsPerTick() { return jointCount * (its.velocity + its.position) * substeps; },
  };
}

const version = planckVersion();

export const planckRevolute: EngineAdapter = {
  name: 'planck-revolute',
  version: `planck ${version}`,
  defaults: { substeps: 1, iterations: 8 },
  build: (sc, q) => buildPlanck(sc, q, false),
};

export const planckRope: EngineAdapter = {
  name: 'planck-rope',
  version: `planck ${version}`,
  defaults: { substeps: 1, iterations: 8 },
  build: (sc, q) => buildPlanck(sc, q, true),
};

export const adapters: EngineAdapter[] = [planckRevolute, planckRope];
export default planckRevolute;
