// Replay mode (`?level=<id>&replay`, or a dropped replay): the recorded masks are fed to `step`
// instead of the keyboard, tick by tick from a fresh world, and the state hash is taken after
// every 60th tick exactly as src/level/replay.ts does, so the page's hashes can be compared with
// the file's and with a Node run. Pure apart from reading the URL string it is given.

import { isolateText } from '../level/levelText';
import { CHECKPOINT_TICKS, levelContentHash, parseReplay, type ReplayFile } from '../level/replay';
import { hashHex, type SimWorld } from '../sim';

/** Fastest playback, in ticks per game tick. */
export const MAX_REPLAY_SPEED = 32;

export interface ReplayRequest {
  /** `replay`, `replay=1` or `replay=true` in the query. */
  isReplay: boolean;
  /** `speed=N`: sim ticks per game tick, a whole number 1..MAX_REPLAY_SPEED (default 1). */
  speed: number;
}

/** Reads `replay` and `speed` from a `location.search` string. */
export function readReplayRequest(search: string): ReplayRequest {
  const params = new URLSearchParams(search);
  const value = params.get('replay');
  const isReplay = value !== null && !/^(0|false|no|off)$/i.test(value.trim());
  const speed = Math.floor(Number(params.get('speed') ?? '1'));
  return { isReplay, speed: Number.isFinite(speed) ? Math.min(MAX_REPLAY_SPEED, Math.max(1, speed)) : 1 };
}

/** The committed replay of the level file `levelFile` (`03-first-gap.json`) among `replayTexts`
 *  (paths ending in `<basename>.replay.json`), or null. */
export function findReplayText(replayTexts: Record<string, string>, levelFile: string): string | null {
  const wanted = `/${levelFile.replace(/\.json$/i, '')}.replay.json`;
  for (const [path, text] of Object.entries(replayTexts)) if (path.endsWith(wanted)) return text;
  return null;
}

export type ReplayLoad =
  | { ok: true; replay: ReplayFile; warnings: string[] }
  | { ok: false; errors: string[] };

/**
 * Checks a replay text against the level about to be played: it must parse and be for this level
 * id. A level edited since the recording only warns (the replay still plays; the hashes will say
 * where it parts from the recording).
 */
export function loadReplayFor(replayText: string, levelText: string, levelId: string): ReplayLoad {
  const parsed = parseReplay(replayText);
  if (!parsed.ok) return parsed;
  const { replay } = parsed;
  if (replay.level !== levelId) {
    return { ok: false, errors: [`the replay is for level '${isolateText(replay.level)}', but '${isolateText(levelId)}' is being played`] };
  }
  const warnings: string[] = [];
  const levelHash = levelContentHash(levelText);
  if (levelHash !== replay.levelHash) {
    warnings.push(`the level changed since the replay was recorded (level hash ${String(levelHash)}, replay has ${replay.levelHash}); it plays anyway and may go differently`);
  }
  return { ok: true, replay, warnings };
}

export interface ReplayStatus {
  /** Ticks of the replay played so far. */
  tick: number;
  /** Length of the replay, ticks. */
  ticks: number;
  /** True once every recorded tick has been played. */
  isDone: boolean;
  /** State hashes after tick 60, 120, ... of the playback (compare with the file's `hashes`). */
  hashes: string[];
  /** The file's hashes. */
  recordedHashes: string[];
  /** The first checkpoint tick whose hash differs from the file, or null. */
  firstMismatchTick: number | null;
  /** world.completedTick when the replay ended (or now), null when not completed. */
  completedTick: number | null;
  recordedCompletedTick: number | null;
}

export interface ReplayPlayer {
  /** Writes this tick's masks into `out[0]` (P1) and `out[1]` (P2). False (and `out` untouched)
   *  once the replay is over. */
  sample(out: Uint8Array): boolean;
  /** Call after each `step` that `sample` fed: takes the hash on checkpoint ticks. */
  afterStep(world: SimWorld): void;
  /** Starts again from tick 0 (the caller rebuilds the world). */
  rewind(): void;
  /** True once every recorded tick has been played. */
  readonly isDone: boolean;
  status(): ReplayStatus;
}

export function createReplayPlayer(replay: ReplayFile): ReplayPlayer {
  let run = 0;
  let usedInRun = 0;
  let tick = 0;
  let hashes: string[] = [];
  let firstMismatchTick: number | null = null;
  let completedTick: number | null = null;
  return {
    sample(out): boolean {
      while (run < replay.inputs.length && usedInRun >= replay.inputs[run][0]) {
        run++;
        usedInRun = 0;
      }
      if (run >= replay.inputs.length) return false;
      out[0] = replay.inputs[run][1];
      out[1] = replay.inputs[run][2];
      usedInRun++;
      return true;
    },
    afterStep(world): void {
      tick++;
      if (tick % CHECKPOINT_TICKS === 0) {
        const hash = hashHex(world);
        if (firstMismatchTick === null && hash !== replay.hashes[hashes.length]) firstMismatchTick = tick;
        hashes.push(hash);
      }
      completedTick = world.completedTick >= 0 ? world.completedTick : null;
    },
    rewind(): void {
      run = 0;
      usedInRun = 0;
      tick = 0;
      hashes = [];
      firstMismatchTick = null;
      completedTick = null;
    },
    get isDone() {
      return tick >= replay.ticks;
    },
    status(): ReplayStatus {
      return {
        tick, ticks: replay.ticks, isDone: tick >= replay.ticks,
        hashes: [...hashes], recordedHashes: [...replay.hashes], firstMismatchTick,
        completedTick, recordedCompletedTick: replay.completedTick,
      };
    },
  };
}
