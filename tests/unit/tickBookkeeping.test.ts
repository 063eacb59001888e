// What every tick keeps besides the physics: the draw positions the renderer interpolates from
// (copied as one block, drawPoses.ts) and the worst stretch the F3 overlay shows (measured when
// asked, worldMaxStretch: issue 17 took both out of the tick's loops).
import { describe, expect, it } from 'vitest';
import { captureState, createSimWorld, hashWorld, restoreState, ropeMaxStretch, step, worldMaxStretch, type SimWorld } from '../../src/sim';
import { SHORT_RUN } from '../../src/sim/drawPoses';
import { flatWorld, ropeYardDef } from '../../tools/scenarios/worlds';
import { createInputFuzzer } from '../../tools/scenarios/inputs';

/** Every particle's position, in the query's order. */
function places(world: SimWorld): number[] {
  return Array.from(world.queries.particles.dense).flatMap((i) => [world.particle.x[i], world.particle.y[i]]);
}

function drawPlaces(world: SimWorld): number[] {
  return Array.from(world.queries.particles.dense).flatMap((i) => [world.particle.drawX[i], world.particle.drawY[i]]);
}

function activeRopes(world: SimWorld): number[] {
  return Array.from(world.queries.ropes.dense).filter((r) => world.rope.isActive[r] === 1);
}

/** How many particle ids the draw copy spans (drawPoses.ts copies up to SHORT_RUN in a loop, more with copyWithin). */
function idSpan(world: SimWorld): number {
  const ids = world.queries.particles.dense;
  return ids[ids.length - 1] + 1 - ids[0];
}

describe('the tick\'s bookkeeping', () => {
  it('a world of a few particles (copied in a loop) is drawn from where the previous tick left it, every tick', () => {
    const world = flatWorld(5, 8, 6);
    expect(idSpan(world)).toBeLessThanOrEqual(SHORT_RUN);
    const fuzz = createInputFuzzer(3);
    const inputs = [0, 0];
    let moved = 0;
    for (let t = 0; t < 600; t++) {
      const before = places(world);
      fuzz(inputs);
      step(world, inputs);
      expect(drawPlaces(world)).toEqual(before);
      if (places(world).some((v, k) => v !== before[k])) moved++;
    }
    expect(moved).toBeGreaterThan(300);
  });

  it('every particle is drawn from where the previous tick left it, every tick, ropes snapping included', () => {
    const world = createSimWorld(ropeYardDef());
    expect(idSpan(world)).toBeGreaterThan(SHORT_RUN); // copied with copyWithin
    const fuzz = createInputFuzzer(7);
    const inputs = [0, 0];
    let snapped = 0;
    for (let t = 0; t < 600; t++) {
      const before = places(world);
      const ropes = activeRopes(world).length;
      fuzz(inputs);
      step(world, inputs);
      if (activeRopes(world).length !== ropes) snapped++;
      expect(drawPlaces(world)).toEqual(before);
    }
    // The yard's rope snaps (its halves take the spare particles) and particles move every tick.
    expect(snapped).toBeGreaterThan(0);
    expect(places(world)).not.toEqual(drawPlaces(world));
  });

  it('the worst stretch is measured when asked: every active rope\'s largest, and a segment pulled by hand at once', () => {
    const world = createSimWorld(ropeYardDef());
    for (let t = 0; t < 120; t++) step(world, [0, 0]);
    const worst = () => Math.max(0, ...activeRopes(world).map((r) => ropeMaxStretch(world, r)));
    expect(worldMaxStretch(world)).toBe(worst());
    // Pull one particle of the last rope 3 cm along its segment: no tick needed to read it.
    const r = activeRopes(world).at(-1)!;
    const i = world.rope.first[r] + 1;
    const dx = world.particle.x[i + 1] - world.particle.x[i];
    const dy = world.particle.y[i + 1] - world.particle.y[i];
    const d = Math.hypot(dx, dy);
    world.particle.x[i + 1] += (0.03 * dx) / d;
    world.particle.y[i + 1] += (0.03 * dy) / d;
    expect(worldMaxStretch(world)).toBe(worst());
    expect(worldMaxStretch(world)).toBeGreaterThanOrEqual((d + 0.03) / world.particle.rest[i] - 1 - 1e-12);
  });

  it('a snapshot and the hash hold each position once: a world restored from one steps to the same hash', () => {
    const world = createSimWorld(ropeYardDef());
    for (let t = 0; t < 90; t++) step(world, [0, 0]);
    const snap = captureState(world);
    const arrays = snap.arrays.length;
    for (let t = 0; t < 90; t++) step(world, [0, 0]);
    const later = hashWorld(world);
    restoreState(world, snap);
    for (let t = 0; t < 90; t++) step(world, [0, 0]);
    expect(hashWorld(world)).toBe(later);
    // x, y, drawX and drawY are views of one block; the block itself is not a fifth array.
    expect(snap.arrays.filter((a) => a.length === 4 * world.particle.x.length)).toEqual([]);
    expect(captureState(world).arrays).toHaveLength(arrays);
  });
});
