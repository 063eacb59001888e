// Box2D peers for `npm run bench` (@box2d/core, the TypeScript port of Box2D 2.4.1).
//
// - 'box2d-rope': b2Rope, Box2D's position-based rope (PBD stretch constraints on particles, Gauss-Seidel,
//   `iterations` passes per step). It lives outside the b2World and is stepped on its own with
//   rope.Step(dt, iterations, position). Pinned particles have mass 0 and follow `bindPosition + position`;
//   b2Rope has one `position` for all pinned particles, so to move the first and the last pin independently
//   this adapter writes the pinned particles' bind positions (a private field) and steps with position (0, 0).
//   Bending: b2RopeTuning's default is a PBD angle bend constraint (stiffness 0.5), which makes a cable, not a
//   rope; we switch bending off (spring-angle model at 0 Hz, so its cost is one pass per step) and keep the
//   default stretching (PBD, stiffness 1). b2Rope cannot be attached to a rigid body, so scenario E (a box on
//   a rope) is not supported by this adapter: build() throws.
// - 'box2d-revolute': the classic chain of rigid segment bodies (mass `particleMass` each, rod inertia, no
//   fixtures so they never collide) joined by b2RevoluteJoints; node bodies at the ends carry the pin
//   (kinematic) and the end mass. Particle i (0 < i < segments) is read as the midpoint of joint i's two
//   anchors, so joint drift counts as stretch; the end particles are the node bodies' positions.
// - 'box2d-revolute-rope-joint': the same chain plus a rope joint from the first node to the last. Box2D 2.4
//   removed b2RopeJoint; its replacement is a b2DistanceJoint with minLength 0 and maxLength = rope length
//   (stiffness 0: rigid upper limit), which is what this adapter uses.
//
// Quality: iterations -> velocityIterations, positionIterations = ceil(3/8 x iterations) (Box2D's defaults 8/3
// map to iterations 8); b2Rope: iterations -> its iterations. substeps -> world.Step / rope.Step with dt/substeps
// that many times per 1/60 s tick (kinematic pins are moved by velocity, reaching their target at the end of
// the tick; b2Rope pins are interpolated per substep). Box2D is y up: every y is flipped here.

import {
  b2BendingModel,
  b2Body,
  b2BodyType,
  b2DistanceJointDef,
  b2PolygonShape,
  b2RevoluteJointDef,
  b2Rope,
  b2RopeTuning,
  b2StretchingModel,
  b2Vec2,
  b2World,
} from '@box2d/core';
import type { EngineAdapter, EngineWorld, Quality, RopeSpec, Scenario } from '../engine';

const VERSION = '@box2d/core 0.11.0';
const TICK = 1 / 60;
const ORIGIN = new b2Vec2(0, 0);

/** The private state of b2Rope this adapter reads and writes (TypeScript-private, plain fields at runtime). */
interface RopeInternals {
  m_count: number;
  m_ps: b2Vec2[];
  m_vs: b2Vec2[];
  m_invMasses: number[];
  m_bindPositions: b2Vec2[];
}

function positionIterationsFor(iterations: number): number {
  return Math.max(1, Math.ceil((iterations * 3) / 8));
}

// ---------------------------------------------------------------------------------------------------------
// b2Rope

class Box2DRopeWorld implements EngineWorld {
  private readonly ropes: b2Rope[] = [];
  private readonly internals: RopeInternals[] = [];
  /** Per rope: pin targets and the pins' positions at the start of the tick, y up: [fx, fy, lx, ly]. */
  private readonly targets: Float64Array[] = [];
  private readonly starts: Float64Array[] = [];
  private readonly specs: RopeSpec[];
  private readonly zero = new b2Vec2(0, 0);

  constructor(scenario: Scenario, private readonly quality: Quality) {
    if (scenario.box || scenario.runner) {
      throw new Error('box2d-rope: b2Rope cannot be attached to rigid bodies; scenario E is not supported');
    }
    this.specs = scenario.ropes;
    const tuning = new b2RopeTuning();
    tuning.stretchingModel = b2StretchingModel.b2_pbdStretchingModel;
    tuning.stretchStiffness = 1;
    tuning.bendingModel = b2BendingModel.b2_springAngleBendingModel;
    tuning.bendHertz = 0;
    tuning.bendStiffness = 0;
    tuning.damping = 0;
    for (const spec of scenario.ropes) {
      const n = spec.segments;
      const vertices: b2Vec2[] = [];
      const masses: number[] = [];
      for (let i = 0; i <= n; i++) {
        vertices.push(new b2Vec2(spec.x + spec.dirX * spec.segmentLength * i, -(spec.y + spec.dirY * spec.segmentLength * i)));
        const pinned = (i === 0 && spec.pinFirst) || (i === n && spec.pinLast);
        masses.push(pinned ? 0 : i === n ? spec.endMass : spec.particleMass);
      }
      const rope = new b2Rope({ position: this.zero, vertices, masses, gravity: { x: 0, y: -scenario.gravity }, tuning });
      this.ropes.push(rope);
      this.internals.push(rope as unknown as RopeInternals);
      const first = vertices[0]!;
      const last = vertices[n]!;
      this.targets.push(Float64Array.of(first.x, first.y, last.x, last.y));
      this.starts.push(Float64Array.of(first.x, first.y, last.x, last.y));
    }
  }

  step(): void {
    const substeps = this.quality.substeps;
    const h = TICK / substeps;
    for (let r = 0; r < this.ropes.length; r++) {
      const rope = this.ropes[r]!;
      const inner = this.internals[r]!;
      const spec = this.specs[r]!;
      const t = this.targets[r]!;
      const s0 = this.starts[r]!;
      const bindFirst = inner.m_bindPositions[0]!;
      const bindLast = inner.m_bindPositions[inner.m_count - 1]!;
      for (let s = 1; s <= substeps; s++) {
        const a = s / substeps;
        if (spec.pinFirst) bindFirst.Set(s0[0]! + (t[0]! - s0[0]!) * a, s0[1]! + (t[1]! - s0[1]!) * a);
        if (spec.pinLast) bindLast.Set(s0[2]! + (t[2]! - s0[2]!) * a, s0[3]! + (t[3]! - s0[3]!) * a);
        rope.Step(h, this.quality.iterations, this.zero);
      }
      s0.set(t);
    }
  }

  readRope(r: number, out: Float64Array): void {
    const ps = this.internals[r]!.m_ps;
    for (let i = 0; i < ps.length; i++) {
      out[2 * i] = ps[i]!.x;
      out[2 * i + 1] = -ps[i]!.y;
    }
  }

  moveFirst(r: number, x: number, y: number): void {
    const t = this.targets[r]!;
    t[0] = x;
    t[1] = -y;
  }

  moveLast(r: number, x: number, y: number): void {
    const t = this.targets[r]!;
    t[2] = x;
    t[3] = -y;
  }

  applyImpulse(r: number, i: number, jx: number, jy: number): void {
    const inner = this.internals[r]!;
    const w = inner.m_invMasses[i]!;
    if (w === 0) return;
    const v = inner.m_vs[i]!;
    v.x += jx * w;
    v.y -= jy * w;
  }

  projectionsPerTick(): number {
    let segments = 0;
    for (const spec of this.specs) segments += spec.segments;
    return segments * this.quality.iterations * this.quality.substeps;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Revolute chain in a b2World

interface ChainRope {
  /** The first and last particles' node bodies (kinematic when pinned); segments[i] spans particles i..i+1. */
  first: b2Body;
  last: b2Body;
  segments: b2Body[];
  halfLength: number;
  /** Pin targets (y up): [fx, fy, lx, ly]. */
  targets: Float64Array;
  spec: RopeSpec;
}

class Box2DChainWorld implements EngineWorld {
  private readonly world: b2World;
  private readonly ropes: ChainRope[] = [];
  private readonly config: { velocityIterations: number; positionIterations: number };
  private box: b2Body | null = null;
  private runner: b2Body | null = null;
  private jointCount = 0;
  private readonly tmpLocal = new b2Vec2();
  private readonly tmpA = new b2Vec2();
  private readonly tmpB = new b2Vec2();
  private readonly tmpV = new b2Vec2();

  constructor(scenario: Scenario, private readonly quality: Quality, withRopeJoint: boolean) {
    this.world = b2World.Create({ x: 0, y: -scenario.gravity });
    this.config = { velocityIterations: quality.iterations, positionIterations: positionIterationsFor(quality.iterations) };
    for (const spec of scenario.ropes) this.ropes.push(this.buildRope(spec, withRopeJoint));

    if (scenario.box) {
      const b = scenario.box;
      const body = this.world.CreateBody({ type: b2BodyType.b2_dynamicBody, position: { x: b.x, y: -b.y }, allowSleep: false });
      const shape = new b2PolygonShape().SetAsBox(b.w / 2, b.h / 2);
      body.CreateFixture({ shape, density: b.mass / (b.w * b.h), friction: 0.5 });
      this.box = body;
      // The box hangs at rope 0's last particle (wherever the scenario put it relative to the box).
      const end = this.ropes[0]!.last;
      const jd = new b2RevoluteJointDef();
      jd.Initialize(end, body, end.GetPosition());
      this.world.CreateJoint(jd);
      this.jointCount++;
    }
    if (scenario.runner) {
      const p = scenario.runner;
      const body = this.world.CreateBody({
        type: b2BodyType.b2_dynamicBody,
        position: { x: p.x, y: -p.y },
        linearVelocity: { x: p.vx, y: -p.vy },
        fixedRotation: true,
        allowSleep: false,
        bullet: true,
      });
      const shape = new b2PolygonShape().SetAsBox(p.w / 2, p.h / 2);
      body.CreateFixture({ shape, density: p.mass / (p.w * p.h), friction: 0.5 });
      this.runner = body;
    }
  }

  private buildRope(spec: RopeSpec, withRopeJoint: boolean): ChainRope {
    const n = spec.segments;
    const L = spec.segmentLength;
    const angle = Math.atan2(-spec.dirY, spec.dirX);
    const px = (i: number): number => spec.x + spec.dirX * L * i;
    const py = (i: number): number => -(spec.y + spec.dirY * L * i);
    const node = (i: number, pinned: boolean, mass: number): b2Body => {
      const body = this.world.CreateBody({
        type: pinned ? b2BodyType.b2_kinematicBody : b2BodyType.b2_dynamicBody,
        position: { x: px(i), y: py(i) },
        allowSleep: false,
      });
      // A point mass: the joint acts at its centre, so its rotation is irrelevant (I = 0 locks it).
      if (!pinned) body.SetMassData({ mass, center: ORIGIN, I: 0 });
      return body;
    };
    const first = node(0, spec.pinFirst, spec.particleMass);
    const last = node(n, spec.pinLast, spec.endMass);
    const segments: b2Body[] = [];
    for (let i = 0; i < n; i++) {
      const body = this.world.CreateBody({
        type: b2BodyType.b2_dynamicBody,
        position: { x: (px(i) + px(i + 1)) / 2, y: (py(i) + py(i + 1)) / 2 },
        angle,
        allowSleep: false,
      });
      const m = spec.particleMass;
      body.SetMassData({ mass: m, center: ORIGIN, I: (m * L * L) / 12 });
      segments.push(body);
    }
    const jd = new b2RevoluteJointDef();
    for (let i = 0; i <= n; i++) {
      const a = i === 0 ? first : segments[i - 1]!;
      const b = i === n ? last : segments[i]!;
      jd.Initialize(a, b, { x: px(i), y: py(i) });
      this.world.CreateJoint(jd);
      this.jointCount++;
    }
    if (withRopeJoint) {
      const dj = new b2DistanceJointDef();
      dj.Initialize(first, last, first.GetPosition(), last.GetPosition());
      dj.minLength = 0;
      dj.maxLength = n * L;
      dj.stiffness = 0;
      dj.damping = 0;
      this.world.CreateJoint(dj);
      this.jointCount++;
    }
    return {
      first,
      last,
      segments,
      halfLength: L / 2,
      targets: Float64Array.of(px(0), py(0), px(n), py(n)),
      spec,
    };
  }

  step(): void {
    const substeps = this.quality.substeps;
    const h = TICK / substeps;
    // Kinematic pins travel to their targets at constant velocity over the tick.
    for (const rope of this.ropes) {
      if (rope.spec.pinFirst) this.aim(rope.first, rope.targets[0]!, rope.targets[1]!);
      if (rope.spec.pinLast) this.aim(rope.last, rope.targets[2]!, rope.targets[3]!);
    }
    for (let s = 0; s < substeps; s++) this.world.Step(h, this.config);
    for (const rope of this.ropes) {
      if (rope.spec.pinFirst) this.settle(rope.first, rope.targets[0]!, rope.targets[1]!);
      if (rope.spec.pinLast) this.settle(rope.last, rope.targets[2]!, rope.targets[3]!);
    }
  }

  private aim(body: b2Body, x: number, y: number): void {
    const p = body.GetPosition();
    this.tmpV.Set((x - p.x) / TICK, (y - p.y) / TICK);
    body.SetLinearVelocity(this.tmpV);
  }

  private settle(body: b2Body, x: number, y: number): void {
    this.tmpV.Set(0, 0);
    body.SetLinearVelocity(this.tmpV);
    const p = body.GetPosition();
    if (p.x !== x || p.y !== y) body.SetTransformXY(x, y, 0);
  }

  readRope(r: number, out: Float64Array): void {
    const rope = this.ropes[r]!;
    const n = rope.spec.segments;
    const h = rope.halfLength;
    let p = rope.first.GetPosition();
    out[0] = p.x;
    out[1] = -p.y;
    for (let i = 1; i < n; i++) {
      rope.segments[i - 1]!.GetWorldPoint(this.tmpLocal.Set(h, 0), this.tmpA);
      rope.segments[i]!.GetWorldPoint(this.tmpLocal.Set(-h, 0), this.tmpB);
      out[2 * i] = (this.tmpA.x + this.tmpB.x) / 2;
      out[2 * i + 1] = -(this.tmpA.y + this.tmpB.y) / 2;
    }
    p = rope.last.GetPosition();
    out[2 * n] = p.x;
    out[2 * n + 1] = -p.y;
  }

  moveFirst(r: number, x: number, y: number): void {
    const t = this.ropes[r]!.targets;
    t[0] = x;
    t[1] = -y;
  }

  moveLast(r: number, x: number, y: number): void {
    const t = this.ropes[r]!.targets;
    t[2] = x;
    t[3] = -y;
  }

  applyImpulse(r: number, i: number, jx: number, jy: number): void {
    const rope = this.ropes[r]!;
    const n = rope.spec.segments;
    this.tmpV.Set(jx, -jy);
    if (i === 0) {
      if (!rope.spec.pinFirst) rope.first.ApplyLinearImpulseToCenter(this.tmpV, true);
    } else if (i === n) {
      if (!rope.spec.pinLast) rope.last.ApplyLinearImpulseToCenter(this.tmpV, true);
    } else {
      // Interior particle i is joint i: split the impulse over the two segments meeting there.
      this.tmpV.Set(jx / 2, -jy / 2);
      const a = rope.segments[i - 1]!;
      const b = rope.segments[i]!;
      a.ApplyLinearImpulse(this.tmpV, a.GetWorldPoint(this.tmpLocal.Set(rope.halfLength, 0), this.tmpA), true);
      b.ApplyLinearImpulse(this.tmpV, b.GetWorldPoint(this.tmpLocal.Set(-rope.halfLength, 0), this.tmpB), true);
    }
  }

  readBox(out: Float64Array): void {
    if (!this.box) return;
    const p = this.box.GetPosition();
    out[0] = p.x;
    out[1] = -p.y;
  }

  readRunner(out: Float64Array): void {
    if (!this.runner) return;
    const p = this.runner.GetPosition();
    out[0] = p.x;
    out[1] = -p.y;
  }

  projectionsPerTick(): number {
    return this.jointCount * this.quality.iterations * this.quality.substeps;
  }

  dispose(): void {
    // b2World has no explicit free; dropping the reference is enough.
    this.ropes.length = 0;
  }
}

export const box2dRope: EngineAdapter = {
  name: 'box2d-rope',
  version: VERSION,
  // Box2D's rope testbed steps b2Rope with 8 iterations once per frame.
  defaults: { substeps: 1, iterations: 8 },
  build: (scenario, quality) => new Box2DRopeWorld(scenario, quality),
};

export const box2dRevolute: EngineAdapter = {
  name: 'box2d-revolute',
  version: VERSION,
  // Box2D's recommended 8 velocity / 3 position iterations, one step per frame.
  defaults: { substeps: 1, iterations: 8 },
  build: (scenario, quality) => new Box2DChainWorld(scenario, quality, false),
};

export const box2dRevoluteRopeJoint: EngineAdapter = {
  name: 'box2d-revolute-rope-joint',
  version: VERSION,
  defaults: { substeps: 1, iterations: 8 },
  build: (scenario, quality) => new Box2DChainWorld(scenario, quality, true),
};

export const adapters: EngineAdapter[] = [box2dRope, box2dRevolute, box2dRevoluteRopeJoint];
export const adapter = box2dRope;
