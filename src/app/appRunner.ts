// The one way into the app's state machine and the hands that carry out its effects. Every input
// (keys, pads, clicks on a screen, the loop, the designer's tools, errors) arrives as an AppEvent
// through dispatch(); the machine (appMachine.ts) decides, and this file performs the effects on
// the screens, the level session, the error box, the URL and the picture. It decides nothing.

import { isolateText } from '../level/levelText';
import type { MenuAction } from '../input/menuAction';
import type { SimWorld } from '../sim';
import type { CompleteScreen, CompleteInfo } from '../ui/completeScreen';
import type { ControlsScreen } from '../ui/controlsScreen';
import type { LevelRow, LevelSelect } from '../ui/levelSelect';
import type { PauseMenu } from '../ui/pauseMenu';
import type { SettingsScreen } from '../ui/settingsScreen';
import type { TitleScreen } from '../ui/titleScreen';
import { transition, type AppEffect, type AppEnv, type AppEvent } from './appMachine';
import { initialAppState, routeMenuAction, type AppState, type CompletedRun, type EditorStart } from './appState';
import { campaignLevels, formatTicks } from './campaign';
import type { LevelEntry } from './levelCatalog';
import type { LevelPreviews } from './levelPreviews';
import type { LevelSession } from './levelSession';
import { progressStorageNote, type ProgressStore } from './progress';

/** What every screen does: hide quietly, and take the menu actions while it is up. */
interface AnyScreen {
  hide(): void;
  handleAction(action: MenuAction): boolean;
}

/** The screens, as far as the app drives them. */
export interface AppScreens {
  title: AnyScreen & Pick<TitleScreen, 'show'>;
  levelSelect: AnyScreen & Pick<LevelSelect, 'show' | 'update' | 'setStorageNote'>;
  pause: AnyScreen & Pick<PauseMenu, 'show'>;
  complete: AnyScreen & Pick<CompleteScreen, 'show' | 'setSaveNote'>;
  settings: AnyScreen & Pick<SettingsScreen, 'open'>;
  controls: AnyScreen & Pick<ControlsScreen, 'open'>;
}

export interface AppRunnerDeps {
  screens: AppScreens;
  /** The campaign and the progress now (the catalogue changes with live reload). */
  env(): AppEnv;
  progress: Pick<ProgressStore, 'recordCompletion' | 'setUnlockAll' | 'saveProblem' | 'readState'>;
  session: Pick<LevelSession, 'start'>;
  previews: LevelPreviews;
  keyboard: { clear(): void; suspend(): void; resume(): void };
  /** Back to checkpoint: the players' next tick of input carries the sim's Retry. */
  retry(): void;
  /** The pad whose player waits for its controller to come back, and giving that player the keyboard. */
  reconnect: { readonly waitingForReconnect: number | null; dismissReconnect(): boolean };
  /** The HUD's error box. */
  errorBox: { setErrors(title: string, messages: readonly string[]): void };
  /** The "picture stopped" message (WebGL context lost). */
  pictureLost: { setLost(isLost: boolean): void };
  /** The picture and the clock; each does nothing while they do not exist yet (start-up). */
  stage: {
    /** Death flash, bursts, dust: effects of the level that was on screen. */
    clearLevelEffects(): void;
    snapCamera(): void;
    focus(): void;
    resetClock(): void;
    stop(): void;
  };
  page: {
    setTitle(title: string): void;
    /** `?level=<query>` (null removes it). */
    setLevelInUrl(query: string | null): void;
    reload(): void;
  };
  /** An attempt began: the designer's tools start a replay or recording over, or drop another level's. */
  onAttemptStarted(): void;
  /** The level editor (a lazily loaded chunk: main.ts loads it on the first showEditor); tests of
   *  the flow without it leave it out. */
  editor?: {
    show(start: EditorStart): void;
    setMode(mode: 'edit' | 'play' | 'hidden'): void;
    /** The test-play that just ended reached the goal from the spawns in `ticks` ticks. */
    cleared(ticks: number): void;
  };
}

export interface AppRunner {
  readonly state: AppState;
  dispatch(event: AppEvent): void;
  /** A menu action from a key (`isRepeat` while held down) or a pad; true when something used it. */
  menuAction(action: MenuAction, opts?: { isRepeat?: boolean }): boolean;
  /** The world drawn behind the title and the level select. */
  readonly preview: SimWorld | null;
  /** The world (1-3, its `world` field) of the level drawn behind the menus: the looks it is drawn in. */
  readonly previewWorldNumber: number;
  /** The level select highlighted the level keyed `levelKey`: draw it behind. */
  previewLevel(levelKey: string): void;
  describeLevel(levelKey: string): string;
  /** Messages in the error box (level errors, start-up problems, refusals). */
  readonly errors: readonly string[];
  showErrors(title: string, messages: readonly string[]): void;
  clearErrors(): void;
}

export function createAppRunner(deps: AppRunnerDeps): AppRunner {
  const { screens, stage } = deps;
  let state = initialAppState;
  let preview: SimWorld | null = null;
  let previewWorldNumber = 1;
  const showPreview = (entry: LevelEntry): void => {
    preview = deps.previews.of(entry).world;
    previewWorldNumber = entry.world;
  };
  const errors: string[] = [];
  /** Events sent while effects run (a screen reporting as it is shown) wait their turn. */
  const queue: AppEvent[] = [];
  let isDispatching = false;

  const entryOf = (key: string | null) => (key === null ? undefined : deps.env().catalog.find((e) => e.key === key));

  const showErrors = (title: string, messages: readonly string[]): void => {
    errors.push(...messages);
    deps.errorBox.setErrors(title, errors);
  };
  const clearErrors = (): void => {
    errors.length = 0;
    deps.errorBox.setErrors('', errors);
  };

  const levelRows = (): LevelRow[] => {
    const { catalog, progress } = deps.env();
    return campaignLevels(catalog, progress).map((row) => ({
      key: row.entry.key,
      id: row.entry.id,
      name: row.entry.name,
      position: row.position,
      isUnlocked: row.isUnlocked,
      isFinished: row.isFinished,
      best: row.bestTicks === null ? null : formatTicks(row.bestTicks),
      gems: row.entry.gemCount ? { most: row.mostGems, total: row.entry.gemCount } : null,
      world: row.entry.world,
    }));
  };

  const completeInfo = (levelName: string, run: CompletedRun): CompleteInfo => ({
    levelName,
    time: formatTicks(run.ticks),
    deaths: run.deaths,
    best: run.bestTicks === null ? null : formatTicks(run.bestTicks),
    isNewBest: run.isNewBest,
    par: run.parTicks === null ? null : formatTicks(run.parTicks, 0),
    isUnderPar: run.parTicks !== null && run.ticks <= run.parTicks,
    fewestDeaths: run.fewestDeaths,
    gems: run.gemTotal > 0 ? `${run.gems} of ${run.gemTotal}` : null,
    next: run.next.kind === 'level' ? { kind: 'level', name: run.next.entry.name } : run.next,
    saveNote: run.saveNote,
  });

  const hideScreens = (): void => {
    for (const screen of Object.values(screens)) screen.hide();
  };

  const perform = (effect: AppEffect): void => {
    switch (effect.kind) {
      case 'showTitle': {
        hideScreens();
        stage.clearLevelEffects();
        const entry = entryOf(effect.previewKey);
        if (entry) showPreview(entry);
        stage.snapCamera();
        screens.title.show(effect.cursor ?? undefined);
        return;
      }
      case 'showMenu':
        hideScreens();
        stage.clearLevelEffects();
        screens.levelSelect.show(levelRows(), deps.env().progress.unlockAll, { selectKey: effect.selectKey, note: effect.note });
        screens.levelSelect.setStorageNote(progressStorageNote(deps.progress));
        return;
      case 'showPause':
        hideScreens();
        screens.pause.show(effect.levelName, { keepCursor: effect.keepCursor });
        return;
      case 'showComplete':
        hideScreens();
        screens.complete.show(completeInfo(effect.levelName, effect.run));
        return;
      case 'setCompleteSaveNote':
        screens.complete.setSaveNote(effect.note);
        return;
      case 'showSettings':
        hideScreens();
        screens.settings.open();
        return;
      case 'showControls':
        hideScreens();
        screens.controls.open();
        return;
      case 'hideScreens':
        hideScreens();
        return;
      case 'startAttempt':
        deps.session.start(effect.level.def);
        stage.clearLevelEffects();
        if (!effect.keepCamera) stage.snapCamera(); // a live reload of the same level eases instead
        stage.resetClock();
        hideScreens();
        deps.onAttemptStarted();
        return;
      case 'resetClock':
        stage.resetClock();
        return;
      case 'clearKeys':
        deps.keyboard.clear();
        return;
      case 'suspendKeys':
        deps.keyboard.suspend();
        return;
      case 'resumeKeys':
        deps.keyboard.resume();
        return;
      case 'retryCheckpoint':
        deps.retry();
        return;
      case 'focusGame':
        stage.focus();
        return;
      case 'setUrlLevel':
        deps.page.setLevelInUrl(effect.query);
        return;
      case 'setPageTitle':
        deps.page.setTitle(effect.levelName === null ? 'Ropebound' : `${isolateText(effect.levelName)} · Ropebound`);
        return;
      case 'clearErrors':
        clearErrors();
        return;
      case 'showErrors':
        showErrors(effect.title, effect.messages);
        return;
      case 'recordCompletion':
        // Kept in memory either way; a save that did not reach the storage is news for the player.
        if (!deps.progress.recordCompletion(effect.levelKey, effect.ticks, effect.deaths, effect.gems).isSaved) {
          dispatch({ type: 'progressNotSaved', problem: deps.progress.saveProblem ?? 'failed' });
        }
        return;
      case 'setUnlockAll':
        deps.progress.setUnlockAll(effect.isOn);
        return;
      case 'refreshMenu':
        screens.levelSelect.update(levelRows(), deps.env().progress.unlockAll);
        screens.levelSelect.setStorageNote(progressStorageNote(deps.progress));
        return;
      case 'stopGame':
        stage.stop();
        return;
      case 'reloadPage':
        deps.page.reload();
        return;
      case 'showPictureLost':
        deps.pictureLost.setLost(effect.isLost);
        return;
      case 'showEditor':
        stage.clearLevelEffects();
        deps.editor?.show(effect.start);
        return;
      case 'setEditorMode':
        deps.editor?.setMode(effect.mode);
        return;
      case 'testPlayCleared':
        deps.editor?.cleared(effect.ticks);
        return;
    }
  };

  const dispatch = (event: AppEvent): void => {
    queue.push(event);
    if (isDispatching) return;
    isDispatching = true;
    try {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const step = transition(state, next, deps.env());
        state = step.state;
        for (const effect of step.effects) perform(effect);
      }
    } finally {
      // An effect that threw ends up as a 'crash' event through the window's error handler.
      queue.length = 0;
      isDispatching = false;
    }
  };

  const screenFor = {
    title: screens.title, menu: screens.levelSelect, paused: screens.pause,
    complete: screens.complete, settings: screens.settings, controls: screens.controls,
  } as const;

  return {
    get state() {
      return state;
    },
    dispatch,
    menuAction(action, opts = {}) {
      const route = routeMenuAction(state, action, {
        isRepeat: opts.isRepeat === true,
        isWaitingForReconnect: deps.reconnect.waitingForReconnect !== null,
      });
      switch (route.kind) {
        case 'screen': return screenFor[route.screen].handleAction(action);
        case 'pause': dispatch({ type: 'pause' }); return true;
        case 'dismissReconnect': return deps.reconnect.dismissReconnect();
        case 'endTestPlay': dispatch({ type: 'endTestPlay' }); return true;
        case 'none': return false;
      }
    },
    get preview() {
      return preview;
    },
    get previewWorldNumber() {
      return previewWorldNumber;
    },
    previewLevel(levelKey) {
      const entry = entryOf(levelKey);
      if (!entry) return;
      showPreview(entry);
      stage.snapCamera();
    },
    describeLevel(levelKey) {
      const entry = entryOf(levelKey);
      return entry ? deps.previews.of(entry).description : '';
    },
    errors,
    showErrors,
    clearErrors,
  };
}
