// The app's state: which screen is up and, while a level is open, which level (the level session).
// Pure data and pure questions about it, for the state machine (appMachine.ts), the effect runner
// (appRunner.ts) and tests in Node; nothing here touches the DOM, the window or pixi.
//
// The level editor is two views: `{ screen: 'editor' }` (the lazily loaded editor chunk owns the
// draft; the app only knows it is up) and `{ screen: 'testPlay', level }`, a level whose source is
// `{ kind: 'editor' }`, played like any other, where back and a finish return to the editor.

import type { EditorStart } from '../editor/ui/editorStart';
import type { WorldDef } from '../sim';
import type { MenuAction } from '../input/menuAction';
import type { PlayedLevel } from './designerTools';
import type { LevelEntry } from './levelCatalog';

/** Where an open level came from. */
export type LevelSource =
  /** A level of the campaign (levels/NN-name.json): progress is kept, the next one follows. */
  | { kind: 'campaign'; entry: LevelEntry }
  /** A level from elsewhere (a dropped file): played and replayed, never recorded in progress. */
  | { kind: 'file' }
  /** The editor's draft, test-played: never recorded in progress; back and a finish return to the editor. */
  | { kind: 'editor' };

export type { EditorStart };

/** The level of the session: what is played, paused or just completed. */
export interface OpenLevel {
  /** The level's id (the campaign entry's id, else the file's own). */
  id: string;
  name: string;
  source: LevelSource;
  /** The level file's text, the version being played (live reload replaces it). */
  text: string;
  /** What names it in messages and downloads: `03-first-gap.json`, or a dropped file's name. */
  file: string;
  /** The parsed level; every attempt builds a fresh world from it. */
  def: WorldDef;
}

/** A finished run, as the complete screen shows it. */
export interface CompletedRun {
  /** Ticks from the start of the attempt to completion ((completedTick + 1), 60 per second). */
  ticks: number;
  deaths: number;
  /** Best time in ticks including this run; null when the run is not recorded (a replay's run,
   *  a level outside the campaign). */
  bestTicks: number | null;
  /** The run beat an earlier best (a first finish is not "new best"). */
  isNewBest: boolean;
  /** The level's par, ticks, or null when it has none (no replay, a level outside the campaign). */
  parTicks: number | null;
  /** Fewest deaths in any finished run including this one; null when the run is not recorded. */
  fewestDeaths: number | null;
  /** Gems collected in this run, of the level's `gemTotal` (0 of 0: a level without gems). */
  gems: number;
  gemTotal: number;
  /** Most gems collected in one finished run including this one; null when the run is not recorded. */
  mostGems: number | null;
  /** Why this result could not be saved (storage full or blocked): said on the complete screen. */
  saveNote: string | null;
  /** What "next" leads to. */
  next: { kind: 'level'; entry: LevelEntry } | { kind: 'campaignEnd' } | { kind: 'none' };
}

export type TitleItem = 'play' | 'create' | 'settings' | 'controls';

/** What settings and controls return to when closed. */
export type UnderOverlay = { screen: 'title' } | { screen: 'paused'; level: OpenLevel };

/** The screen that is up, with what it needs. 'menu' is the level select. */
export type View =
  | { screen: 'title' }
  | { screen: 'menu' }
  | { screen: 'playing'; level: OpenLevel }
  | { screen: 'paused'; level: OpenLevel }
  | { screen: 'complete'; level: OpenLevel; run: CompletedRun }
  | { screen: 'settings' | 'controls'; under: UnderOverlay }
  /** The level editor (its draft lives in the editor chunk). */
  | { screen: 'editor' }
  /** The editor's draft being played; `fromCheckpoint`: the index of the checkpoint it started at, or -1. */
  | { screen: 'testPlay'; level: OpenLevel; fromCheckpoint: number }
  /** An error stopped the game: no menu acts, R reloads the page. `level` is what was open. */
  | { screen: 'crashed'; level: OpenLevel | null };

export type ScreenName = View['screen'];

export interface AppState {
  readonly view: View;
  /** The key (levelCatalog.ts LevelEntry.key) of the campaign level opened last: where the level
   *  select's cursor starts and what the title shows behind it. Null before any, and after a
   *  level from elsewhere. */
  readonly recentKey: string | null;
  /** The browser took the WebGL context away: nothing can be drawn, so nothing is played until it
   *  comes back (a level being played is paused, and Resume waits). */
  readonly isPictureLost: boolean;
}

export const initialAppState: AppState = { view: { screen: 'title' }, recentKey: null, isPictureLost: false };

/** The open level: played, paused (also under its settings or controls), completed, or crashed in. */
export function openLevelOf(state: AppState): OpenLevel | null {
  const { view } = state;
  switch (view.screen) {
    case 'playing':
    case 'paused':
    case 'complete':
    case 'crashed':
    case 'testPlay':
      return view.level;
    case 'settings':
    case 'controls':
      return view.under.screen === 'paused' ? view.under.level : null;
    default:
      return null;
  }
}

/** The level R restarts: one played, paused or completed (not under its settings or controls). */
export function restartableLevel(state: AppState): OpenLevel | null {
  const { view } = state;
  return view.screen === 'playing' || view.screen === 'paused' || view.screen === 'complete' || view.screen === 'testPlay' ? view.level : null;
}

/** Whether the sim ticks: a level is being played and the picture is there to show it. */
export function isPlaying(state: AppState): boolean {
  return (state.view.screen === 'playing' || state.view.screen === 'testPlay') && !state.isPictureLost;
}

/** The screen name the audio layer picks music by: screens over a paused level count as paused. */
export function musicScreenOf(state: AppState): string {
  const { view } = state;
  if (view.screen === 'testPlay') return 'playing';
  return (view.screen === 'settings' || view.screen === 'controls') && view.under.screen === 'paused' ? 'paused' : view.screen;
}

/** The open level as the designer's tools see it (live reload, F8, dropped replays). */
export function playedLevelOf(level: OpenLevel): PlayedLevel {
  return {
    text: level.text,
    id: level.id,
    name: level.name,
    catalogFile: level.source.kind === 'campaign' ? level.source.entry.file : null,
    baseName: level.file.replace(/\.json$/i, ''),
  };
}

/** Where a menu action goes. */
export type MenuRoute =
  /** To the screen that is up (its cursor, its items). */
  | { kind: 'screen'; screen: 'title' | 'menu' | 'paused' | 'complete' | 'settings' | 'controls' }
  /** During play: Esc, P or a pad's Start pause the game. */
  | { kind: 'pause' }
  /** The reconnect message is up: back gives the player to the keyboard. */
  | { kind: 'dismissReconnect' }
  /** Test-play: Esc goes back to the editor. */
  | { kind: 'endTestPlay' }
  /** Not a menu action here: a player's button, a repeat, a crashed game, or the editor (its own keys). */
  | { kind: 'none' };

/**
 * Which part of the game a menu action is for. `isRepeat`: a key held down repeating (moves repeat
 * in lists; Enter and Esc must not act again). `isWaitingForReconnect`: a pad was unplugged in play.
 */
export function routeMenuAction(state: AppState, action: MenuAction, opts: { isRepeat: boolean; isWaitingForReconnect: boolean }): MenuRoute {
  const { screen } = state.view;
  if (screen === 'crashed' || screen === 'editor') return { kind: 'none' };
  if (screen === 'testPlay') return action === 'back' && !opts.isRepeat ? { kind: 'endTestPlay' } : { kind: 'none' };
  const isMove = action === 'up' || action === 'down' || action === 'left' || action === 'right';
  if (opts.isRepeat && (screen === 'playing' || !isMove)) return { kind: 'none' };
  if (screen !== 'playing') return { kind: 'screen', screen };
  if (opts.isWaitingForReconnect) return action === 'back' ? { kind: 'dismissReconnect' } : { kind: 'none' };
  // Only pausing is a menu action in play; everything else is a player's button.
  return action === 'back' || action === 'pause' ? { kind: 'pause' } : { kind: 'none' };
}
