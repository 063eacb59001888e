// The player's settings (volumes, mute, reduced motion, keys, assists) and how they are kept in
// localStorage under one versioned key. Like progress.ts, whatever the storage does the game goes on:
// bad data reads as defaults field by field (one broken value does not cost the others, and a
// record cut short keeps every field read in full), another version reads as defaults, a failed
// write keeps the settings in memory for the session and says why. A record that was not read in
// full is copied under SETTINGS_BACKUP_KEY before it is first overwritten (storedRecord.ts).

import * as v from 'valibot';
import {
  DEFAULT_KEYS, MAX_KEYS_PER_ACTION, PLAYER_ACTIONS, isBindableKey,
  type KeyBindings, type PlayerAction, type PlayerKeys,
} from '../input/keyboard';
import { parseJsonPrefix } from './partialJson';
import { openStoredRecord, type SaveProblem, type StorageLike } from './storedRecord';

export const SETTINGS_KEY = 'ropebound.settings.v1';
/** Where a settings record the game could not fully read is copied before it is first overwritten. */
export const SETTINGS_BACKUP_KEY = 'ropebound.settings.v1.backup';
export const SETTINGS_VERSION = 1;
/** Slowest game speed (assist), fraction of normal speed; steps of GAME_SPEED_STEP up to 1. */
export const MIN_GAME_SPEED = 0.5;
export const GAME_SPEED_STEP = 0.1;

export interface Settings {
  /** Music loudness, 0..1. */
  musicVolume: number;
  /** Sound effects loudness, 0..1. */
  effectsVolume: number;
  /** All sound off (M), whatever the volumes. */
  isMuted: boolean;
  /** No screen shake or flashes. */
  isReducedMotion: boolean;
  /** Keys of P1 and P2. */
  keys: KeyBindings;
  /** Assist: the game runs at this fraction of normal speed, 0.5..1 in steps of 0.1. */
  gameSpeed: number;
  /** Assist: spikes and spiked boxes do not kill (falling out of the level still does). */
  isInvincible: boolean;
}

/** What `reset` puts back: the keys only, or everything. */
export type SettingsPart = 'keys' | 'all';

export interface SettingsStore {
  readonly settings: Readonly<Settings>;
  /** False while the settings live only in memory (no storage, or the last write failed). */
  readonly isPersistent: boolean;
  /** Why the settings are not being saved, or null. */
  readonly saveProblem: SaveProblem | null;
  /** How the stored settings read at start. */
  readonly readState: SettingsReadState;
  /** What the settings screen says about saving (not saved, or a damaged record), or null. */
  readonly storageNote: string | null;
  /** Changes some fields (each is checked: out-of-range numbers are clamped, junk is ignored) and saves. */
  update(patch: Partial<Settings>): void;
  /** Puts `part` (default everything) back to the defaults and saves. */
  reset(part?: SettingsPart): void;
  /** Calls `listener(now, before)` after every change; returns the unsubscribe function. */
  subscribe(listener: (settings: Readonly<Settings>, previous: Readonly<Settings>) => void): () => void;
}

/** The subset of `window.matchMedia` used for the reduced-motion default. */
export type MatchMediaLike = (query: string) => { matches: boolean };

export function defaultSettings(prefersReducedMotion = false): Settings {
  return {
    musicVolume: 0.7,
    effectsVolume: 0.8,
    isMuted: false,
    isReducedMotion: prefersReducedMotion,
    keys: DEFAULT_KEYS,
    gameSpeed: 1,
    isInvincible: false,
  };
}

const finite = v.pipe(v.number(), v.finite());
const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/** A game speed snapped to the 0.1 steps in [MIN_GAME_SPEED, 1] (0.7000000001 -> 0.7). */
export function snapGameSpeed(x: number): number {
  const steps = Math.round(clamp(x, MIN_GAME_SPEED, 1) / GAME_SPEED_STEP);
  return Math.round(steps * GAME_SPEED_STEP * 10) / 10;
}

/** Counts the stored values that could not be used (the record was then not read in full). */
interface Rejects { count: number }

function readVolume(x: unknown, fallback: number, rejects: Rejects): number {
  const r = v.safeParse(finite, x);
  if (!r.success) rejects.count++;
  return r.success ? clamp(r.output, 0, 1) : fallback;
}

function readBoolean(x: unknown, fallback: boolean, rejects: Rejects): boolean {
  if (typeof x !== 'boolean') rejects.count++;
  return typeof x === 'boolean' ? x : fallback;
}

function readActionKeys(x: unknown, fallback: readonly string[], rejects: Rejects): readonly string[] {
  if (!Array.isArray(x) || x.length < 1 || x.length > MAX_KEYS_PER_ACTION || !x.every(isBindableKey)) {
    rejects.count++;
    return fallback;
  }
  return [...new Set(x as string[])];
}

const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** Keys read action by action: a broken action gets its default key, the rest stay. A table cut
 *  short after P1 (a truncated record) keeps P1's keys. */
function readKeys(x: unknown, fallback: KeyBindings, rejects: Rejects): KeyBindings {
  if (!Array.isArray(x) || x.length < 1 || x.length > 2) {
    rejects.count++;
    return fallback;
  }
  if (x.length < 2) rejects.count++;
  const player = (p: unknown, def: PlayerKeys): PlayerKeys => {
    if (typeof p !== 'object' || p === null || Array.isArray(p)) {
      rejects.count++;
      return def;
    }
    const out = {} as Record<PlayerAction, readonly string[]>;
    for (const action of PLAYER_ACTIONS) {
      out[action] = own(p, action) ? readActionKeys((p as Record<string, unknown>)[action], def[action], rejects) : def[action];
      if (!own(p, action)) rejects.count++;
    }
    return out;
  };
  return [player(x[0], fallback[0]), x.length > 1 ? player(x[1], fallback[1]) : fallback[1]];
}

/** Any object's own fields over `base`: each known field checked on its own; unknown fields ignored. */
function mergeFields(base: Settings, raw: Record<string, unknown>, rejects: Rejects = { count: 0 }): Settings {
  const has = (k: string) => own(raw, k);
  const speed = v.safeParse(finite, raw.gameSpeed);
  if (has('gameSpeed') && !speed.success) rejects.count++;
  return {
    musicVolume: has('musicVolume') ? readVolume(raw.musicVolume, base.musicVolume, rejects) : base.musicVolume,
    effectsVolume: has('effectsVolume') ? readVolume(raw.effectsVolume, base.effectsVolume, rejects) : base.effectsVolume,
    isMuted: has('isMuted') ? readBoolean(raw.isMuted, base.isMuted, rejects) : base.isMuted,
    isReducedMotion: has('isReducedMotion') ? readBoolean(raw.isReducedMotion, base.isReducedMotion, rejects) : base.isReducedMotion,
    keys: has('keys') ? readKeys(raw.keys, base.keys, rejects) : base.keys,
    gameSpeed: has('gameSpeed') && speed.success ? snapGameSpeed(speed.output) : base.gameSpeed,
    isInvincible: has('isInvincible') ? readBoolean(raw.isInvincible, base.isInvincible, rejects) : base.isInvincible,
  };
}

/** How the stored settings read: nothing stored, in full, not in full (the good fields are kept),
 *  or written by a newer version (not read). */
export type SettingsReadState = 'empty' | 'ok' | 'damaged' | 'newer';

/**
 * Stored text -> settings and how it read. Missing -> the defaults; another version -> the
 * defaults ('newer' or 'damaged'); otherwise every field on its own: a volume of 7 is clamped to
 * 1, a key list of junk is that action's default key, and a record cut short keeps every field
 * that was there in full.
 */
export function readSettings(text: string | null, defaults: Settings = defaultSettings()): { settings: Settings; state: SettingsReadState } {
  if (text === null) return { settings: defaults, state: 'empty' };
  const { value, isComplete } = parseJsonPrefix(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { settings: defaults, state: 'damaged' };
  const raw = value as Record<string, unknown>;
  if (!own(raw, 'version') || raw.version !== SETTINGS_VERSION) {
    const isNewer = typeof raw.version === 'number' && raw.version > SETTINGS_VERSION;
    return { settings: defaults, state: isNewer ? 'newer' : 'damaged' };
  }
  const rejects: Rejects = { count: 0 };
  const settings = mergeFields(defaults, raw, rejects);
  return { settings, state: isComplete && rejects.count === 0 ? 'ok' : 'damaged' };
}

/** Stored text -> settings (readSettings without the state). */
export function parseSettings(text: string | null, defaults: Settings = defaultSettings()): Settings {
  return readSettings(text, defaults).settings;
}

/** What the settings screen says about saving, or null when all is well. */
export function settingsStorageNote(store: Pick<SettingsStore, 'saveProblem' | 'readState'>): string | null {
  const lines: string[] = [];
  if (store.readState === 'damaged') lines.push(`The saved settings were damaged: every setting that could be read is back. The old record is kept as a copy (${SETTINGS_BACKUP_KEY}) before anything is saved over it.`);
  else if (store.readState === 'newer') lines.push(`The saved settings come from a newer version of the game: the defaults are used, and the old record is kept as a copy (${SETTINGS_BACKUP_KEY}).`);
  if (store.saveProblem === 'blocked') lines.push("Settings can't be saved in this browser (it does not let the game store anything): they last until the tab is closed.");
  else if (store.saveProblem === 'full') lines.push("Settings can't be saved in this browser (its storage is full): they last until the tab is closed.");
  else if (store.saveProblem === 'failed') lines.push("Settings can't be saved in this browser (the last save failed): they last until the tab is closed.");
  return lines.length > 0 ? lines.join(' ') : null;
}

export function serializeSettings(s: Readonly<Settings>): string {
  return JSON.stringify({ version: SETTINGS_VERSION, ...s });
}

/**
 * Reads the settings once from `getStorage()` and writes them back after every change.
 * `getStorage` is a function because merely touching `window.localStorage` throws where storage is
 * blocked. `matchMedia` gives the reduced-motion default (the OS setting) when nothing is stored.
 */
export function createSettingsStore(getStorage: () => StorageLike | null | undefined, matchMedia?: MatchMediaLike): SettingsStore {
  let prefersReduced = false;
  try {
    prefersReduced = matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  } catch {
    // an old browser without the query: motion stays on until the player says otherwise
  }
  const defaults = defaultSettings(prefersReduced);
  const record = openStoredRecord(getStorage, SETTINGS_KEY, SETTINGS_BACKUP_KEY);
  const read = readSettings(record.text, defaults);
  if (read.state === 'damaged' || read.state === 'newer') record.markDamaged();
  let settings: Readonly<Settings> = Object.freeze(read.settings);
  const listeners = new Set<(s: Readonly<Settings>, previous: Readonly<Settings>) => void>();

  const commit = (next: Settings): void => {
    const previous = settings;
    settings = Object.freeze(next);
    record.write(serializeSettings(settings)); // a failure keeps them in memory (saveProblem says why)
    for (const listener of [...listeners]) listener(settings, previous);
  };

  const store: SettingsStore = {
    get settings() {
      return settings;
    },
    get isPersistent() {
      return record.problem === null;
    },
    get saveProblem() {
      return record.problem;
    },
    readState: read.state,
    get storageNote() {
      return settingsStorageNote(store);
    },
    update(patch) {
      commit(mergeFields(settings, patch as Record<string, unknown>));
    },
    reset(part = 'all') {
      commit(part === 'keys' ? { ...settings, keys: defaults.keys } : { ...defaults });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}

/**
 * Whether the sim step about to run is invincible: the setting, but never for a step fed by a
 * replay (committed replays were made without assists and must keep their hashes) nor while F8
 * records (a replay is proof a level can be done, so it is made without assists).
 */
export function isInvincibleStep(s: Readonly<Settings>, isReplayStep: boolean, isRecording: boolean): boolean {
  return s.isInvincible && !isReplayStep && !isRecording;
}

/** True while an assist is on (the HUD shows "Assists on"). */
export function hasAssists(s: Readonly<Settings>): boolean {
  return s.isInvincible || s.gameSpeed < 1;
}
