// The app's side of the level editor: loads the editor chunk on first use (a dynamic import, so the
// game's first load does not carry it), carries the app's effects to it, and records each test-play
// from the spawns as a replay, so a finish can mark the draft cleared with proof. A test-play with
// the invincibility assist on is not proof (the replay would die without it): it clears nothing.

import type { Editor, EditorDebug, EditorHost } from '../editor';
import type { EditorStart } from '../editor/ui/editorStart';
import type { ReplayFile } from '../level/replay';
import type { SimWorld } from '../sim';
import { createRecorder } from './recorder';

export interface EditorBridge {
  show(start: EditorStart): void;
  setMode(mode: 'edit' | 'play' | 'hidden'): void;
  cleared(ticks: number): void;
  /** An attempt started: a test-play from the spawns is recorded (`level` null: anything else). */
  onAttemptStarted(testPlay: { text: string; id: string; baseName: string } | null): void;
  /** The masks fed to the sim this tick, and the world after the step. */
  capture(inputs: ArrayLike<number>): void;
  afterStep(world: SimWorld): void;
  /** The draft to draw while editing, or null. */
  readonly world: SimWorld | null;
  /** The draft's world (1-3): the looks it is drawn in; 1 before the editor has loaded. */
  readonly worldNumber: number;
  frame(): void;
  drawn(): void;
  readonly debug: EditorDebug | null;
}

export function createEditorBridge(makeHost: () => Promise<Omit<EditorHost, 'lastTestReplay'>>, onLoadError: (message: string) => void): EditorBridge {
  let editor: Editor | null = null;
  let loading: Promise<Editor | null> | null = null;
  /** The latest mode asked for while the chunk was still loading. */
  let pendingMode: 'edit' | 'play' | 'hidden' | null = null;
  const recorder = createRecorder();
  let isProof = false;
  let lastReplay: ReplayFile | null = null;

  const load = (): Promise<Editor | null> => {
    loading ??= Promise.all([import('../editor'), makeHost()])
      .then(([chunk, host]) => {
        editor = chunk.createEditor({ ...host, lastTestReplay: () => lastReplay });
        return editor;
      })
      .catch((e: unknown) => {
        loading = null; // a later Create tries again
        onLoadError(e instanceof Error ? e.message : String(e));
        return null;
      });
    return loading;
  };

  return {
    show(start) {
      void load().then((e) => {
        if (!e) return;
        e.open(start);
        if (pendingMode) e.setMode(pendingMode);
        pendingMode = null;
      });
    },
    setMode(mode) {
      if (editor) editor.setMode(mode);
      else pendingMode = mode;
    },
    cleared(ticks) {
      const done = recorder.stop();
      lastReplay = isProof && done?.replay.completedTick !== null ? done?.replay ?? null : null;
      editor?.cleared(ticks);
      lastReplay = null;
    },
    onAttemptStarted(testPlay) {
      recorder.cancel();
      if (!testPlay) return;
      recorder.start(testPlay.text, testPlay.id, testPlay.baseName);
      isProof = true;
    },
    capture(inputs) {
      recorder.capture(inputs);
    },
    afterStep(world) {
      if (!recorder.isRecording) return;
      if (world.assists.isInvincible) isProof = false;
      recorder.afterStep(world);
    },
    get world() {
      return editor?.world ?? null;
    },
    get worldNumber() {
      return editor?.worldNumber ?? 1;
    },
    frame() {
      editor?.frame();
    },
    drawn() {
      editor?.drawn();
    },
    get debug() {
      return editor?.debug ?? null;
    },
  };
}
