// Teaching hints in the editor: they are not entities the editor places (their rectangles are
// edited in the level's JSON), but edits that move the world under them must take them along, or
// a resized level would teach in the wrong place. Hints that no longer fit on the grid are dropped:
// they are only prompts, and the game refuses a hint outside the grid.

import { round6, type LevelFile } from './levelTypes';

/** The level with its hints moved by (dx, dy) m and those outside a `width` x `height` grid left out. */
export function shiftHints(level: LevelFile, dx: number, dy: number, width: number, height: number): LevelFile {
  if (level.hints === undefined) return level;
  const hints = level.hints
    .map((h) => ({ ...h, x: round6(h.x + dx), y: round6(h.y + dy) }))
    .filter((h) => h.x >= 0 && h.y >= 0 && h.x + h.w <= width && h.y + h.h <= height);
  return { ...level, hints };
}
