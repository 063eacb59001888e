// Recording a replay in the game (F8): the masks fed to `step` from tick 0 of a fresh world, one
// pair per tick, turned into a `ropebound-replay` file by recordReplay (which re-runs the level to
// take the state hashes, exactly as `npm run make-replay` does). The recorder never sees the world.

import { PLAYER_COUNT } from '../sim';
import { MAX_REPLAY_TICKS, formatReplay, recordReplay, type ReplayFile } from '../level/replay';

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
  /** Starts a recording of `levelText`; the caller restarts the level at tick 0 at the same time. */
  start(levelText: string, baseName: string): void;
  /** Records the masks fed to this tick's `step` (`inputs[0]` P1, `inputs[1]` P2). True when the
   *  recording is full (MAX_REPLAY_TICKS) and should be stopped. */
  capture(inputs: ArrayLike<number>): boolean;
  /** Ends the recording and makes the replay; null when no tick was recorded. Throws when the level
   *  text does not parse (it was playing, so it does). */
  stop(): RecordedReplay | null;
  /** Ends the recording without a replay (the level was replaced under it). */
  cancel(): void;
}

export function createRecorder(): Recorder {
  let levelText = '';
  let baseName = '';
  let isRecording = false;
  // Flat P1, P2 pairs; grown by push (a few bytes per tick, only while recording).
  let masks: number[] = [];

  return {
    get isRecording() {
      return isRecording;
    },
    get ticks() {
      return masks.length / PLAYER_COUNT;
    },
    start(text, name): void {
      levelText = text;
      baseName = name;
      masks = [];
      isRecording = true;
    },
    capture(inputs): boolean {
      if (!isRecording) return false;
      masks.push(inputs[0], inputs[1]);
      return masks.length / PLAYER_COUNT >= MAX_REPLAY_TICKS;
    },
    stop(): RecordedReplay | null {
      if (!isRecording) return null;
      isRecording = false;
      if (masks.length === 0) return null;
      const pairs: Array<[number, number]> = [];
      for (let i = 0; i < masks.length; i += PLAYER_COUNT) pairs.push([masks[i], masks[i + 1]]);
      masks = [];
      const replay = recordReplay(levelText, pairs);
      return { fileName: `${baseName}.replay.json`, text: formatReplay(replay), replay };
    },
    cancel(): void {
      isRecording = false;
      masks = [];
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
