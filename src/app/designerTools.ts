// The level designer's tools in the running game, in one place so main.ts only wires them:
// live reload of the played level file (dev server), dropping a level or replay file on the page,
// recording a replay with F8, and replay mode (`?replay`: recorded masks instead of the keyboard).
// Whatever goes wrong is a message in the error box; the level that was running keeps running.

import { isolateText } from '../level/levelText';
import { parseLevel } from '../level/parseLevel';
import type { SimWorld, WorldDef } from '../sim';
import { droppedBaseName, installFileDrop, type DroppedFile } from './dropLevel';
import { createLevelCatalog, findLevel, type LevelEntry } from './levelCatalog';
import { onLevelFilesChanged, replayTexts as bundledReplayTexts } from './levelFiles';
import { decideLiveUpdate, type LiveWatch } from './liveLevels';
import { createRecorder, downloadText, type RecordedReplay } from './recorder';
import {
  createReplayPlayer, findReplayText, loadReplayFor, readReplayRequest,
  type ReplayPlayer, type ReplayStatus,
} from './replayMode';

/** The level being played, as the tools need it (appState.ts playedLevelOf makes one from the open level). */
export interface PlayedLevel {
  /** The level file's text (the version running now). */
  text: string;
  id: string;
  name: string;
  /** The file in levels/ (`03-first-gap.json`) when it came from there; null for a dropped file. */
  catalogFile: string | null;
  /** What replays and downloads are named after: `03-first-gap`, or a dropped file's name. */
  baseName: string;
}

/** A PlayedLevel for a catalogue entry (its id and name as parsed). */
export function playedFromEntry(entry: LevelEntry, parsed: { id: string; name: string }): PlayedLevel {
  return { text: entry.text, id: parsed.id, name: parsed.name, catalogFile: entry.file, baseName: entry.file.replace(/\.json$/i, '') };
}

/** True when a `?level=` value names this level (by number, slug or id, as the app finds levels). */
function isNamedBy(level: PlayedLevel, query: string): boolean {
  return level.catalogFile !== null && findLevel(createLevelCatalog({ [level.catalogFile]: level.text }), query) !== null;
}

/** What the tools need from the game. */
export interface DesignerToolsHost {
  current(): PlayedLevel | null;
  /** Plays `level` (already validated into `def`) from tick 0. `keepCamera`: a live reload of the
   *  same level, so the camera should ease rather than cut. */
  load(level: PlayedLevel, def: WorldDef, opts: { keepCamera: boolean }): void;
  /** Restarts the current level at tick 0 (what R does); calls back `onRestart`. */
  restart(): void;
  /** Shows the tools' messages in the error box; an empty list clears it. */
  setMessages(title: string, messages: readonly string[]): void;
  /** "● REC" while recording, "▶ REPLAY" in replay mode, null for neither. */
  setStatusLabel(label: string | null): void;
  /** The level files changed (dev server): the new catalogue, for menus. */
  catalogChanged?(catalog: LevelEntry[]): void;
  /** Offers a recorded replay for download (default: a Blob and an `<a download>` click). */
  download?(fileName: string, text: string): void;
}

/** A keyboard, as far as the tools use it. */
export interface MaskSource {
  sample(out: Uint8Array): void;
}

export interface DesignerTools {
  /** Sim ticks per game tick: the replay speed while a replay plays, else 1. */
  stepsPerTick(): number;
  /** This tick's masks: the replay's while one plays, else the keyboard's; records them when F8 is on. */
  sample(keyboard: MaskSource, out: Uint8Array): void;
  /** After each `step`: replay hashes, and a recording ends when the level is completed. */
  afterStep(world: SimWorld): void;
  /** The level was restarted (R, death is not a restart): a replay or recording starts over. */
  onRestart(): void;
  /** F8. */
  toggleRecording(): void;
  /** Starts replay mode when the URL asks for it (`?replay`, `&speed=N`). Call once the level is loaded. */
  startFromUrl(search: string): void;
  /** Plays a dropped file (a level, or a replay of the level being played). */
  openFile(file: DroppedFile): void;
  /** New level and replay texts by path (the dev server's hot update; called by the tools
   *  themselves, public for tests): reloads the played level or shows its errors. */
  levelFilesChanged(levelTexts: Record<string, string>, replayTexts: Record<string, string>): void;
  readonly isRecording: boolean;
  /** True when the last step's masks came from a replay (a completion then is not the players' own). */
  readonly isReplaying: boolean;
  /** The last F8 recording, with the hashes the played world had every 60 ticks. */
  lastReplay(): LastReplay | null;
  replayStatus(): ReplayStatus | null;
  dispose(): void;
}

export interface LastReplay extends RecordedReplay {
  /** hashHex of the world being played after tick 60, 120, ... of the recording: the replay's
   *  `hashes` are taken from it (recorder.ts); tests re-run the replay in Node and compare. */
  liveHashes: string[];
}

export function createDesignerTools(win: Window, host: DesignerToolsHost): DesignerTools {
  const recorder = createRecorder();
  const scratch = new Uint8Array(2);
  let recordingText: string | null = null;
  let lastReplay: LastReplay | null = null;
  let player: ReplayPlayer | null = null;
  /** The level text the replay player was made for. */
  let playerLevelText: string | null = null;
  let speed = 1;
  let replayTexts = bundledReplayTexts;
  let watch: LiveWatch | null = null;
  let isReplayStep = false;

  let shownLabel: string | null = null;
  const label = (): void => {
    let text: string | null = null;
    if (recorder.isRecording) text = '● REC';
    else if (player && !player.isDone) text = speed > 1 ? `▶ REPLAY ×${speed}` : '▶ REPLAY';
    if (text !== shownLabel) host.setStatusLabel((shownLabel = text));
  };

  const finishRecording = (): void => {
    recordingText = null;
    try {
      const recorded = recorder.stop();
      if (recorded) {
        lastReplay = { ...recorded, liveHashes: [...recorded.replay.hashes] };
        (host.download ?? ((name, text) => downloadText(win.document, name, text)))(recorded.fileName, recorded.text);
      }
    } catch (e) {
      host.setMessages('The replay could not be made', [e instanceof Error ? e.message : String(e)]);
    }
    label();
  };

  const cancelRecording = (why: string): void => {
    if (!recorder.isRecording) return;
    recorder.cancel();
    recordingText = null;
    host.setMessages('Recording stopped', [why]);
    label();
  };

  const startReplay = (replayText: string, level: PlayedLevel, source: string): void => {
    const loaded = loadReplayFor(replayText, level.text, level.id);
    if (!loaded.ok) {
      host.setMessages(`The replay ${isolateText(source)} cannot be played; the level plays normally`, loaded.errors);
      return;
    }
    if (recorder.isRecording) cancelRecording('a replay started');
    player = createReplayPlayer(loaded.replay);
    playerLevelText = level.text;
    host.setMessages(`Replay ${isolateText(source)}`, loaded.warnings);
    host.restart();
    label();
  };

  const playLevel = (level: PlayedLevel, def: WorldDef, keepCamera: boolean): void => {
    if (recorder.isRecording) cancelRecording(`the level was replaced (${level.catalogFile ?? level.baseName}); nothing was saved`);
    host.load(level, def, { keepCamera });
    player?.rewind();
    label();
  };

  const levelFilesChanged = (levelTexts: Record<string, string>, replays: Record<string, string>): void => {
    replayTexts = replays;
    const catalog = createLevelCatalog(levelTexts, replays);
    host.catalogChanged?.(catalog);
    const current = host.current();
    if (!current?.catalogFile) return;
    if (watch?.file !== current.catalogFile) watch = { file: current.catalogFile, seenText: current.text };
    const update = decideLiveUpdate(watch, catalog);
    if (update.kind === 'none') return;
    watch.seenText = update.entry.text;
    if (update.kind === 'errors') {
      host.setMessages(update.title, update.errors);
      return;
    }
    host.setMessages('', []);
    playLevel(playedFromEntry(update.entry, update.level), update.level.def, true);
  };

  const stopFilesWatch = onLevelFilesChanged((files) => levelFilesChanged(files.levelTexts, files.replayTexts));
  const stopDrop = installFileDrop(win, (file) => tools.openFile(file));

  const tools: DesignerTools = {
    stepsPerTick(): number {
      return player && !player.isDone ? speed : 1;
    },
    sample(keyboard, out): void {
      isReplayStep = player !== null && player.sample(out);
      if (isReplayStep) {
        keyboard.sample(scratch); // drop the keys pressed meanwhile, so no stale tap fires later
      } else {
        keyboard.sample(out);
      }
      recorder.capture(out);
    },
    afterStep(world): void {
      if (player && !player.isDone) {
        player.afterStep(world);
        if (player.isDone) label(); // the replay is over: the keyboard has the players again
      }
      if (recorder.isRecording) {
        if (host.current()?.text !== recordingText) cancelRecording('another level was loaded; nothing was saved');
        else {
          recorder.afterStep(world);
          if (world.completedTick >= 0 || recorder.isFull) finishRecording();
        }
      }
    },
    onRestart(): void {
      // The game calls this whenever a level starts from its beginning, also from the menus: a
      // replay or a recording of another level must not carry on into it.
      const level = host.current();
      if (player && level?.text !== playerLevelText) player = null;
      player?.rewind();
      if (recorder.isRecording && level?.text !== recordingText) cancelRecording('another level was started; nothing was saved');
      else if (recorder.isRecording && recordingText !== null && level) recorder.start(recordingText, level.id, level.baseName);
      label();
    },
    toggleRecording(): void {
      if (recorder.isRecording) {
        finishRecording();
        return;
      }
      const level = host.current();
      if (!level) return;
      player = null; // recording plays with the keyboard
      recordingText = level.text;
      recorder.start(level.text, level.id, level.baseName);
      host.restart();
      label();
    },
    startFromUrl(search): void {
      const request = readReplayRequest(search);
      if (!request.isReplay) return;
      speed = request.speed;
      const level = host.current();
      if (!level) return;
      // ?level=99999&replay: the app said there is no such level and plays level 1; level 1's
      // replay must not play in its place (it did, and its "Replay" message hid the app's).
      const query = new URLSearchParams(search).get('level');
      if (query !== null && !isNamedBy(level, query)) return;
      const expected = `levels/replays/${level.baseName}.replay.json`;
      const text = level.catalogFile ? findReplayText(replayTexts, level.catalogFile) : null;
      if (text === null) {
        host.setMessages(`There is no replay for ${level.catalogFile ?? level.baseName}; the level plays normally`, [`expected ${expected}`]);
        return;
      }
      startReplay(text, level, expected);
    },
    openFile(file): void {
      const current = host.current();
      if (file.kind === 'unknown') {
        host.setMessages('That file cannot be played', [file.message]);
        return;
      }
      if (file.kind === 'replay') {
        if (!current) host.setMessages('Load a level before dropping its replay', [isolateText(file.name)]);
        else startReplay(file.text, current, file.name);
        return;
      }
      const parsed = parseLevel(file.text);
      if (!parsed.ok) {
        const keeps = current ? `; ${isolateText(current.name)} keeps running` : '';
        host.setMessages(`${isolateText(file.name)} could not be loaded${keeps}`, parsed.errors);
        return;
      }
      player = null;
      host.setMessages('', []);
      const base = droppedBaseName(file.name);
      playLevel({ text: file.text, id: parsed.id, name: parsed.name, catalogFile: null, baseName: base }, parsed.def, false);
    },
    levelFilesChanged,
    get isRecording() {
      return recorder.isRecording;
    },
    get isReplaying() {
      return isReplayStep;
    },
    lastReplay: () => lastReplay,
    replayStatus: () => player?.status() ?? null,
    dispose(): void {
      stopFilesWatch();
      stopDrop();
    },
  };
  return tools;
}

