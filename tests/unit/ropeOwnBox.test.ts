// A rope does not pass through the box it is tied to (issue: "boxes collide with the far half of
// their own snapped rope"). The ground truth is the crate's rectangle, from its position and its
// orientation (rotC, rotS): no particle of the rope lies inside it, except those so close to the
// tie, along the rope, that they may have to be. For a rope with a free end tied on the middle of
// the top side that is the tie particle alone (the next one is a whole segment away, and outside
// is in reach); for a tie at the centre, or a rope tied at both ends (see measureTiedExempt in
// collideRope.ts), every particle within the tie's distance from the crate's farthest corner
// (grown by the particle radius): beyond it a particle can be outside whichever way the rope leaves.
import { describe, expect, it } from 'vitest';
import { PARTICLE_RADIUS, SimEvent, boxEntity, createSimWorld, readEvents, step, type SimWorld } from '../../src/sim';
import { labDef } from '../../tools/scenarios/worlds';
import { isAllFinite, mechanicalEnergy, substepOf } from './measure';

const SIZE = 1; // the crates are SIZE x SIZE
const HALF = SIZE / 2;
const R = PARTICLE_RADIUS;
/** Arc length from the tie within which a particle may lie inside the crate, m. */
const EXEMPT = {
  freeTop: 0,
  centre: Math.hypot(HALF + R, HALF + R),
  tiedBothTop: Math.hypot(HALF + R, SIZE + R),
};
/** How far a particle's centre may be found inside (beyond the allowance for a pinched one), m: half its radius. */
const TOLERANCE = R / 2;
const ANCHOR = { x: 20, y: 6 };
const FLOOR = 22; // labDef's floor, y


/** Box-frame coordinates of the world point (x, y) for box b. */
function toBox(w: SimWorld, b: number, x: number, y: number): [number, number] {
  const dx = x - w.body.x[b];
  const dy = y - w.body.y[b];
  return [dx * w.body.rotC[b] + dy * w.body.rotS[b], -dx * w.body.rotS[b] + dy * w.body.rotC[b]];
}

/**
 * How deep the deepest particle of rope r (tied to box b at its end B) farther than `exempt` along
 * it from the tie lies inside b, m (< 0: none inside).
 */
function deepestInside(w: SimWorld, r: number, b: number, exempt: number): number {
  const { rope, particle } = w;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  let arc = 0;
  let deepest = -Infinity;
  for (let i = last - 1; i >= first; i--) {
    arc += particle.rest[i];
    if (arc <= exempt) continue;
    const [u, v] = toBox(w, b, particle.x[i], particle.y[i]);
    // A crate rests on the stone, not on a rope (box contacts do not know ropes), so a particle
    // between the crate and the floor may be pressed into the crate by its diameter.
    const isPinched = particle.y[i] >= FLOOR - 2 * R;
    const depth = Math.min(HALF - Math.abs(u), HALF - Math.abs(v)) - (isPinched ? 2 * R : 0);
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

interface Run { world: SimWorld; box: number; rope: number }

/** A 30 kg crate under the anchor on a 5 m rope tied at `tieY` that snaps at once (300 N, a quarter of its weight). */
function snappingCrate(tieY: number, vx: number, omega: number): Run & { spare: number } {
  const world = createSimWorld(labDef({
    width: 40, height: 24, anchors: [ANCHOR],
    boxes: [{ x: ANCHOR.x, y: ANCHOR.y + 5 - tieY, w: SIZE, h: SIZE, mass: 30, vx }],
    ropes: [{ a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: 0, y: tieY }, length: 5, segments: 10, breakTension: 300 }],
  }));
  const box = boxEntity(world, 0);
  world.body.omega[box] = omega;
  const rope = world.queries.ropes.dense.find((r) => world.rope.bodyB[r] === box)!;
  return { world, box, rope, spare: world.rope.spare[rope] };
}

/** A 20 kg crate hanging on a 6 m rope tied at `tieY`, thrown (vx, vy) and spun. */
function thrownCrate(tieY: number, vx: number, vy: number, omega: number): Run {
  const world = createSimWorld(labDef({
    width: 40, height: 24, anchors: [ANCHOR],
    boxes: [{ x: ANCHOR.x, y: ANCHOR.y + 6 - tieY, w: SIZE, h: SIZE, mass: 20, vx, vy }],
    ropes: [{ a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: 0, y: tieY }, length: 6, segments: 12 }],
  }));
  const box = boxEntity(world, 0);
  world.body.omega[box] = omega;
  return { world, box, rope: world.queries.ropes.dense.find((r) => world.rope.bodyB[r] === box)! };
}

/** A 20 kg crate on the floor (y 22) under an anchor at (20, anchorY), on a slack `length` m rope tied at its top, pushed and spun. */
function crateUnderSlackRope(anchorY: number, length: number, vx: number, omega: number): Run {
  const world = createSimWorld(labDef({
    width: 40, height: 24, anchors: [{ x: 20, y: anchorY }],
    boxes: [{ x: 20, y: 22 - HALF, w: SIZE, h: SIZE, mass: 20, vx }],
    ropes: [{ a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: 0, y: -HALF }, length, segments: 2 * length }],
  }));
  const box = boxEntity(world, 0);
  world.body.omega[box] = omega;
  return { world, box, rope: world.queries.ropes.dense.find((r) => world.rope.bodyB[r] === box)! };
}

const SNAPS = [[0, 0], [6, 0], [-4, 8]] as const; // push (m/s), spin (rad/s)
const THROWS = [[10, -15, 10], [14, -14, 0], [0, -20, 20], [-12, -5, -15], [-6, -18, 12], [8, -20, -25]] as const; // vx, vy (m/s), spin
const HEAPS = [[14, 10, 0, 0], [14, 10, 6, 0], [12, 12, 4, 10], [16, 9, -5, 6]] as const; // anchor y, length (m), push (m/s), spin

describe('a rope and the box it is tied to', () => {
  it('a snapped crate rope: for 3 s the far half stays outside its crate, every tick', () => {
    for (const tie of ['top', 'centre'] as const) {
      for (const [vx, omega] of SNAPS) {
        const { world, box, spare } = snappingCrate(tie === 'top' ? -HALF : 0, vx, omega);
        let isSnapped = false;
        let cursor = 0;
        for (let t = 0; t < 60 && !isSnapped; t++) {
          step(world, [0, 0]);
          cursor = readEvents(world.events, cursor, (type) => { if (type === SimEvent.RopeSnapped) isSnapped = true; });
        }
        expect(isSnapped).toBe(true);
        let deepest = deepestInside(world, spare, box, tie === 'top' ? EXEMPT.freeTop : EXEMPT.centre);
        for (let t = 0; t < 180; t++) {
          step(world, [0, 0]);
          deepest = Math.max(deepest, deepestInside(world, spare, box, tie === 'top' ? EXEMPT.freeTop : EXEMPT.centre));
        }
        console.log(`snapped, tied at the ${tie}, push ${vx} m/s, spin ${omega}: deepest particle ${deepest.toFixed(3)} m inside`);
        expect(deepest).toBeLessThan(TOLERANCE);
      }
    }
  });

  it('a crate pushed and tumbling under a slack rope tied at its top: the rope heaped on it stays outside', () => {
    for (const [anchorY, length, vx, omega] of HEAPS) {
      const { world, box, rope } = crateUnderSlackRope(anchorY, length, vx, omega);
      let deepest = -Infinity;
      for (let t = 0; t < 300; t++) {
        step(world, [0, 0]);
        deepest = Math.max(deepest, deepestInside(world, rope, box, EXEMPT.tiedBothTop));
      }
      console.log(`slack rope from y ${anchorY}, ${length} m, push ${vx} m/s, spin ${omega}: deepest particle ${deepest.toFixed(3)} m inside`);
      expect(deepest).toBeLessThan(TOLERANCE);
    }
  });

  it('tied at the centre, thrown and tumbling: the rope beyond the half-diagonal stays outside', () => {
    for (const [vx, vy, omega] of THROWS) {
      const { world, box, rope } = thrownCrate(0, vx, vy, omega);
      let deepest = -Infinity;
      for (let t = 0; t < 600; t++) {
        step(world, [0, 0]);
        deepest = Math.max(deepest, deepestInside(world, rope, box, EXEMPT.centre));
      }
      console.log(`thrown (${vx}, ${vy}) m/s, spin ${omega}, tied at the centre: deepest particle ${deepest.toFixed(3)} m inside`);
      expect(deepest).toBeLessThan(TOLERANCE);
    }
  });

  it('a plug that landed on its snapped rope stays where it lies (no creep)', () => {
    // A 1.8 x 0.8 plug on a crane's rope, tied at its top, snaps at once and slides onto its rope.
    for (const [vx, tieY] of [[2, -0.4], [2, 0], [-3, 0]] as const) {
      const world = createSimWorld(labDef({
        width: 40, height: 24, anchors: [{ x: 20, y: 8 }],
        boxes: [{ x: 20, y: 15 - tieY, w: 1.8, h: 0.8, mass: 30, vx }],
        ropes: [{ a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: 0, y: tieY }, length: 7, segments: 14, breakTension: 300 }],
      }));
      const box = boxEntity(world, 0);
      for (let t = 0; t < 120; t++) step(world, [0, 0]);
      const [x0, y0] = [world.body.x[box], world.body.y[box]];
      for (let t = 0; t < 600; t++) step(world, [0, 0]);
      const moved = Math.hypot(world.body.x[box] - x0, world.body.y[box] - y0);
      console.log(`plug tied at y ${tieY}, pushed ${vx} m/s: moved ${(moved * 1000).toFixed(1)} mm from 2 s to 12 s, resting at y ${world.body.y[box].toFixed(3)} (on the floor: 21.600)`);
      expect(moved).toBeLessThan(0.005);
    }
  });

  it('nothing gains energy or explodes', () => {
    // The energy is sampled from positions (measure.ts), and box contacts are not energy-tight yet
    // (rope-physics.md, known limits): the bound is 1 % of the crate's kinetic energy at the start
    // plus 2 J, which a rope fighting its own crate broke by 876 J; most runs stay within 1 J.
    const g = 40;
    const runs: Array<[string, Run, number]> = [];
    for (const [vx, omega] of SNAPS) runs.push([`snapped, push ${vx}, spin ${omega}`, snappingCrate(-HALF, vx, omega), 0.5 * 30 * vx * vx + (30 / 12) * omega * omega]);
    for (const [vx, vy, omega] of THROWS) {
      const kinetic = 0.5 * 20 * (vx * vx + vy * vy) + (20 / 12) * omega * omega;
      runs.push([`thrown (${vx}, ${vy}), spin ${omega}, tied at the top`, thrownCrate(-HALF, vx, vy, omega), kinetic]);
      runs.push([`thrown (${vx}, ${vy}), spin ${omega}, tied at the centre`, thrownCrate(0, vx, vy, omega), kinetic]);
    }
    let fastest = 0;
    for (const [name, { world }, kinetic] of runs) {
      const h = substepOf(world);
      step(world, [0, 0]); // the first tick gives the crate its push (a velocity is a move over a substep)
      const start = mechanicalEnergy(world, g, 0);
      let gain = -Infinity;
      for (let t = 1; t < 600; t++) {
        step(world, [0, 0]);
        expect(isAllFinite(world)).toBe(true);
        gain = Math.max(gain, mechanicalEnergy(world, g, 0) - start);
        const { particle, rope } = world;
        for (const r of world.queries.ropes.dense) {
          if (rope.isActive[r] === 0 || r === world.tetherRope) continue;
          for (let i = rope.first[r]; i < rope.first[r] + rope.count[r]; i++) {
            if (particle.invMass[i] === 0) continue; // a tied end: where its body is
            fastest = Math.max(fastest, Math.hypot(particle.x[i] - particle.prevX[i], particle.y[i] - particle.prevY[i]) / h);
          }
        }
      }
      console.log(`${name}: at most ${gain.toFixed(2)} J above the start (bound ${(0.01 * kinetic + 2).toFixed(0)} J)`);
      expect(gain).toBeLessThan(0.01 * kinetic + 2);
    }
    // A whipped rope end outruns its crate, so the bound is twice the fastest throw plus a fall
    // through the whole room.
    console.log(`fastest particle ${fastest.toFixed(1)} m/s`);
    expect(fastest).toBeLessThan(2 * (Math.hypot(8, 20) + Math.sqrt(2 * g * 24)));
  });
});
