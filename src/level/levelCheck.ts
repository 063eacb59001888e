// What the whole-level checks share: the level as far as the schema passed it, its grid (null when
// the tiles failed: checks against the grid are skipped), the physics settings it plays with, and
// the list the messages go to.

import type { PhysicsSettings, TileGrid } from '../sim';
import type { LevelParts } from './levelParts';
import type { LevelFile } from './levelSchema';

export interface LevelCheck {
  level: LevelFile;
  parts: LevelParts;
  grid: TileGrid | null;
  settings: PhysicsSettings;
  errors: string[];
}

/** Where the players' centres start (feet position minus half the player height), by slot. */
export type PlayerCentres = ReadonlyArray<{ x: number; y: number } | undefined>;

/** Where a box starts: centre, orientation (cos, sin) and the half extents of its bounding box, m. */
export interface Placement { x: number; y: number; c: number; s: number; hw: number; hh: number }

/** "the 50x26 grid". */
export function gridName(grid: TileGrid): string {
  return `the ${grid.width}x${grid.height} grid`;
}
