// Recording a replay in the game (F8): the masks fed to `step` from tick 0 of a fresh world, one
// pair per tick, and the state hash of the played world every 60 ticks, turned into a
// `ropebound-replay` file when the recording stops. The played world is the deterministic sim fed
// exactly these masks from the level's start, so its hashes are the replay's: stopping costs no
// simulation (re-running the recording there froze the page, 0.9 s for the finale's 2,404 ticks
// and 7.75 s for 185 ticks of a heavy level). `npm run check-levels` and the browser test re-run a
// downloaded replay in Node and compare.

import { PLAYER_COUNT, hashHex, type SimWorld } from '../sim';
import {
  CHECKPOINT_TICKS, MAX_REPLAY_TICKS, REPLAY_FORMAT, REPLAY_VERSION, encodeInputs, formatReplay,
  levelContentHash, type ReplayFile,
} from '../level/replay';

export interface RecordedReplay {
  /** `<level basename or id>.replay.json`. */
  fileName: string;
  /** The replay as formatReplay writes it (what `levels/replays/` holds). */
  text: string;
  replay: ReplayFile;
}

export interface Recorder {
  readonly isRecording: boolean;
  /** Ticks recorded so far. */
  readonly ticks: number;
  /** True once the recording holds MAX_REPLAY_TICKS ticks: stop it. */
  readonly isFull: boolean;
  /** Starts a recording of the level `levelText` (its id `levelId`); the caller restarts the level
   *  at tick 0 at the same time. */
  start(levelText: string, levelId: string, baseName: string): void;
  /** Records the masks fed to this tick's `step` (`inputs[0]` P1, `inputs[1]` P2). */
  capture(inputs: ArrayLike<number>): void;
  /** After that `step`: the played world's hash on every 60th tick, and whether it is completed. */
  afterStep(world: SimWorld): void;
  /** Ends the recording and makes the replay (no simulation); null when no tick was recorded. */
  stop(): RecordedReplay | null;
  /** Ends the recording without a replay (the level was replaced under it). */
  cancel(): void;
}

export function createRecorder(): Recorder {
  let levelId = '';
  let levelHash = '';
  let baseName = '';
  let isRecording = false;
  // Flat P1, P2 pairs; grown by push (a few bytes per tick, only while recording).
  let masks: number[] = [];
  let hashes: string[] = [];
  let completedTick: number | null = null;
  const ticks = (): number => masks.length / PLAYER_COUNT;

  return {
    get isRecording() {
      return isRecording;
    },
    get ticks() {
      return ticks();
    },
    get isFull() {
      return isRecording && ticks() >= MAX_REPLAY_TICKS;
    },
    start(text, id, name): void {
      levelId = id;
      // Hashed once here, as the level restarts, rather than when the player stops.
      levelHash = levelContentHash(text) ?? '00000000';
      baseName = name;
      masks = [];
      hashes = [];
      completedTick = null;
      isRecording = true;
    },
    capture(inputs): void {
      if (isRecording) masks.push(inputs[0], inputs[1]);
    },
    afterStep(world): void {
      if (!isRecording) return;
      if (ticks() % CHECKPOINT_TICKS === 0 && hashes.length < ticks() / CHECKPOINT_TICKS) hashes.push(hashHex(world));
      completedTick = world.completedTick >= 0 ? world.completedTick : null;
    },
    stop(): RecordedReplay | null {
      if (!isRecording) return null;
      isRecording = false;
      if (masks.length === 0) return null;
      const pairs: Array<[number, number]> = [];
      for (let i = 0; i < masks.length; i += PLAYER_COUNT) pairs.push([masks[i], masks[i + 1]]);
      const replay: ReplayFile = {
        format: REPLAY_FORMAT,
        version: REPLAY_VERSION,
        level: levelId,
        levelHash,
        ticks: pairs.length,
        inputs: encodeInputs(pairs),
        hashes,
        completedTick,
      };
      masks = [];
      hashes = [];
      return { fileName: `${baseName}.replay.json`, text: formatReplay(replay), replay };
    },
    cancel(): void {
      isRecording = false;
      masks = [];
      hashes = [];
    },
  };
}

/** Offers `text` as a download named `fileName` (a Blob and a clicked `<a download>`). */
export function downloadText(doc: Document, fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  doc.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute later is safe.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
