// Rope segments against tile corners (collideRopeCorners.ts). Guards against a slack rope draped
// over a ledge whose particles are each clear of the stone while the segment joining the last one
// on the top to the first one down the face cuts through the ledge's corner.
import { describe, expect, it } from 'vitest';
import { createSimWorld, levelRopes, step, type SimWorld } from '../../src/sim';
import { segmentDepth } from '../../tools/scenarios/ropeDepth';
import { labDef } from '../../tools/scenarios/worlds';

/** A 3 x 3 block (cells 10..12, rows 10..12: top y 10, right face x 13) and a 3 m rope, 12 segments,
 *  tied 10 cm above its top at x = `tieX`, free end laid out level to the right, past the edge. */
function ledge(tieX: number): { world: SimWorld; r: number } {
  const solids: Array<[number, number]> = [];
  for (let c = 10; c <= 12; c++) for (let row = 10; row <= 12; row++) solids.push([c, row]);
  const world = createSimWorld(labDef({
    width: 30, height: 30, solids,
    ropes: [{ a: { kind: 'point', x: tieX, y: 9.9 }, b: { kind: 'free' }, length: 3, segments: 12 }],
  }));
  const r = levelRopes(world)[0];
  const { particle, rope } = world;
  for (let k = 0; k < rope.count[r]; k++) {
    const i = rope.first[r] + k;
    particle.x[i] = particle.prevX[i] = particle.drawX[i] = tieX + 0.25 * k;
    particle.y[i] = particle.prevY[i] = particle.drawY[i] = 9.9;
  }
  return { world, r };
}

/** Deepest any segment of rope r lies in the stone now, m. */
function ropeDepth(world: SimWorld, r: number): number {
  const { particle, rope } = world;
  let worst = 0;
  for (let i = rope.first[r]; i < rope.first[r] + rope.count[r] - 1; i++) {
    worst = Math.max(worst, segmentDepth(world.grid, particle.x[i], particle.y[i], particle.x[i + 1], particle.y[i + 1]));
  }
  return worst;
}

describe('a slack rope draped over a ledge', () => {
  // Tie points put the corner at different places along the straddling segment.
  for (const tieX of [11, 11.08, 11.16]) {
    it(`falls over the corner and rests on it without cutting it or jittering on it (tied at x ${tieX})`, () => {
      const { world, r } = ledge(tieX);
      let worst = 0;
      for (let t = 0; t < 600; t++) {
        step(world, [0, 0]);
        worst = Math.max(worst, ropeDepth(world, r));
      }
      // At rest on the ledge: the particles on its top and the one on its corner still over the last
      // second (no jitter); the hanging part may still sway a little, clear of the face.
      const { particle, rope } = world;
      const x0 = Float64Array.from(particle.x);
      const y0 = Float64Array.from(particle.y);
      let moved = 0;
      for (let t = 0; t < 60; t++) {
        step(world, [0, 0]);
        worst = Math.max(worst, ropeDepth(world, r));
      }
      for (let i = rope.first[r]; i < rope.first[r] + rope.count[r]; i++) {
        if (x0[i] < 13) moved = Math.max(moved, Math.hypot(particle.x[i] - x0[i], particle.y[i] - y0[i]));
      }
      const hanging = particle.y[rope.first[r] + rope.count[r] - 1];
      console.log(`tied at ${tieX}: deepest segment ${(worst * 1000).toFixed(2)} mm into the ledge, last second moved ${(moved * 1000).toFixed(3)} mm, free end at y ${hanging.toFixed(3)}`);
      expect(hanging).toBeGreaterThan(10.5); // it did fall over the edge and hangs down the face
      expect(worst).toBeLessThan(0.002);
      expect(moved).toBeLessThan(0.0005);
    });
  }
});
