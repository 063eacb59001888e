// Old level files keep working: a file is validated against the schema of the version it says it
// is, then migrated step by step to the current version. Each step is a pure function from one
// version's (validated) object to the next's; add one here whenever LEVEL_VERSION goes up.

import type { LevelFile, LevelFileV1 } from './levelSchema';

/**
 * Version 1 -> 2. Version 2 only added things (spike tiles '^', checkpoints, moving platforms,
 * anchors riding them, a box's startAngle and push), so every version 1 level means the same in
 * version 2. One rule changed with it: falling out of the level is now a death with a respawn at
 * the last checkpoint; a version 1 level has no checkpoints, so that is its spawns, as before.
 */
export function migrateV1(level: LevelFileV1): LevelFile {
  return { ...level, version: 2 };
}
