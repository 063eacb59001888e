// Rapier peers for `npm run bench` (@dimforge/rapier2d-compat 0.21.0, WASM inlined as base64; init() awaits
// RAPIER.init()).
//
// - 'rapier-impulse-chain': rigid segment bodies (mass `particleMass` each, rod inertia, no colliders so they
//   never collide) joined by revolute impulse joints; node bodies at the ends carry the pin (kinematic,
//   position-based) and the end mass. Particle i (0 < i < segments) is read as the midpoint of joint i's two
//   anchors, so joint drift counts as stretch; the end particles are the node bodies' positions.
// - 'rapier-rope-joint': the same chain plus JointData.rope (a max-distance joint) from the first node to the
//   last, of the rope's length.
// - 'rapier-soft-rope': this Rapier version has soft bodies (SoftBodyDesc.rope: particles linked by edge
//   constraints, plus skip-one "bend" edges, solved with the world's joints and contacts). Built with the
//   generator's defaults (material: edges 30 Hz / damping ratio 1, bend edges 10 Hz) made tension-only
//   (setTensionOnly: a rope, which folds freely), per-particle masses, the pinned particles pinned and moved
//   with setParticleKinematicTarget, and no surface collider. Its stretch is set by that material's softness,
//   not by the solver: more iterations or substeps do not bring it below ~35 % in A at 10x.
// - 'rapier-soft-rope-stiff': the same with the edges and bend edges at 10 kHz (damping ratio 1), i.e. as
//   rigid as the solver makes them, so that iterations and substeps can reach the bench's 1 % target.
//
// Quality: iterations -> world.numSolverIterations (Rapier's default 4; its TGS-soft solver integrates positions
// in each of them, so they act as substeps: measured, 1 substep x 16 iterations gives the same stretch as
// 4 x 4, to the digits printed); substeps -> world.timestep = dt/substeps stepped
// that many times per 1/60 s tick (Rapier has no other substep knob; kinematic targets are interpolated per
// substep). Rapier 2D here is y up: every y is flipped.

import RAPIER from '@dimforge/rapier2d-compat';
import type { RigidBody, SoftBody, SoftBodyMaterial, World } from '@dimforge/rapier2d-compat';
import type { EngineAdapter, EngineWorld, Quality, RopeSpec, Scenario } from '../engine';

const VERSION = '@dimforge/rapier2d-compat 0.21.0';
const TICK = 1 / 60;

let ready: Promise<void> | null = null;
function init(): Promise<void> {
  ready ??= RAPIER.init();
  return ready;
}

/** Pin targets and the pins' positions at the start of the tick (y up): [fx, fy, lx, ly]. */
function pinArrays(x0: number, y0: number, x1: number, y1: number): { targets: Float64Array; starts: Float64Array } {
  return { targets: Float64Array.of(x0, y0, x1, y1), starts: Float64Array.of(x0, y0, x1, y1) };
}

/** Scenario E's box and runner, shared by both world kinds. */
class Extras {
  box: RigidBody | null = null;
  runner: RigidBody | null = null;

  constructor(world: World, scenario: Scenario) {
    if (scenario.box) {
      const b = scenario.box;
      this.box = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(b.x, -b.y).setCanSleep(false));
      world.createCollider(RAPIER.ColliderDesc.cuboid(b.w / 2, b.h / 2).setDensity(b.mass / (b.w * b.h)).setFriction(0.5), this.box);
    }
    if (scenario.runner) {
      const p = scenario.runner;
      this.runner = world.createRigidBody(
        RAPIER.RigidBodyDesc.dynamic().setTranslation(p.x, -p.y).setLinvel(p.vx, -p.vy).lockRotations().setCanSleep(false).setCcdEnabled(true),
      );
      world.createCollider(RAPIER.ColliderDesc.cuboid(p.w / 2, p.h / 2).setDensity(p.mass / (p.w * p.h)).setFriction(0.5), this.runner);
    }
  }

  read(body: RigidBody | null, out: Float64Array): void {
    if (!body) return;
    const t = body.translation();
    out[0] = t.x;
    out[1] = -t.y;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Impulse-joint chain

interface ChainRope {
  first: RigidBody;
  last: RigidBody;
  segments: RigidBody[];
  halfLength: number;
  targets: Float64Array;
  starts: Float64Array;
  spec: RopeSpec;
}

class RapierChainWorld implements EngineWorld {
  private readonly world: World;
  private readonly ropes: ChainRope[] = [];
  private readonly extras: Extras;
  private jointCount = 0;
  private readonly v = { x: 0, y: 0 };

  constructor(scenario: Scenario, private readonly quality: Quality, withRopeJoint: boolean) {
    this.world = new RAPIER.World({ x: 0, y: -scenario.gravity });
    this.world.numSolverIterations = quality.iterations;
    this.world.timestep = TICK / quality.substeps;
    for (const spec of scenario.ropes) this.ropes.push(this.buildRope(spec, withRopeJoint));
    this.extras = new Extras(this.world, scenario);
    if (this.extras.box) {
      const end = this.ropes[0]!.last;
      const e = end.translation();
      const c = this.extras.box.translation();
      this.world.createImpulseJoint(RAPIER.JointData.revolute({ x: 0, y: 0 }, { x: e.x - c.x, y: e.y - c.y }), end, this.extras.box, true);
      this.jointCount++;
    }
  }

  private buildRope(spec: RopeSpec, withRopeJoint: boolean): ChainRope {
    const world = this.world;
    const n = spec.segments;
    const L = spec.segmentLength;
    const h = L / 2;
    const angle = Math.atan2(-spec.dirY, spec.dirX);
    const px = (i: number): number => spec.x + spec.dirX * L * i;
    const py = (i: number): number => -(spec.y + spec.dirY * L * i);
    const node = (i: number, pinned: boolean, mass: number): RigidBody => {
      const desc = pinned ? RAPIER.RigidBodyDesc.kinematicPositionBased() : RAPIER.RigidBodyDesc.dynamic();
      desc.setTranslation(px(i), py(i)).setCanSleep(false);
      // A point mass: the joint acts at its centre, so its rotation is irrelevant (locked).
      if (!pinned) desc.setAdditionalMass(mass).lockRotations();
      return world.createRigidBody(desc);
    };
    const first = node(0, spec.pinFirst, spec.particleMass);
    const last = node(n, spec.pinLast, spec.endMass);
    const segments: RigidBody[] = [];
    const m = spec.particleMass;
    for (let i = 0; i < n; i++) {
      const desc = RAPIER.RigidBodyDesc.dynamic()
        .setTranslation((px(i) + px(i + 1)) / 2, (py(i) + py(i + 1)) / 2)
        .setRotation(angle)
        .setAdditionalMassProperties(m, { x: 0, y: 0 }, (m * L * L) / 12)
        .setCanSleep(false);
      segments.push(world.createRigidBody(desc));
    }
    for (let i = 0; i <= n; i++) {
      const a = i === 0 ? first : segments[i - 1]!;
      const b = i === n ? last : segments[i]!;
      const anchorA = i === 0 ? { x: 0, y: 0 } : { x: h, y: 0 };
      const anchorB = i === n ? { x: 0, y: 0 } : { x: -h, y: 0 };
      world.createImpulseJoint(RAPIER.JointData.revolute(anchorA, anchorB), a, b, true);
      this.jointCount++;
    }
    if (withRopeJoint) {
      world.createImpulseJoint(RAPIER.JointData.rope(n * L, { x: 0, y: 0 }, { x: 0, y: 0 }), first, last, true);
      this.jointCount++;
    }
    return { first, last, segments, halfLength: h, ...pinArrays(px(0), py(0), px(n), py(n)), spec };
  }

  step(): void {
    const substeps = this.quality.substeps;
    for (let s = 1; s <= substeps; s++) {
      const a = s / substeps;
      for (const rope of this.ropes) {
        const t = rope.targets;
        const s0 = rope.starts;
        if (rope.spec.pinFirst) {
          this.v.x = s0[0]! + (t[0]! - s0[0]!) * a;
          this.v.y = s0[1]! + (t[1]! - s0[1]!) * a;
          rope.first.setNextKinematicTranslation(this.v);
        }
        if (rope.spec.pinLast) {
          this.v.x = s0[2]! + (t[2]! - s0[2]!) * a;
          this.v.y = s0[3]! + (t[3]! - s0[3]!) * a;
          rope.last.setNextKinematicTranslation(this.v);
        }
      }
      this.world.step();
    }
    for (const rope of this.ropes) rope.starts.set(rope.targets);
  }

  readRope(r: number, out: Float64Array): void {
    const rope = this.ropes[r]!;
    const n = rope.spec.segments;
    const h = rope.halfLength;
    const v = this.v;
    rope.first.translation(v);
    out[0] = v.x;
    out[1] = -v.y;
    for (let i = 1; i < n; i++) {
      // Joint i: the end (+h) of segment i-1 and the start (-h) of segment i, averaged.
      const a = rope.segments[i - 1]!;
      const b = rope.segments[i]!;
      const ra = a.rotation();
      const rb = b.rotation();
      a.translation(v);
      const ax = v.x + h * Math.cos(ra);
      const ay = v.y + h * Math.sin(ra);
      b.translation(v);
      const bx = v.x - h * Math.cos(rb);
      const by = v.y - h * Math.sin(rb);
      out[2 * i] = (ax + bx) / 2;
      out[2 * i + 1] = -(ay + by) / 2;
    }
    rope.last.translation(v);
    out[2 * n] = v.x;
    out[2 * n + 1] = -v.y;
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
    if (i === 0) {
      if (!rope.spec.pinFirst) rope.first.applyImpulse({ x: jx, y: -jy }, true);
    } else if (i === n) {
      if (!rope.spec.pinLast) rope.last.applyImpulse({ x: jx, y: -jy }, true);
    } else {
      // Interior particle i is joint i: split the impulse over the two segments meeting there.
      const half = { x: jx / 2, y: -jy / 2 };
      const a = rope.segments[i - 1]!;
      const b = rope.segments[i]!;
      const h = rope.halfLength;
      const ta = a.translation();
      const ra = a.rotation();
      a.applyImpulseAtPoint(half, { x: ta.x + h * Math.cos(ra), y: ta.y + h * Math.sin(ra) }, true);
      const tb = b.translation();
      const rb = b.rotation();
      b.applyImpulseAtPoint(half, { x: tb.x - h * Math.cos(rb), y: tb.y - h * Math.sin(rb) }, true);
    }
  }

  readBox(out: Float64Array): void {
    this.extras.read(this.extras.box, out);
  }

  readRunner(out: Float64Array): void {
    this.extras.read(this.extras.runner, out);
  }

  projectionsPerTick(): number {
    return this.jointCount * this.quality.iterations * this.quality.substeps;
  }

  dispose(): void {
    this.world.free();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Soft-body rope

interface SoftRope {
  body: SoftBody;
  targets: Float64Array;
  starts: Float64Array;
  spec: RopeSpec;
}

class RapierSoftWorld implements EngineWorld {
  private readonly world: World;
  private readonly ropes: SoftRope[] = [];
  private readonly extras: Extras;
  private readonly v = { x: 0, y: 0 };
  private edges = 0;

  /** edgeHertz: null keeps the generator's material; a number sets the edge and bend-edge softness. */
  constructor(scenario: Scenario, private readonly quality: Quality, edgeHertz: number | null) {
    this.world = new RAPIER.World({ x: 0, y: -scenario.gravity });
    this.world.numSolverIterations = quality.iterations;
    this.world.timestep = TICK / quality.substeps;
    let material: SoftBodyMaterial | null = null;
    if (edgeHertz !== null) {
      material = new RAPIER.SoftBodyMaterial();
      material.edgeSoftness = { naturalFrequency: edgeHertz, dampingRatio: 1 };
      material.bendSoftness = { naturalFrequency: edgeHertz, dampingRatio: 1 };
    }
    for (const spec of scenario.ropes) {
      const n = spec.segments;
      const L = spec.segmentLength;
      const x0 = spec.x;
      const y0 = -spec.y;
      const x1 = spec.x + spec.dirX * L * n;
      const y1 = -(spec.y + spec.dirY * L * n);
      const masses = new Float32Array(n + 1).fill(spec.particleMass);
      masses[n] = spec.endMass;
      const pinned: number[] = [];
      if (spec.pinFirst) pinned.push(0);
      if (spec.pinLast) pinned.push(n);
      const desc = RAPIER.SoftBodyDesc.rope({ x: x0, y: y0 }, { x: x1, y: y1 }, n + 1)
        .setMasses(masses)
        .setPinnedParticles(pinned)
        .setTensionOnly()
        .setNoSurfaceCollider()
        .setCanSleep(false);
      if (material) desc.setMaterial(material);
      const body = this.world.createSoftBody(desc);
      this.edges += body.numEdges();
      this.ropes.push({ body, ...pinArrays(x0, y0, x1, y1), spec });
    }
    this.extras = new Extras(this.world, scenario);
    if (this.extras.box) {
      const rope = this.ropes[0]!;
      rope.body.attachParticle(rope.spec.segments, this.extras.box);
    }
  }

  step(): void {
    const substeps = this.quality.substeps;
    for (let s = 1; s <= substeps; s++) {
      const a = s / substeps;
      for (const rope of this.ropes) {
        const t = rope.targets;
        const s0 = rope.starts;
        if (rope.spec.pinFirst) {
          this.v.x = s0[0]! + (t[0]! - s0[0]!) * a;
          this.v.y = s0[1]! + (t[1]! - s0[1]!) * a;
          rope.body.setParticleKinematicTarget(0, this.v);
        }
        if (rope.spec.pinLast) {
          this.v.x = s0[2]! + (t[2]! - s0[2]!) * a;
          this.v.y = s0[3]! + (t[3]! - s0[3]!) * a;
          rope.body.setParticleKinematicTarget(rope.spec.segments, this.v);
        }
      }
      this.world.step();
    }
    for (const rope of this.ropes) rope.starts.set(rope.targets);
  }

  readRope(r: number, out: Float64Array): void {
    const p = this.ropes[r]!.body.particlePositions();
    for (let i = 0; i < p.length; i += 2) {
      out[i] = p[i]!;
      out[i + 1] = -p[i + 1]!;
    }
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
    const body = this.ropes[r]!.body;
    if (body.isParticlePinned(i)) return;
    body.applyParticleImpulse(i, { x: jx, y: -jy }, true);
  }

  readBox(out: Float64Array): void {
    this.extras.read(this.extras.box, out);
  }

  readRunner(out: Float64Array): void {
    this.extras.read(this.extras.runner, out);
  }

  projectionsPerTick(): number {
    // Every edge (structural and bend) is one constraint per solver iteration.
    return this.edges * this.quality.iterations * this.quality.substeps;
  }

  dispose(): void {
    this.world.free();
  }
}

export const rapierImpulseChain: EngineAdapter = {
  name: 'rapier-impulse-chain',
  version: VERSION,
  defaults: { substeps: 1, iterations: 4 },
  init,
  build: (scenario, quality) => new RapierChainWorld(scenario, quality, false),
};

export const rapierRopeJoint: EngineAdapter = {
  name: 'rapier-rope-joint',
  version: VERSION,
  defaults: { substeps: 1, iterations: 4 },
  init,
  build: (scenario, quality) => new RapierChainWorld(scenario, quality, true),
};

export const rapierSoftRope: EngineAdapter = {
  name: 'rapier-soft-rope',
  version: VERSION,
  defaults: { substeps: 1, iterations: 4 },
  init,
  build: (scenario, quality) => new RapierSoftWorld(scenario, quality, null),
};

export const rapierSoftRopeStiff: EngineAdapter = {
  name: 'rapier-soft-rope-stiff',
  version: VERSION,
  defaults: { substeps: 1, iterations: 4 },
  init,
  build: (scenario, quality) => new RapierSoftWorld(scenario, quality, 10_000),
};

export const adapters: EngineAdapter[] = [rapierImpulseChain, rapierRopeJoint, rapierSoftRope, rapierSoftRopeStiff];
export const adapter = rapierImpulseChain;
