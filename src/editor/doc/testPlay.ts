// What a test-play runs. Playing never changes the edited level: the game plays the level's text
// (DESIGN.md: play, record and verify start from the serialized level). Starting at a checkpoint
// plays a derived level whose spawns are that checkpoint's respawn points and whose checkpoints
// are the ones after it; only a run from the real spawns can clear the level (the cleared mark's
// replay must start where a player starts).

import { levelToText } from './levelExport';
import type { LevelFile } from './levelTypes';

/** The level text to play from the spawns, or from the checkpoint with this id. */
export function testPlayText(level: LevelFile, fromCheckpoint: string | null = null): { text: string; canClear: boolean } {
  if (fromCheckpoint === null) return { text: levelToText(level), canClear: true };
  const checkpoints = level.checkpoints ?? [];
  const k = checkpoints.findIndex((c) => c.id === fromCheckpoint);
  if (k < 0) return { text: levelToText(level), canClear: true };
  const c = checkpoints[k];
  const spawns = level.spawns.map((s) => {
    const [x, y] = s.player === 1 ? c.p1 : c.p2;
    return { ...s, x, y };
  });
  const derived: LevelFile = { ...level, spawns, checkpoints: checkpoints.slice(k + 1) };
  return { text: levelToText(derived), canClear: false };
}
