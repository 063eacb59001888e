// The buffers behind dynamicMesh.ts, kept free of pixi so Node tests can check them: the fixed
// triangle indices of a strip or of separate quads, and the collapse of the vertices a frame did
// not use.

export type MeshKind = 'strip' | 'quads';

/** Triangle indices for `vertices` vertices of `kind`. */
export function indicesFor(kind: MeshKind, vertices: number): Uint32Array {
  if (kind === 'strip') {
    const pairs = vertices >> 1;
    const out = new Uint32Array(Math.max(0, pairs - 1) * 6);
    for (let i = 0; i < pairs - 1; i++) {
      const a = 2 * i;
      out[6 * i] = a; out[6 * i + 1] = a + 1; out[6 * i + 2] = a + 2;
      out[6 * i + 3] = a + 1; out[6 * i + 4] = a + 3; out[6 * i + 5] = a + 2;
    }
    return out;
  }
  const quads = vertices >> 2;
  const out = new Uint32Array(quads * 6);
  for (let q = 0; q < quads; q++) {
    const a = 4 * q;
    out[6 * q] = a; out[6 * q + 1] = a + 1; out[6 * q + 2] = a + 2;
    out[6 * q + 3] = a; out[6 * q + 4] = a + 2; out[6 * q + 5] = a + 3;
  }
  return out;
}

/**
 * Puts every vertex of `positions` (x, y pairs) past the first `used` on the last one used, so
 * their triangles have no area: a strip's triangle from its last pair to the next stays flat
 * (stacked on the first vertex instead, it drew a sliver along the whole rope).
 */
export function collapseUnused(positions: Float32Array, used: number): void {
  const x = used > 0 ? positions[2 * used - 2] : 0;
  const y = used > 0 ? positions[2 * used - 1] : 0;
  for (let i = used * 2; i < positions.length; i += 2) {
    positions[i] = x;
    positions[i + 1] = y;
  }
}
