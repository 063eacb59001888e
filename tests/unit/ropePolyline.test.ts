// The rope's honest polyline (traceRopePolyline): a rope bent round a corner runs through that
// corner, not along the chord between the particles on either side of it. Guards against drawing
// or checking the bare particle chain of a bent rope, which cuts the corner through the stone.
import { describe, expect, it } from 'vitest';
import { MAX_WRAPS, createSimWorld, levelRopes, step, traceRopePolyline, type SimWorld } from '../../src/sim';
import { segmentDepth } from '../../tools/scenarios/ropeDepth';
import { labDef } from '../../tools/scenarios/worlds';

/** A 5.5 m rope from an anchor on a slab (row 6, x 0..12), 2.16 m from its edge, to a crate hanging past its end, at rest. */
function slung(): { world: SimWorld; r: number } {
  const world = createSimWorld(labDef({
    width: 40, height: 30,
    solids: Array.from({ length: 12 }, (_, c) => [c, 6] as [number, number]),
    anchors: [{ x: 9.9, y: 5.5 }],
    boxes: [{ x: 12.6, y: 9, w: 0.6, h: 0.6, mass: 20 }],
    ropes: [{ a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: 0, y: -0.3 }, length: 5.5, segments: 24 }],
    physics: { ropeWrap: true, airDrag: 1 },
  }));
  for (let t = 0; t < 600; t++) step(world, [0, 0]);
  return { world, r: levelRopes(world)[0] };
}

describe('traceRopePolyline', () => {
  it('inserts the corner between the two particles whose arc lengths straddle it', () => {
    const { world, r } = slung();
    const { particle, rope, wrap } = world;
    // At rest under the slab's edge (12, 6); a second pivot in line below it, (12, 7), comes and goes.
    expect(wrap.x[r * MAX_WRAPS]).toBe(12);
    expect(wrap.y[r * MAX_WRAPS]).toBe(6);
    const line = traceRopePolyline(world, r);
    expect(line.count).toBe(rope.count[r] + wrap.count[r]);
    const k = line.isPivot.subarray(0, line.count).indexOf(1);
    expect([line.x[k], line.y[k]]).toEqual([12, 6]);
    // Arc lengths from end A of the particles before and after it straddle the corner's.
    const first = rope.first[r];
    let arcBefore = 0;
    for (let i = first; i < first + k - 1; i++) arcBefore += particle.rest[i];
    const arcAfter = arcBefore + particle.rest[first + k - 1];
    expect(arcBefore).toBeLessThan(wrap.spanA[r]);
    expect(arcAfter).toBeGreaterThanOrEqual(wrap.spanA[r]);
    // Every other point is the next particle of the chain, in order.
    let i = first;
    for (let q = 0; q < line.count; q++) {
      if (line.isPivot[q] === 1) continue;
      expect([line.x[q], line.y[q]]).toEqual([particle.x[i], particle.y[i]]);
      i++;
    }
    expect(i).toBe(first + rope.count[r]);
  });

  it('stays out of the stone where the bare chain cuts the corner', () => {
    const { world, r } = slung();
    const { particle, rope, grid } = world;
    const first = rope.first[r];
    let bare = 0;
    for (let i = first; i < first + rope.count[r] - 1; i++) {
      bare = Math.max(bare, segmentDepth(grid, particle.x[i], particle.y[i], particle.x[i + 1], particle.y[i + 1]));
    }
    const line = traceRopePolyline(world, r);
    let traced = 0;
    for (let q = 0; q + 1 < line.count; q++) traced = Math.max(traced, segmentDepth(grid, line.x[q], line.y[q], line.x[q + 1], line.y[q + 1]));
    console.log(`rope over a slab's edge: bare chain ${(bare * 100).toFixed(2)} cm into the stone, polyline ${(traced * 100).toFixed(2)} cm`);
    expect(bare).toBeGreaterThan(0.005);
    expect(traced).toBeLessThan(0.001);
  });
});
