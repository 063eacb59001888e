// The rope's meshes' buffers (src/render/meshBuffers.ts, behind dynamicMesh.ts): vertices written in
// place each frame, the rest of the buffer collapsed so it draws nothing. A strip's unused vertices
// once sat on its first one, and the triangle from the last pair written to them drew a sliver
// along the whole rope (tests/browser/rappelDrape.test.ts saw it).
import { describe, expect, it } from 'vitest';
import { collapseUnused, indicesFor, type MeshKind } from '../../src/render/meshBuffers';

/** Twice the signed area of every triangle of the mesh, with whether it uses a vertex past `used`. */
function triangles(positions: Float32Array, indices: Uint32Array, used: number): Array<{ area: number; isUnused: boolean }> {
  const out = [];
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]];
    const area = (positions[2 * b] - positions[2 * a]) * (positions[2 * c + 1] - positions[2 * a + 1])
      - (positions[2 * c] - positions[2 * a]) * (positions[2 * b + 1] - positions[2 * a + 1]);
    out.push({ area, isUnused: a >= used || b >= used || c >= used });
  }
  return out;
}

describe('a dynamic mesh\'s buffers', () => {
  for (const [kind, used] of [['strip', 10], ['quads', 8]] as Array<[MeshKind, number]>) {
    it(`${kind}: the vertices written draw, every triangle reaching past them has no area`, () => {
      const capacity = 40;
      const positions = new Float32Array(capacity * 2).fill(-1);
      // A zig-zag far from the origin: a triangle from it to any other point has an area.
      for (let i = 0; i < used; i++) {
        positions[2 * i] = 100 + 10 * i;
        positions[2 * i + 1] = 50 + (i % 2 === 0 ? 0 : 8) + (kind === 'quads' && i % 4 >= 2 ? 3 : 0);
      }
      collapseUnused(positions, used);
      const indices = indicesFor(kind, capacity);
      expect(Math.max(...indices)).toBe(capacity - 1);
      const tris = triangles(positions, indices, used);
      expect(tris.filter((t) => !t.isUnused).length).toBe(kind === 'strip' ? 2 * (used / 2 - 1) : 2 * (used / 4));
      expect(tris.filter((t) => !t.isUnused).every((t) => t.area !== 0)).toBe(true);
      expect(tris.filter((t) => t.isUnused).length).toBeGreaterThan(0);
      for (const t of tris.filter((x) => x.isUnused)) expect(t.area).toBe(0);
    });
  }

  it('nothing written: every vertex at one point', () => {
    const positions = new Float32Array([3, 4, 5, 6, 7, 8, 9, 1]);
    collapseUnused(positions, 0);
    expect([...new Set(positions)]).toEqual([0]);
  });
});
