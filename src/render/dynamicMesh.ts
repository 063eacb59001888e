// A one-colour pixi Mesh whose vertices are rewritten in place every frame: the rope's core strip
// and its strands and fibres (drawRopes.ts). Its buffers are made once with room to spare and only
// their contents change, so a frame triangulates nothing, allocates nothing and leaves pixi's
// draw list as it was; a Graphics redrawn each frame did all three (issue 17, "a cheap frame").
// The index pattern is fixed by the kind: a strip (pairs of vertices across a line, joined pair to
// pair) or separate quads (4 vertices each). Vertices past those used are stacked on the last one
// used, so their triangles have no area and draw nothing.

import { Mesh, MeshGeometry, Texture } from 'pixi.js';
import { collapseUnused, indicesFor, type MeshKind } from './meshBuffers';

export type { MeshKind };

export interface DynamicMesh {
  readonly mesh: Mesh;
  /** Makes room for `vertices` vertices (a new, larger geometry only when there is not). */
  reserve(vertices: number): void;
  /** The vertex positions to write this frame (x, y pairs, drawing units), valid after reserve(). */
  readonly positions: Float32Array;
  /** Ends the frame's writing: `used` vertices were written; the rest collapse. */
  commit(used: number): void;
}

export function createDynamicMesh(kind: MeshKind, color: number): DynamicMesh {
  let capacity = 0;
  let geometry: MeshGeometry | null = null;
  let positions = new Float32Array(0);
  // A mesh with no geometry yet draws an empty quad (MeshGeometry's default): give it an empty one.
  const mesh = new Mesh({ geometry: makeGeometry(8), texture: Texture.WHITE });
  mesh.tint = color;

  function makeGeometry(vertices: number): MeshGeometry {
    capacity = vertices;
    positions = new Float32Array(vertices * 2);
    geometry = new MeshGeometry({ positions, uvs: new Float32Array(vertices * 2), indices: indicesFor(kind, vertices) });
    // Drawn in pixi's batches with the level's other shapes (its vertices copied into the batch
    // each frame) rather than a draw call and a uniform upload per mesh: pixi batches a mesh of
    // up to 100 vertices by itself, and a rope has hundreds.
    geometry.batchMode = 'batch';
    return geometry;
  }

  return {
    mesh,
    reserve(vertices): void {
      if (vertices <= capacity) return;
      // Grown by half again, so a rope that lengthens (a reel) does not regrow every frame.
      const grown = Math.ceil(Math.max(vertices, capacity * 1.5) / 4) * 4;
      const old = geometry;
      mesh.geometry = makeGeometry(grown);
      old?.destroy();
    },
    get positions(): Float32Array {
      return positions;
    },
    commit(used): void {
      collapseUnused(positions, used);
      geometry!.getBuffer('aPosition').update();
    },
  };
}
