// Teaching hints as the editor places them: an area (top-left x, y and size, m) with the verb it
// teaches. Otherwise a hint is an entity like a checkpoint (moved, resized, duplicated, deleted and
// shifted with the world by entityEdits.ts); this adds one where the designer clicks, kept on the
// grid, since the game refuses a hint that reaches outside it.

import { HINT_VERBS, type HintVerb } from '../../level/levelSchema';
import { addEntity } from './entityEdits';
import { freshId } from './entityQueries';
import { round6, type LevelFile } from './levelTypes';

export { HINT_VERBS, type HintVerb };

/** A new hint's area, m: about what two players cover walking up to where a verb is needed. */
export const HINT_SIZE = { w: 6, h: 4 } as const;

/**
 * Adds a hint teaching `verb` with its area's top-left corner at (x, y) m, moved (and on a grid
 * smaller than HINT_SIZE, shrunk) so the area lies on the grid. Its id is `teach-<verb>`, or
 * `teach-<verb>-2`... when taken.
 */
export function addHint(level: LevelFile, verb: HintVerb, x: number, y: number): { level: LevelFile; ref: { kind: 'hint'; id: string } } {
  const gridW = level.tiles[0]?.length ?? 0;
  const gridH = level.tiles.length;
  const w = Math.min(HINT_SIZE.w, gridW);
  const h = Math.min(HINT_SIZE.h, gridH);
  const at = (v: number, size: number, max: number) => round6(Math.max(0, Math.min(max - size, v)));
  return addEntity(level, 'hint', { id: freshId(level, `teach-${verb}`), verb, x: at(x, w, gridW), y: at(y, h, gridH), w, h });
}
