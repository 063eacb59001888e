// The "cleared" badge, proven: a level is cleared by a replay that completes it, and whoever shows
// the badge (the editor after a test-play, a page opening a link or a file) re-simulates the
// replay first: the same verifyReplay `npm run check-levels` runs (level hash, a state hash every
// 60 ticks, the completing tick). A claimed mark that does not verify is dropped with the reason.

import { recordReplay, verifyReplay, type ReplayFile, type TickMasks } from '../../level/replay';
import type { ClearedMark } from './editorDoc';
import { levelToText } from './levelExport';
import type { LevelFile } from './levelTypes';

export type ClearedCheck = { ok: true; mark: ClearedMark; completedTick: number } | { ok: false; message: string };

/** Re-simulates `replay` on `level`: a mark when it completes this very level. */
export function verifyCleared(level: LevelFile, replay: ReplayFile): ClearedCheck {
  let result;
  try {
    result = verifyReplay(levelToText(level), replay);
  } catch (e) {
    return { ok: false, message: `the replay could not be run: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (!result.ok) return { ok: false, message: result.message };
  if (result.completedTick === null) return { ok: false, message: 'the replay does not bring both players to the goal' };
  return { ok: true, mark: { replay }, completedTick: result.completedTick };
}

/**
 * A mark from a test-play's inputs (one [P1, P2] mask pair per tick, from the start of the level),
 * recorded through the game's own recordReplay; null when the run did not complete the level or
 * the level is not valid. The run is cut at the completing tick.
 */
export function clearedFromInputs(level: LevelFile, masks: TickMasks): ClearedMark | null {
  let replay: ReplayFile;
  try {
    replay = recordReplay(levelToText(level), masks);
  } catch {
    return null;
  }
  if (replay.completedTick === null) return null;
  if (replay.ticks > replay.completedTick + 1) {
    replay = recordReplay(levelToText(level), masks.slice(0, replay.completedTick + 1));
  }
  return { replay };
}
