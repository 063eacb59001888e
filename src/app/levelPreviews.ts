// The worlds drawn behind the title and the level select, one per level, built when first asked
// for (never stepped), with the level's description for the level select.

import { parseLevel } from '../level/parseLevel';
import { createSimWorld, type SimWorld } from '../sim';
import type { LevelEntry } from './levelCatalog';

export interface LevelPreview {
  /** The level at its start, or null when its file has errors. */
  world: SimWorld | null;
  description: string;
}

export interface LevelPreviews {
  of(entry: LevelEntry): LevelPreview;
  /** The level files changed: build again when next asked. */
  clear(): void;
}

export function createLevelPreviews(): LevelPreviews {
  const previews = new Map<string, LevelPreview>();
  return {
    of(entry) {
      let found = previews.get(entry.key); // by key: a copied file with the same id is another level
      if (!found) {
        // Not its first second (parseLevel's ParseOptions): a preview is a picture; opening the
        // level runs that check and says what is wrong.
        const result = parseLevel(entry.text, { firstSecond: false });
        found = result.ok
          ? { world: createSimWorld(result.def), description: result.level.description ?? '' }
          : { world: null, description: 'This level file has errors: open it to see them.' };
        previews.set(entry.key, found);
      }
      return found;
    },
    clear() {
      previews.clear();
    },
  };
}
