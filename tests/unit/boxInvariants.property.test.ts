// Property tests (fast-check) for boxes (issue 14's invariants): random small scenes of 2-6 crates
// (0.4-1.5 m, 1-50 kg, random angle, push up to 6 m/s and spin), some hanging on ropes from anchors,
// some resting on the floor, on a shelf or on each other (up to two crates stacked), some thrown;
// the players stand still at the far left. Asserted after every one of 300 ticks, over 40 runs with
// a fixed seed (~10 s alone; minutes under a loaded machine, hence the long timeout; FC_SEED
// explores others):
// - no body (box or player) faster than a free fall from the top of the room plus the largest
//   push, sqrt(2 g H) + max |v0| (at most 76 % of it);
// - no two boxes more than 20 mm inside each other (10x the 2 mm contact slop of boxBoxes.ts, twice
//   its 1 cm impact depth). While box-box friction was bounded per pass (up to 8 x mu in a
//   substep), a 12 kg crate landing at 25 m/s on the edge of a 2 kg crate on a 1 kg one ended
//   24.7 mm inside it; bounded over all passes, 15.4 mm (the same crate on the same stack); since
//   stacks rest (boxBoxes.ts: a contact's two points pushed together, the stone's friction Coulomb
//   over the whole substep) the worst over these 40 is 4.2 mm.
//
// Energy (boxes' linear + rotational kinetic + potential, players, the particles of ropes solved as
// chains; measure.ts's `modelEnergy`: a lighter rope is solved massless, so its particles' speed is no energy
// of the model) never above its lowest value until 10 ticks before by more than
// - contact noise, 1.5 g^2 h^2 per kg of box: a resting crate sinks g h^2 into its contact each
//   substep and is pushed back out, and where in that band a tick ends, with what speed, is noise
//   (0.26 J for a 25 kg crate at 8 substeps); the 10 ticks let an impact's push-out store a little
//   energy for a tick or two;
// - and the integrator's drift, 0.5 % of the largest kinetic energy so far (BOUNDS.driftShare):
//   tumbling crates jerked on their ropes and towers turning off shelves drift by up to 0.35 % of
//   it at 8 substeps, and the drift shrinks with the substep (a falling tower: 1.74, 0.72, 0.32 J
//   at 8, 16, 32 substeps, asserted below), where a contact that made energy would make it at any
//   substep.
// ASSERTED over both kinds of scene (2026-11-30); loose crates (below) still under the stricter
// bound they held before: contact noise alone, every rope particle counted (worst 52 % of it). Over 200 full scenes of each of the seeds
// 20261125, 1, 2 and 3: 0, 0, 0 and 1 break it. The one (seed 3, scene 162): a 1 kg crate thrown
// down on a rope solved as a chain (its rope weighs half as much as the crate) jerks it taut, and
// the chain's particles read 8 J more for 4 ticks, then give it back: a heavy chain's jerk.
// Found with this measure and fixed (tests/unit/ropeEnergy.test.ts): seed 3's scene 153, a taut
// light rope swept through a hanging crate, pushed it out 8 times a tick and the crates gained
// 340 J. Earlier (measured then over 200 scenes with every rope particle counted and no drift
// share: 9 break it, worst 28x the contact noise, before that 15, 20 and 111x):
// - the energy measure itself: 10 J of the tumbling plank's 12.5 J rise in a tick was a crate
//   whipped from falling at 5 m/s to rising at 5 m/s, read with the velocity half a substep back;
// - a crate tipping over on a corner of its bottom gained energy from the corner's push (at the
//   arm at the end of the substep: +2.9 J for 48 kg, 1 m, from 40 degrees; now at the arm at its
//   start, 0.15 J; tests/unit/boxTipEnergy.test.ts);
// - towers, a narrow crate under a heavy one rocking ever wider, ~0.04 J a tick: the bottom crate
//   had almost no floor friction in the friction passes (tests/unit/boxContacts.test.ts "a stack
//   rests").
// runScene's `checks` turn the energy check on; FC_SHRINK=1 shrinks a failure (slow: minutes).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DT, boxEntity, createSimWorld, playerEntity, rectOverlapsSolid, step,
  type AnchorDef, type BoxDef, type RopeDef, type SimWorld, type WorldDef,
} from '../../src/sim';
import { labDef } from '../../tools/scenarios/worlds';
import { modelEnergy } from './measure';

const SEED = Number(process.env.FC_SEED ?? 20_261_125);
const TICKS = 300;
/** The room: 30 x 16 tiles, floor surface at y = 14; slots for boxes from x = 6 (players at 1.5, 3). */
const WIDTH = 30;
const HEIGHT = 16;
const FLOOR_Y = 14;
const SLOT_X0 = 6;
const SLOT_W = 3;

type Placement = 'hanging' | 'floor' | 'shelf' | 'thrown';

interface CrateSpec {
  w: number; h: number; mass: number;
  /** Start angle, rad; push, m/s; spin, rad/s. */
  angle: number; vx: number; vy: number; omega: number;
  placement: Placement;
  /** Crates stacked on this one (resting placements only): each with its own size and mass. */
  stack: Array<{ w: number; h: number; mass: number; dx: number }>;
  /** hanging: rope length, m; rope angle from vertical, rad; tie point along the top, -1..1. */
  ropeLength: number; ropeAngle: number; tie: number;
  /** shelf: height of the shelf's top above the floor, tiles. */
  shelfRows: number;
}

const size = fc.double({ min: 0.4, max: 1.5, noNaN: true });
const mass = fc.double({ min: 1, max: 50, noNaN: true });
const PLACEMENTS: readonly Placement[] = ['hanging', 'floor', 'shelf', 'thrown'];
const crateWithStack = (maxStack: number, placements = PLACEMENTS): fc.Arbitrary<CrateSpec> => fc.record({
  w: size, h: size, mass,
  angle: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
  vx: fc.double({ min: -6, max: 6, noNaN: true }),
  vy: fc.double({ min: -6, max: 6, noNaN: true }),
  omega: fc.double({ min: -6, max: 6, noNaN: true }),
  placement: fc.constantFrom<Placement>(...placements),
  stack: fc.array(fc.record({ w: size, h: size, mass, dx: fc.double({ min: -0.3, max: 0.3, noNaN: true }) }), { maxLength: maxStack }),
  ropeLength: fc.double({ min: 1.5, max: 5, noNaN: true }),
  ropeAngle: fc.double({ min: -1.2, max: 1.2, noNaN: true }),
  tie: fc.double({ min: -1, max: 1, noNaN: true }),
  shelfRows: fc.integer({ min: 3, max: 6 }),
});
const scene = fc.array(crateWithStack(2), { minLength: 2, maxLength: 6 });
/** Loose crates: no ropes, none stacked at the start (thrown ones may land on the others). */
const looseScene = fc.array(crateWithStack(0, ['floor', 'shelf', 'thrown']), { minLength: 2, maxLength: 6 });

/** The level of a scene: each crate in its own 3 m slot, so nothing overlaps at the start. */
function sceneDef(specs: readonly CrateSpec[], substeps?: number): WorldDef {
  const boxes: BoxDef[] = [];
  const anchors: AnchorDef[] = [];
  const ropes: RopeDef[] = [];
  const solids: Array<[number, number]> = [];
  specs.forEach((s, k) => {
    const cx = SLOT_X0 + k * SLOT_W + SLOT_W / 2;
    const rot = { rotC: Math.cos(s.angle), rotS: Math.sin(s.angle) };
    if (s.placement === 'hanging') {
      // Anchor at y = 2; the box's top-side tie point on the rope's circle (rope straight, not stretched).
      const ax = cx;
      const ay = 2;
      const tieX = (s.tie * s.w) / 2;
      const tx = ax + Math.sin(s.ropeAngle) * s.ropeLength;
      const ty = ay + Math.cos(s.ropeAngle) * s.ropeLength;
      // Box upright on its rope's line, with its tie point at (tx, ty); the push swings it.
      const c = Math.cos(s.ropeAngle);
      const sn = -Math.sin(s.ropeAngle);
      const lx = tieX;
      const ly = -s.h / 2;
      boxes.push({ x: tx - (c * lx - sn * ly), y: ty - (sn * lx + c * ly), w: s.w, h: s.h, mass: s.mass, rotC: c, rotS: sn, vx: s.vx, vy: s.vy });
      anchors.push({ x: ax, y: ay });
      ropes.push({ a: { kind: 'anchor', anchor: anchors.length - 1 }, b: { kind: 'box', box: boxes.length - 1, x: tieX, y: -s.h / 2 }, length: s.ropeLength * 1.0001, segments: 8 });
      return;
    }
    if (s.placement === 'thrown') {
      boxes.push({ x: cx, y: 4, w: s.w, h: s.h, mass: s.mass, ...rot, vx: s.vx, vy: s.vy });
      return;
    }
    // Resting: upright on the floor or on a 3-tile shelf, the stack on top, each 1 cm above the one below.
    let surface = FLOOR_Y;
    if (s.placement === 'shelf') {
      surface = FLOOR_Y - s.shelfRows;
      const c0 = Math.floor(cx) - 1;
      for (let c = c0; c <= c0 + 2; c++) solids.push([c, surface]);
    }
    boxes.push({ x: cx, y: surface - s.h / 2, w: s.w, h: s.h, mass: s.mass });
    let top = surface - s.h;
    for (const u of s.stack) {
      boxes.push({ x: cx + u.dx, y: top - 0.01 - u.h / 2, w: u.w, h: u.h, mass: u.mass });
      top -= 0.01 + u.h;
    }
  });
  return labDef({ width: WIDTH, height: HEIGHT, floorRow: FLOOR_Y, solids, anchors, boxes, ropes, physics: substeps ? { substeps } : {} });
}

/** Spin given to the thrown and hanging crates (BoxDef has no angular velocity). */
function spin(world: SimWorld, specs: readonly CrateSpec[]): void {
  let k = 0;
  for (const s of specs) {
    if (s.placement === 'thrown') world.body.omega[boxEntity(world, k)] = s.omega;
    k += s.placement === 'hanging' || s.placement === 'thrown' ? 1 : 1 + s.stack.length;
  }
}

// ---- What is measured -----------------------------------------------------------------------

/** Scratch corners of a box: x0 y0 .. x3 y3. */
const cornersA = new Float64Array(8);
const cornersB = new Float64Array(8);

function corners(w: SimWorld, e: number, out: Float64Array): void {
  const { body } = w;
  const c = body.rotC[e];
  const s = body.rotS[e];
  for (let k = 0; k < 4; k++) {
    const lx = (k === 0 || k === 3 ? -1 : 1) * body.halfW[e];
    const ly = (k < 2 ? -1 : 1) * body.halfH[e];
    out[2 * k] = body.x[e] + c * lx - s * ly;
    out[2 * k + 1] = body.y[e] + s * lx + c * ly;
  }
}

/** How deep two boxes' oriented rectangles overlap, m: the least overlap over the four face axes (0 if apart). */
export function penetration(w: SimWorld, a: number, b: number): number {
  corners(w, a, cornersA);
  corners(w, b, cornersB);
  let least = Infinity;
  for (let k = 0; k < 4; k++) {
    const e = k < 2 ? a : b;
    const ax = k % 2 === 0 ? w.body.rotC[e] : -w.body.rotS[e];
    const ay = k % 2 === 0 ? w.body.rotS[e] : w.body.rotC[e];
    let minA = Infinity; let maxA = -Infinity; let minB = Infinity; let maxB = -Infinity;
    for (let j = 0; j < 4; j++) {
      const pa = cornersA[2 * j] * ax + cornersA[2 * j + 1] * ay;
      const pb = cornersB[2 * j] * ax + cornersB[2 * j + 1] * ay;
      minA = Math.min(minA, pa); maxA = Math.max(maxA, pa); minB = Math.min(minB, pb); maxB = Math.max(maxB, pb);
    }
    const overlap = Math.min(maxA, maxB) - Math.max(minA, minB);
    if (overlap <= 0) return 0;
    least = Math.min(least, overlap);
  }
  return least;
}


/** A valid level: at the start no two boxes overlap and no box's bounding box is in a solid tile
 *  (resting crates stand exactly on their surface, so they are judged 1 mm above it). */
function isValidStart(w: SimWorld): boolean {
  const boxes = w.queries.boxes.dense;
  for (let i = 0; i < boxes.length; i++) {
    const e = boxes[i];
    const rx = w.body.halfW[e] * Math.abs(w.body.rotC[e]) + w.body.halfH[e] * Math.abs(w.body.rotS[e]);
    const ry = w.body.halfW[e] * Math.abs(w.body.rotS[e]) + w.body.halfH[e] * Math.abs(w.body.rotC[e]);
    if (rectOverlapsSolid(w.grid, w.body.x[e] - rx, w.body.y[e] - ry, w.body.x[e] + rx, w.body.y[e] + ry - 0.001)) return false;
    for (let j = i + 1; j < boxes.length; j++) if (penetration(w, e, boxes[j]) > 0) return false;
  }
  return true;
}

export interface Worst {
  penetration: number;
  /** Largest rise over the window's lowest energy, as a fraction of the tolerance. */
  energyRise: number;
  /** The same rise, J. */
  energyGain: number;
  /** Largest rise from one tick to the next, J. */
  tickRise: number;
  speedRatio: number;
}

/** Steps a scene TICKS ticks; returns the first broken invariant as a sentence (or null), and updates `worst`. */
export function runScene(specs: readonly CrateSpec[], worst: Worst, checks: { penetration: boolean; energy: boolean }, bounds = BOUNDS, substeps?: number): string | null {
  const w = createSimWorld(sceneDef(specs, substeps));
  spin(w, specs);
  if (!isValidStart(w)) return 'invalid';
  const g = w.settings.gravity;
  const maxPush = Math.max(0, ...specs.map((s) => (s.placement === 'hanging' || s.placement === 'thrown' ? Math.hypot(s.vx, s.vy) : 0)));
  const speedLimit = Math.sqrt(2 * g * HEIGHT) + maxPush;
  const boxes = Array.from(w.queries.boxes.dense);
  const bodies = [...boxes, playerEntity(w, 0), playerEntity(w, 1)];
  // A resting box sinks g h^2 into its contact each substep (gravity) and is pushed back out; where
  // in that band the tick ends, and with what leftover speed (up to g h), is contact noise, not a gain.
  const h = DT / w.settings.substeps;
  let boxMass = 0;
  for (const b of boxes) boxMass += 1 / w.body.invMass[b];
  const energyTolerance = bounds.energySags * 1.5 * boxMass * g * g * h * h;
  // Plus the integrator's own drift, a share of the largest kinetic energy so far (see the top).
  const start = modelEnergy(w, bounds.isModelOnly);
  let peakKinetic = start.kinetic;
  // Compared with the lowest energy up to WINDOW ticks ago: a contact's push-out stores a little
  // energy for a tick or two after an impact (the box is pushed up and comes back), so tick by tick
  // the energy can rise briefly; a gain that lasts (or grows) longer than the window fails.
  const history = new Float64Array(TICKS + 1);
  history[0] = start.total;
  let lowest = history[0];
  for (let t = 0; t < TICKS; t++) {
    step(w, [0, 0]);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const d = penetration(w, boxes[i], boxes[j]);
        worst.penetration = Math.max(worst.penetration, d);
        if (checks.penetration && d > bounds.penetration) return `tick ${t}: boxes ${i} and ${j} ${(d * 1000).toFixed(2)} mm inside each other`;
      }
    }
    const measured = modelEnergy(w, bounds.isModelOnly);
    const e = measured.total;
    history[t + 1] = e;
    if (t + 1 - bounds.windowTicks >= 0) lowest = Math.min(lowest, history[t + 1 - bounds.windowTicks]);
    peakKinetic = Math.max(peakKinetic, measured.kinetic);
    const tolerance = energyTolerance + bounds.driftShare * peakKinetic;
    worst.energyRise = Math.max(worst.energyRise, (e - lowest) / tolerance);
    worst.energyGain = Math.max(worst.energyGain, e - lowest);
    worst.tickRise = Math.max(worst.tickRise, e - history[t]);
    if (checks.energy && e > lowest + tolerance) {
      return `tick ${t}: energy ${e.toFixed(4)} J, ${(e - lowest).toFixed(4)} J above its lowest until ${bounds.windowTicks} ticks before (${lowest.toFixed(4)} J; tolerance ${tolerance.toFixed(4)} J)`;
    }
    for (const b of bodies) {
      const v = Math.hypot(w.body.vx[b], w.body.vy[b]);
      worst.speedRatio = Math.max(worst.speedRatio, v / speedLimit);
      if (v > speedLimit) return `tick ${t}: body ${b} at ${v.toFixed(2)} m/s, above the level's ${speedLimit.toFixed(2)} m/s`;
    }
  }
  return null;
}

export const BOUNDS = { penetration: 0.02, energySags: 1, windowTicks: 10, driftShare: 0.005, isModelOnly: true };
/** Loose crates hold the stricter bound they held before ropes and stacks were asserted: contact
 *  noise alone, every rope particle counted (the players' tether lying on the floor). */
const LOOSE_BOUNDS = { ...BOUNDS, driftShare: 0, isModelOnly: false };

const fail = (problem: string, specs: readonly CrateSpec[]): never => {
  throw new Error(`${problem}\n${JSON.stringify(sceneDef(specs), (k, v) => (k === 'cells' ? undefined : v))}`);
};
const report = (worst: Worst): void => {
  console.log(`box invariants: worst penetration ${(worst.penetration * 1000).toFixed(2)} mm, energy rise ${(worst.energyRise * 100).toFixed(1)} % of the tolerance (tick to tick ${worst.tickRise.toFixed(3)} J), speed ${(worst.speedRatio * 100).toFixed(1)} % of the bound`);
};

describe('box invariants over random scenes', () => {
  // The energy bound over every kind of scene, ropes and stacks too (see the top of this file).
  it('nothing faster than a free fall from the top of the room plus the largest push, no two boxes 20 mm inside each other, the energy never rising beyond contact noise and drift', () => {
    const worst: Worst = { penetration: 0, energyRise: 0, energyGain: 0, tickRise: 0, speedRatio: 0 };
    fc.assert(fc.property(scene, (specs) => {
      const problem = runScene(specs, worst, { penetration: true, energy: true });
      fc.pre(problem !== 'invalid');
      if (problem) fail(problem, specs);
    }), { numRuns: 40, seed: SEED, endOnFailure: process.env.FC_SHRINK !== '1' });
    report(worst);
    expect(worst.penetration).toBeGreaterThan(0.002); // boxes did touch
    expect(worst.penetration).toBeLessThanOrEqual(BOUNDS.penetration);
    expect(worst.speedRatio).toBeGreaterThan(0.2); // and moved
    expect(worst.energyRise).toBeLessThanOrEqual(1);
  }, 180_000);

  it('loose crates (no ropes, none stacked at the start): the energy never rises beyond the contact noise', () => {
    const worst: Worst = { penetration: 0, energyRise: 0, energyGain: 0, tickRise: 0, speedRatio: 0 };
    fc.assert(fc.property(looseScene, (specs) => {
      const problem = runScene(specs, worst, { penetration: true, energy: true }, LOOSE_BOUNDS);
      fc.pre(problem !== 'invalid');
      if (problem) fail(problem, specs);
    }), { numRuns: 40, seed: SEED, endOnFailure: process.env.FC_SHRINK !== '1' });
    report(worst);
    expect(worst.speedRatio).toBeGreaterThan(0.2); // things moved
    expect(worst.energyRise).toBeLessThanOrEqual(1);
  }, 180_000);
});

/** Scene 58 of the fixed seed (fc.sample(scene) with SEED), as generated. */
const TOWER_58: CrateSpec[] = [
  { w: 0.40000000000000024, h: 1.0989914884999405, mass: 3.2613096492129587, angle: 1.130030117070596e-65, vx: 6.974488316670501e-116, vy: 8.279816746734068e-255, omega: 1.617299462115173e-289, placement: 'shelf', stack: [{ w: 0.8794515169625671, h: 1.0603673247179937, mass: 40.43154236905478, dx: -1.3493947438298125e-135 }, { w: 0.7056422971221634, h: 0.6409343024700482, mass: 6.233083491683998, dx: -2.2116688192717908e-248 }], ropeLength: 1.500000000000001, ropeAngle: 2.6501859074283723e-268, tie: -8.4e-323, shelfRows: 4 },
  { w: 0.4644693816814638, h: 0.46022412435992943, mass: 2.9915390296490267, angle: 5.13830317812106e-193, vx: -1.0761659166953598e-212, vy: 7.4e-323, omega: 1.3177188901525974e-31, placement: 'hanging', stack: [{ w: 0.6106920365492996, h: 0.771193466175857, mass: 2.7073803358457775, dx: 1.6782579868977453e-11 }, { w: 1.4999999999999982, h: 0.40000000000000085, mass: 27.926063092220456, dx: 3.053672204705516e-221 }], ropeLength: 3.4886223529604092, ropeAngle: 0, tie: -6e-323, shelfRows: 6 },
  { w: 0.6596200627598783, h: 1.4523654693264465, mass: 5.582032751442854, angle: 1.5e-323, vx: 9.22829667385834e-52, vy: -3.5e-323, omega: -1.5e-323, placement: 'shelf', stack: [{ w: 0.4372310609167259, h: 1.174727557967031, mass: 27.723678936204625, dx: -0.25992905046757975 }, { w: 0.9351695079835805, h: 1.125943549443993, mass: 20.659992993180182, dx: 1.530384469975592e-291 }], ropeLength: 4.999999999999998, ropeAngle: -5e-323, tie: 3.491834882942838e-179, shelfRows: 4 },
];

describe('the drift the energy bound allows', () => {
  it('is the integrator\'s: a falling tower\'s gain shrinks as the substep does', () => {
    // Scene 58 of the fixed seed: towers of three crates on shelves, the top ones falling off and
    // the pairs under them turning off the shelf together. At 8 substeps the energy rose 1.5 J
    // above its lowest (contact noise for its 137 kg: 1.1 J); a contact that made energy would
    // make it at any substep, the integrator's error shrinks with it.
    const tower: CrateSpec[] = TOWER_58;
    const gains = [8, 16, 32].map((substeps) => {
      const worst: Worst = { penetration: 0, energyRise: 0, energyGain: 0, tickRise: 0, speedRatio: 0 };
      expect(runScene(tower, worst, { penetration: false, energy: false }, BOUNDS, substeps)).toBeNull();
      return worst.energyGain;
    });
    console.log(`falling tower: energy up to ${gains.map((x) => x.toFixed(2)).join(', ')} J above its lowest at 8, 16, 32 substeps`);
    expect(gains[0]).toBeGreaterThan(0.5);
    expect(gains[2]).toBeLessThan(gains[0] / 4);
  });
});

describe('the energy measure', () => {
  it('holds still for a crate thrown up and spinning in free flight, the crates on the floor at rest', () => {
    // A 10 kg crate thrown up at 10 m/s, spinning at 3 rad/s, once a 20 kg crate on the floor, the
    // players and the tether have come to rest; until it comes down nothing touches it. Read with
    // the sim's stored velocity (half a substep behind), the same flight lost m g^2 h^2 / 2 a
    // substep: 16.7 J in 60 ticks.
    const w = createSimWorld(labDef({
      width: WIDTH, height: HEIGHT, floorRow: FLOOR_Y,
      boxes: [{ x: 12, y: FLOOR_Y - 0.3, w: 1, h: 0.6, mass: 10 }, { x: 20, y: FLOOR_Y - 0.5, w: 1, h: 1, mass: 20 }],
    }));
    for (let t = 0; t < 120; t++) step(w, [0, 0]);
    const b = boxEntity(w, 0);
    w.body.y[b] = 6;
    w.body.vx[b] = 2;
    w.body.vy[b] = -10;
    w.body.omega[b] = 3;
    const e0 = modelEnergy(w).total;
    let drift = 0;
    for (let t = 0; t < 50; t++) {
      step(w, [0, 0]);
      drift = Math.max(drift, Math.abs(modelEnergy(w).total - e0));
    }
    // The flight itself keeps it to round-off; what is left is the resting crate's, the players'
    // and the tether's contact noise, under one substep's gravity sag of the crates.
    const h = DT / w.settings.substeps;
    const sag = 0.5 * 30 * (w.settings.gravity * h) ** 2;
    console.log(`energy measure: a crate in free flight, 50 ticks: drift ${drift.toExponential(2)} J (one substep's sag of the crates ${sag.toFixed(3)} J)`);
    expect(w.body.y[b]).toBeLessThan(FLOOR_Y - 2); // still in the air
    expect(drift).toBeLessThan(sag);
  });
});
