// The screen flow as a pure state machine: `transition(state, event, env)` gives the next state and
// the effects that carry it out (show a screen, start an attempt, clear keys, record progress, set
// the URL). Every decision of the flow lives here: which screen is up, what back does on each, when
// R restarts, what happens on a finish, a bad level or a crash. appRunner.ts performs the effects;
// nothing here touches the DOM, the window or pixi, so tests/unit/appMachine.test.ts runs it in Node.
// The states are in appState.ts, which also says how the editor's views will plug in.

import { isolateText } from '../level/levelText';
import { parseLevel } from '../level/parseLevel';
import type { WorldDef } from '../sim';
import type { CompletedRun, AppState, EditorStart, OpenLevel, TitleItem, UnderOverlay, View } from './appState';
import { openLevelOf } from './appState';
import { firstUnfinished, isUnlocked, nextLevel } from './campaign';
import type { PlayedLevel } from './designerTools';
import { describeCatalog, findLevel, levelQueryOf, type LevelEntry } from './levelCatalog';
import { withCompletion, type Progress, type SaveProblem } from './progress';

/** What the machine reads but does not own: the campaign and the player's progress. */
export interface AppEnv {
  /** The campaign levels in order (live reload replaces the list). */
  readonly catalog: readonly LevelEntry[];
  readonly progress: Progress;
  /**
   * The catalogue's levels passed their first second (src/level/firstSecond.ts) when the build was
   * tested (`npm run check-levels` parses every shipped level), so opening one skips running it
   * again: a production build. The dev server, where designers change levels, checks each opening.
   */
  readonly levelsChecked?: boolean;
}

export type AppEvent =
  /** Start-up: `query` is the URL's `?level=` value (null without one); `edit`: the URL has `?edit`;
   *  `link`: the URL's fragment when it holds a shared level (`#share=1....`), or null. */
  | { type: 'boot'; query: string | null; edit?: boolean; link?: string | null }
  /** Title: Create; level select: Edit a copy (`levelKey`); a level from a file: Edit. */
  | { type: 'openEditor'; start: EditorStart }
  /** The editor leaves for the title. */
  | { type: 'closeEditor' }
  /** The editor test-plays its draft (already parsed: only a valid draft is played). */
  | { type: 'testPlay'; level: PlayedLevel; def: WorldDef; fromCheckpoint: number }
  /** Test-play: F5, Esc or the button go back to the editor. */
  | { type: 'endTestPlay' }
  /** A shared link's level is played (a level from elsewhere, like a dropped file). */
  | { type: 'playLink'; level: PlayedLevel; def: WorldDef }
  /** Title: Play. */
  | { type: 'play' }
  /** Title or pause menu: Settings / Controls. */
  | { type: 'openSettings' }
  | { type: 'openControls' }
  /** Esc, a pad's B, or a screen's Back button (also P on the pause menu and the screens over it). */
  | { type: 'back' }
  /** Pause menu: Resume. */
  | { type: 'resume' }
  /** Pause menu: Back to checkpoint (play resumes, and its first tick sends the sim's Retry). */
  | { type: 'backToCheckpoint' }
  /** Esc, P or a pad's Start in play, the window losing focus, the tab hidden. */
  | { type: 'pause' }
  /** R, the pause menu's Restart, the complete screen's play again; also what F8 and a replay ask for. */
  | { type: 'restart' }
  /** Pause menu: Quit to title. */
  | { type: 'quit' }
  /** Level select: a level was chosen (by its catalogue key). */
  | { type: 'startLevel'; levelKey: string }
  /** Level select: the unlock-all switch. */
  | { type: 'toggleUnlockAll' }
  /** Complete screen: the next level (Enter), the level select. */
  | { type: 'next' }
  | { type: 'toMenu' }
  /** The designer's tools load a level (a live reload of the open file, a dropped file). */
  | { type: 'loadLevel'; level: PlayedLevel; def: WorldDef; keepCamera: boolean }
  /** Both players reached the goal. `isReplay`: the run's inputs came from a replay. */
  | { type: 'completed'; ticks: number; deaths: number; isReplay: boolean; gems?: number; gemTotal?: number }
  /** The level files changed (dev server): the env has the new catalogue. */
  | { type: 'catalogChanged' }
  /** Recording a finish in the progress did not reach the storage. */
  | { type: 'progressNotSaved'; problem: SaveProblem }
  /** The browser took the WebGL context away (webglcontextlost) / gave it back (webglcontextrestored). */
  | { type: 'pictureLost' }
  | { type: 'pictureRestored' }
  /** An error stopped the game (`title` says what could not go on). */
  | { type: 'crash'; title: string; message: string };

export type AppEffect =
  /** Each `show…` hides every other screen first. `previewKey`: the level drawn behind the title. */
  | { kind: 'showTitle'; cursor: TitleItem | null; previewKey: string | null }
  | { kind: 'showMenu'; selectKey: string | null; note: string | null }
  | { kind: 'showPause'; levelName: string; keepCursor: boolean }
  | { kind: 'showComplete'; levelName: string; run: CompletedRun }
  /** The complete screen's line about saving (null: none). */
  | { kind: 'setCompleteSaveNote'; note: string | null }
  | { kind: 'showSettings' }
  | { kind: 'showControls' }
  | { kind: 'hideScreens' }
  /** A fresh world of `level` from its start, no screens; `keepCamera` for a live reload (eases). */
  | { kind: 'startAttempt'; level: OpenLevel; keepCamera: boolean }
  /** Forget the time the sim stood still, so it is not caught up. */
  | { kind: 'resetClock' }
  /** Release held keys: keys pressed on a menu must not reach the sim, and the other way round. */
  | { kind: 'clearKeys' }
  /** Pausing: keep the keys held now for resumeKeys (keyboard.ts suspend). */
  | { kind: 'suspendKeys' }
  /** Resuming: only keys held since the pause count, not those pressed on its menus. */
  | { kind: 'resumeKeys' }
  /** The next tick's masks carry the sim's Retry: the level put back at its last checkpoint. */
  | { kind: 'retryCheckpoint' }
  | { kind: 'focusGame' }
  /** `?level=` in the URL, so a reload comes back to the campaign level (null removes it). */
  | { kind: 'setUrlLevel'; query: string | null }
  /** The page's title: the level's name, or the game's alone. */
  | { kind: 'setPageTitle'; levelName: string | null }
  | { kind: 'clearErrors' }
  | { kind: 'showErrors'; title: string; messages: readonly string[] }
  /** Record a finish under the level's key; the runner reports a failed save as 'progressNotSaved'. */
  | { kind: 'recordCompletion'; levelKey: string; ticks: number; deaths: number; gems: number }
  | { kind: 'setUnlockAll'; isOn: boolean }
  /** Rebuild the level select's rows from the catalogue and progress, keeping its cursor. */
  | { kind: 'refreshMenu' }
  /** Loads the editor chunk if needed and shows it, opening `start`. */
  | { kind: 'showEditor'; start: EditorStart }
  /** The editor as the test-play starts ('play': only its play bar) or ends ('edit'); 'hidden' when left. */
  | { kind: 'setEditorMode'; mode: 'edit' | 'play' | 'hidden' }
  /** A test-play reached the goal from the spawns after `ticks` ticks: the editor records it as cleared. */
  | { kind: 'testPlayCleared'; ticks: number }
  /** Stop the frame loop: nothing ticks or draws any more. */
  | { kind: 'stopGame' }
  | { kind: 'reloadPage' }
  /** The "picture stopped" message, with how to get it back; false hides it. */
  | { kind: 'showPictureLost'; isLost: boolean };

export interface Transition {
  state: AppState;
  effects: AppEffect[];
}

export const CAMPAIGN_COMPLETE_NOTE = 'Campaign complete! Every level is done: try to beat your best times.';
/** Said with every crash: R is the one key that still does something. */
const CRASH_HINT = 'Press R to reload the page.';

const stay = (state: AppState): Transition => ({ state, effects: [] });
const go = (state: AppState, view: View, effects: AppEffect[], recentKey = state.recentKey): Transition =>
  ({ state: { ...state, view, recentKey }, effects });

/** The level a fresh player would play next (the level select's default cursor). */
function defaultLevelKey(env: AppEnv): string | null {
  return env.catalog[firstUnfinished(env.catalog, env.progress)]?.key ?? null;
}

/** What the complete screen says when a finish could not be saved. */
export function saveProblemNote(problem: SaveProblem): string {
  const why = problem === 'full' ? 'its storage is full' : 'it does not let the game store anything';
  return `Progress can't be saved in this browser (${why}). This result and your progress are kept until the tab is closed.`;
}

function toTitle(state: AppState, env: AppEnv, cursor: TitleItem | null): Transition {
  return go(state, { screen: 'title' }, [
    { kind: 'clearErrors' },
    { kind: 'setPageTitle', levelName: null },
    { kind: 'setUrlLevel', query: null },
    { kind: 'showTitle', cursor, previewKey: state.recentKey ?? defaultLevelKey(env) },
    { kind: 'clearKeys' },
  ]);
}

function toMenu(state: AppState, env: AppEnv, selectKey: string | null, note: string | null = null): Transition {
  return go(state, { screen: 'menu' }, [
    { kind: 'clearErrors' },
    { kind: 'setPageTitle', levelName: null },
    { kind: 'setUrlLevel', query: null },
    { kind: 'showMenu', selectKey: selectKey ?? defaultLevelKey(env), note },
    { kind: 'clearKeys' },
  ]);
}

/** Back from settings or controls to what they were opened over, cursor on the item that opened them. */
function closeOverlay(state: AppState, env: AppEnv, item: 'settings' | 'controls', under: UnderOverlay): Transition {
  // Over the pause menu the keys held since the pause stay kept; what was pressed here never
  // counts (resumeKeys).
  if (under.screen === 'paused') return go(state, under, [{ kind: 'showPause', levelName: under.level.name, keepCursor: true }]);
  return go(state, under, [{ kind: 'showTitle', cursor: item, previewKey: state.recentKey ?? defaultLevelKey(env) }, { kind: 'clearKeys' }]);
}

/** Plays `level` from its start. */
function play(state: AppState, level: OpenLevel, keepCamera: boolean, effects: AppEffect[] = []): Transition {
  const recentKey = level.source.kind === 'campaign' ? level.source.entry.key : null;
  return go(state, { screen: 'playing', level }, [
    { kind: 'setPageTitle', levelName: level.name },
    { kind: 'startAttempt', level, keepCamera },
    ...effects,
  ], recentKey);
}

/**
 * Opens a campaign level. A level file that does not parse leads to the level select, cursor on
 * it, with the validation messages shown: never an empty "playing" screen.
 * `isDeepLink`: opened by `?level=` at start-up, where the URL and any message stay as they are.
 */
function startCampaignLevel(state: AppState, env: AppEnv, entry: LevelEntry, isDeepLink = false): Transition {
  const parsed = parseLevel(entry.text, { firstSecond: env.levelsChecked !== true });
  if (!parsed.ok) {
    const menu = toMenu(state, env, entry.key);
    menu.effects.push({ kind: 'showErrors', title: `The level ${isolateText(entry.file)} could not be loaded`, messages: parsed.errors });
    return menu;
  }
  const level: OpenLevel = { id: entry.id, name: parsed.name, source: { kind: 'campaign', entry }, text: entry.text, file: entry.file, def: parsed.def };
  if (isDeepLink) return play(state, level, false);
  const started = play(state, level, false, [{ kind: 'setUrlLevel', query: levelQueryOf(env.catalog, entry) }, { kind: 'clearKeys' }, { kind: 'focusGame' }]);
  started.effects.unshift({ kind: 'clearErrors' }); // messages about the level before
  return started;
}

function boot(state: AppState, env: AppEnv, query: string | null, edit: boolean, link: string | null): Transition {
  // A shared link or `?edit` opens the editor whatever else the URL says: that is what was shared.
  if (link) return toEditor(state, { kind: 'link', fragment: link });
  if (edit) return toEditor(state, { kind: 'resume' });
  if (env.catalog.length === 0) {
    const title = toTitle(state, env, null);
    title.effects.push({ kind: 'showErrors', title: 'The game has no levels', messages: ['levels/ holds no NN-name.json files'] });
    return title;
  }
  if (query === null || query.trim() === '') return toTitle(state, env, null);
  const entry = findLevel(env.catalog, query);
  if (entry) return startCampaignLevel(state, env, entry, true);
  const first = env.catalog[0];
  const notFound: AppEffect = {
    kind: 'showErrors',
    title: `There is no level '${isolateText(query)}'; playing level ${first.number} instead. The levels are:`,
    messages: describeCatalog(env.catalog),
  };
  const started = startCampaignLevel(state, env, first, true);
  // Said before the level starts, or after the level select cleared the box for level 1's errors.
  if (started.state.view.screen === 'playing') started.effects.unshift(notFound);
  else started.effects.push(notFound);
  return started;
}

function complete(state: AppState, env: AppEnv, level: OpenLevel, ticks: number, deaths: number, isReplay: boolean, gems = 0, gemTotal = 0): Transition {
  const effects: AppEffect[] = [];
  let bestTicks: number | null = null;
  let isNewBest = false;
  let fewestDeaths: number | null = null;
  let mostGems: number | null = null;
  let parTicks: number | null = null;
  let next: CompletedRun['next'] = { kind: 'none' };
  if (level.source.kind === 'campaign') {
    const { entry } = level.source;
    parTicks = entry.parTicks ?? null;
    if (!isReplay) { // a replay's finish is not the players' own
      const { result } = withCompletion(env.progress, entry.key, ticks, deaths, gems);
      bestTicks = result.record.bestTicks;
      isNewBest = result.isNewBest && result.previousBestTicks !== null;
      fewestDeaths = result.record.fewestDeaths;
      mostGems = result.record.mostGems ?? 0;
      effects.push({ kind: 'recordCompletion', levelKey: entry.key, ticks, deaths, gems });
    }
    // Campaign order, by the entry itself: a copied file with the same id is not "the next one".
    const after = nextLevel(env.catalog, entry.key);
    next = after ? { kind: 'level', entry: after } : { kind: 'campaignEnd' };
  }
  const run: CompletedRun = { ticks, deaths, bestTicks, isNewBest, parTicks, fewestDeaths, gems, gemTotal, mostGems, next, saveNote: null };
  effects.push({ kind: 'showComplete', levelName: level.name, run });
  return go(state, { screen: 'complete', level, run }, effects);
}

function toEditor(state: AppState, start: EditorStart): Transition {
  return go(state, { screen: 'editor' }, [
    { kind: 'hideScreens' },
    { kind: 'clearErrors' },
    { kind: 'setPageTitle', levelName: null },
    { kind: 'setUrlLevel', query: null },
    { kind: 'clearKeys' },
    { kind: 'showEditor', start },
  ], null);
}

/** Back from test-play to the editor, which kept its camera and selection. */
function backToEditor(state: AppState, extra: AppEffect[] = []): Transition {
  return go(state, { screen: 'editor' }, [...extra, { kind: 'clearKeys' }, { kind: 'setEditorMode', mode: 'edit' }, { kind: 'setPageTitle', levelName: null }]);
}

/** The catalogue key of an open campaign level, or null for a level from elsewhere. */
function campaignKeyOf(level: OpenLevel): string | null {
  return level.source.kind === 'campaign' ? level.source.entry.key : null;
}

/** The level the designer's tools hand over, as the session's level (a campaign file stays one). */
function levelFromTools(env: AppEnv, played: PlayedLevel, def: WorldDef): OpenLevel {
  const entry = played.catalogFile ? env.catalog.find((e) => e.file === played.catalogFile) : undefined;
  return {
    id: entry?.id ?? played.id,
    name: played.name,
    source: entry ? { kind: 'campaign', entry } : { kind: 'file' },
    text: played.text,
    file: played.catalogFile ?? `${played.baseName}.json`,
    def,
  };
}

export function transition(state: AppState, event: AppEvent, env: AppEnv): Transition {
  const { view } = state;
  // A crashed game stays crashed: the page must be reloaded. Later errors are still shown.
  if (view.screen === 'crashed') {
    if (event.type === 'restart') return go(state, view, [{ kind: 'reloadPage' }]);
    if (event.type === 'crash') return go(state, view, [{ kind: 'showErrors', title: `${event.title}. ${CRASH_HINT}`, messages: [event.message] }]);
    return stay(state);
  }
  switch (event.type) {
    case 'boot':
      return boot(state, env, event.query, event.edit === true, event.link ?? null);
    case 'play':
      return view.screen === 'title' ? toMenu(state, env, state.recentKey) : stay(state);
    case 'openEditor':
      // From the title (Create), the level select (Edit a copy), a level from elsewhere (Edit),
      // or the editor itself (a link's Edit a copy, My levels).
      if (view.screen !== 'title' && view.screen !== 'menu' && view.screen !== 'paused' && view.screen !== 'complete' && view.screen !== 'editor') return stay(state);
      return toEditor(state, event.start);
    case 'closeEditor':
      if (view.screen !== 'editor') return stay(state);
      return go(state, { screen: 'title' }, [{ kind: 'setEditorMode', mode: 'hidden' }, ...toTitle(state, env, 'create').effects]);
    case 'testPlay': {
      if (view.screen !== 'editor' || state.isPictureLost) return stay(state);
      const level: OpenLevel = {
        id: event.level.id, name: event.level.name, source: { kind: 'editor' }, text: event.level.text,
        file: `${event.level.baseName}.json`, def: event.def,
      };
      return go(state, { screen: 'testPlay', level, fromCheckpoint: event.fromCheckpoint }, [
        { kind: 'setEditorMode', mode: 'play' },
        { kind: 'startAttempt', level, keepCamera: true },
        { kind: 'clearKeys' },
        { kind: 'focusGame' },
      ]);
    }
    case 'endTestPlay':
      return view.screen === 'testPlay' ? backToEditor(state) : stay(state);
    case 'playLink': {
      if (view.screen !== 'editor') return stay(state);
      const level = levelFromTools(env, event.level, event.def);
      return play(state, level, false, [{ kind: 'setEditorMode', mode: 'hidden' }, { kind: 'clearKeys' }, { kind: 'focusGame' }]);
    }
    case 'openSettings':
    case 'openControls': {
      const screen = event.type === 'openSettings' ? 'settings' : 'controls';
      const under: UnderOverlay | null = view.screen === 'title' ? view : view.screen === 'paused' ? view : null;
      if (!under) return stay(state);
      return go(state, { screen, under }, [{ kind: screen === 'settings' ? 'showSettings' : 'showControls' }]);
    }
    case 'back':
      switch (view.screen) {
        case 'menu': return toTitle(state, env, 'play');
        case 'paused': return transition(state, { type: 'resume' }, env);
        case 'complete': return transition(state, { type: 'toMenu' }, env);
        case 'settings':
        case 'controls': return closeOverlay(state, env, view.screen, view.under);
        case 'testPlay': return backToEditor(state);
        default: return stay(state);
      }
    case 'resume':
    case 'backToCheckpoint':
      // Without a picture the players could not see what they play: Resume waits for it.
      if (view.screen !== 'paused' || state.isPictureLost) return stay(state);
      // Keys pressed at the pause menu (arrows move its cursor and are P1's keys too) must not
      // reach the sim, while a key held through the pause (an anchor) still counts; the time spent
      // paused must not be caught up. Back to checkpoint is a resume whose first tick asks the sim
      // to respawn (a pair stuck, or a crate wedged, had only a death or a restart to get out).
      return go(state, { screen: 'playing', level: view.level }, [
        { kind: 'hideScreens' }, { kind: 'resumeKeys' }, { kind: 'resetClock' }, { kind: 'focusGame' },
        ...(event.type === 'backToCheckpoint' ? [{ kind: 'retryCheckpoint' } as const] : []),
      ]);
    case 'pause':
      // Test-play has no pause menu: a lost focus ends it (the designer is not at the keys).
      if (view.screen === 'testPlay') return backToEditor(state);
      if (view.screen !== 'playing') return stay(state); // only a level being played can pause
      return go(state, { screen: 'paused', level: view.level }, [
        { kind: 'suspendKeys' }, { kind: 'showPause', levelName: view.level.name, keepCursor: false },
      ]);
    case 'restart': {
      // While the picture is lost, R is the way out the message offers: reload the page.
      if (state.isPictureLost) return go(state, view, [{ kind: 'reloadPage' }]);
      // R on the title, the level select or a screen over the pause menu is not a restart.
      if (view.screen === 'testPlay') return go(state, view, [{ kind: 'startAttempt', level: view.level, keepCamera: false }]);
      if (view.screen !== 'playing' && view.screen !== 'paused' && view.screen !== 'complete') return stay(state);
      // From a menu, keys pressed there must not reach the new attempt.
      return go(state, { screen: 'playing', level: view.level }, view.screen === 'playing'
        ? [{ kind: 'startAttempt', level: view.level, keepCamera: false }]
        : [{ kind: 'startAttempt', level: view.level, keepCamera: false }, { kind: 'clearKeys' }]);
    }
    case 'quit':
      return view.screen === 'paused' ? toTitle(state, env, 'play') : stay(state);
    case 'startLevel': {
      if (view.screen !== 'menu') return stay(state);
      const index = env.catalog.findIndex((e) => e.key === event.levelKey);
      if (!isUnlocked(env.catalog, env.progress, index)) return stay(state); // the list never offers it
      return startCampaignLevel(state, env, env.catalog[index]);
    }
    case 'toggleUnlockAll':
      if (view.screen !== 'menu') return stay(state);
      return go(state, view, [{ kind: 'setUnlockAll', isOn: !env.progress.unlockAll }, { kind: 'refreshMenu' }]);
    case 'next': {
      if (view.screen !== 'complete') return stay(state);
      const { next } = view.run;
      if (next.kind === 'level') return startCampaignLevel(state, env, next.entry);
      if (next.kind === 'campaignEnd') return toMenu(state, env, campaignKeyOf(view.level), CAMPAIGN_COMPLETE_NOTE);
      return transition(state, { type: 'restart' }, env); // a level outside the campaign: play it again
    }
    case 'toMenu':
      if (view.screen !== 'complete') return stay(state);
      return toMenu(state, env, campaignKeyOf(view.level));
    case 'loadLevel':
      // The editor opens dropped files itself; live reload never replaces its draft or test-play.
      if (view.screen === 'editor' || view.screen === 'testPlay') return stay(state);
      return play(state, levelFromTools(env, event.level, event.def), event.keepCamera);
    case 'completed':
      // A test-play from the spawns clears the draft; from a checkpoint it only proves the rest.
      if (view.screen === 'testPlay') {
        if (event.isReplay) return backToEditor(state);
        return backToEditor(state, view.fromCheckpoint < 0 ? [{ kind: 'testPlayCleared', ticks: event.ticks }] : []);
      }
      return view.screen === 'playing' ? complete(state, env, view.level, event.ticks, event.deaths, event.isReplay, event.gems, event.gemTotal) : stay(state);
    case 'catalogChanged':
      return view.screen === 'menu' ? go(state, view, [{ kind: 'refreshMenu' }]) : stay(state);
    case 'pictureLost': {
      if (state.isPictureLost) return stay(state);
      const lost: AppState = { ...state, isPictureLost: true };
      if (view.screen === 'testPlay') return go(lost, { screen: 'editor' }, [...backToEditor(state).effects, { kind: 'showPictureLost', isLost: true }]);
      const pause = view.screen === 'playing' ? transition(state, { type: 'pause' }, env).effects : [];
      return go(lost, view.screen === 'playing' ? { screen: 'paused', level: view.level } : view, [...pause, { kind: 'showPictureLost', isLost: true }]);
    }
    case 'pictureRestored': {
      if (!state.isPictureLost) return stay(state);
      const back: AppState = { ...state, isPictureLost: false };
      // A level started while there was no picture waits on the pause menu too: play resumes
      // when the players can see it.
      if (view.screen === 'playing') {
        return go(back, { screen: 'paused', level: view.level }, [
          { kind: 'showPictureLost', isLost: false }, { kind: 'clearKeys' }, { kind: 'showPause', levelName: view.level.name, keepCursor: false },
        ]);
      }
      return go(back, view, [{ kind: 'showPictureLost', isLost: false }, { kind: 'resetClock' }]);
    }
    case 'progressNotSaved': {
      // The finish is kept in memory; the player hears why it will not outlast the tab.
      if (view.screen !== 'complete') return stay(state);
      const run: CompletedRun = { ...view.run, saveNote: saveProblemNote(event.problem) };
      return go(state, { ...view, run }, [{ kind: 'setCompleteSaveNote', note: run.saveNote }]);
    }
    case 'crash':
      return go(state, { screen: 'crashed', level: openLevelOf(state) }, [
        { kind: 'stopGame' },
        { kind: 'hideScreens' },
        { kind: 'showErrors', title: `${event.title}. ${CRASH_HINT}`, messages: [event.message] },
      ]);
  }
}
