// A new level: small, valid and playable (tests/unit/editorDoc.test.ts proves it passes the game's
// checks), so "Create" opens on something that can be test-played at once.

import { LEVEL_FORMAT, LEVEL_VERSION } from '../../level/levelSchema';
import type { LevelFile } from './levelTypes';

export const EMPTY_LEVEL_WIDTH = 24;
export const EMPTY_LEVEL_HEIGHT = 14;

/**
 * A 24x14 room: a floor two tiles thick, both spawns on the left, the goal on the right. Its ropes
 * bend round corners (physics.ropeWrap), as in every campaign level: a designer drawing a ledge
 * expects the tether to go over it, not through it (the format's default stays off so that levels
 * written before it keep their straight ropes).
 */
export function emptyLevel(id = 'my-level', name = 'New level'): LevelFile {
  const air = '.'.repeat(EMPTY_LEVEL_WIDTH);
  const floor = '#'.repeat(EMPTY_LEVEL_WIDTH);
  const floorY = EMPTY_LEVEL_HEIGHT - 2;
  return {
    $schema: './level.schema.json',
    format: LEVEL_FORMAT,
    version: LEVEL_VERSION,
    id,
    name,
    tiles: [...Array.from({ length: floorY }, () => air), floor, floor],
    spawns: [
      { id: 'p1', player: 1, x: 3, y: floorY },
      { id: 'p2', player: 2, x: 5, y: floorY },
    ],
    goal: { id: 'goal', x: 19, y: floorY - 3, w: 3, h: 3 },
    tether: { length: 6, segments: 20 },
    physics: { ropeWrap: true },
  };
}
