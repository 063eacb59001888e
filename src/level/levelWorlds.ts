// The campaign's three worlds as players see them named, and a level's world read from its file.
// A world is presentation only (looks in src/render/worldLooks.ts, music in src/audio/soundFiles.ts):
// the sim never sees it and the replays' level hash leaves it out (replay.ts).

import { DEFAULT_WORLD, WORLDS, type WorldNumber } from './levelSchema';

/** Names shown on the level select, by world. */
export const WORLD_NAMES: Readonly<Record<WorldNumber, string>> = {
  1: 'Mossy Ruins',
  2: 'Timber Mine',
  3: 'Frozen Heights',
};

/** The world a parsed level (or any JSON) names; DEFAULT_WORLD when it names none or a wrong one
 *  (parseLevel rejects a wrong one; the menus and the renderer still need an answer). */
export function worldOfLevel(level: unknown): WorldNumber {
  const world = (level as { world?: unknown } | null)?.world;
  return WORLDS.find((w) => w === world) ?? DEFAULT_WORLD;
}

/** The world of a level file's text, without validating it; DEFAULT_WORLD when it is not JSON. */
export function worldOfLevelText(text: string): WorldNumber {
  try {
    return worldOfLevel(JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text));
  } catch {
    return DEFAULT_WORLD;
  }
}
