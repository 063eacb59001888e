// A moving platform's path, node by node (the editor adds nodes by clicking and drags them). The
// first node is where the platform starts; a path keeps at least 2 nodes (the schema's minimum).

import { MAX_PATH_POINTS } from '../../level/levelSchema';
import { updateEntity } from './entityEdits';
import { round6, type LevelFile } from './levelTypes';

const ref = (id: string) => ({ kind: 'platform' as const, id });

/** Inserts a node at `index` (default: after the last). No-op at the schema's limit of nodes. */
export function addPathNode(level: LevelFile, platformId: string, x: number, y: number, index?: number): LevelFile {
  return updateEntity(level, ref(platformId), (p) => {
    if (p.path.length >= MAX_PATH_POINTS) return p;
    const at = Math.max(0, Math.min(index ?? p.path.length, p.path.length));
    const path = [...p.path];
    path.splice(at, 0, [round6(x), round6(y)]);
    return { ...p, path };
  });
}

/** Moves node `index` to (x, y). */
export function movePathNode(level: LevelFile, platformId: string, index: number, x: number, y: number): LevelFile {
  return updateEntity(level, ref(platformId), (p) => {
    if (index < 0 || index >= p.path.length) return p;
    if (p.path[index][0] === round6(x) && p.path[index][1] === round6(y)) return p;
    return { ...p, path: p.path.map((q, i) => (i === index ? [round6(x), round6(y)] : q)) };
  });
}

/** Removes node `index`; a path of 2 nodes keeps both. */
export function removePathNode(level: LevelFile, platformId: string, index: number): LevelFile {
  return updateEntity(level, ref(platformId), (p) => {
    if (p.path.length <= 2 || index < 0 || index >= p.path.length) return p;
    return { ...p, path: p.path.filter((_, i) => i !== index) };
  });
}
