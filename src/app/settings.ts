// The player's settings (volumes, mute, reduced motion, keys, assists) and how they are kept in
// localStorage under one versioned key. Like progress.ts, whatever the storage does the game goes on:
// bad data reads as defaults field by field (one broken value does not cost the others), another
// version reads as defaults, a failed write keeps the settings in memory for the session.

import * as v from 'valibot';
import {
  DEFAULT_KEYS, MAX_KEYS_PER_ACTION, PLAYER_ACTIONS, isBindableKey,
  type KeyBindings, type PlayerAction, type PlayerKeys,
} from '../input/keyboard';
import type { StorageLike } from './progress';

export const SETTINGS_KEY = 'ropebound.settings.v1';
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

function readVolume(x: unknown, fallback: number): number {
  const r = v.safeParse(finite, x);
  return r.success ? clamp(r.output, 0, 1) : fallback;
}

function readBoolean(x: unknown, fallback: boolean): boolean {
  return typeof x === 'boolean' ? x : fallback;
}

function readActionKeys(x: unknown, fallback: readonly string[]): readonly string[] {
  if (!Array.isArray(x) || x.length < 1 || x.length > MAX_KEYS_PER_ACTION) return fallback;
  if (!x.every(isBindableKey)) return fallback;
  return [...new Set(x as string[])];
}

/** Keys read action by action: a broken action gets its default key, the rest stay. */
function readKeys(x: unknown, fallback: KeyBindings): KeyBindings {
  if (!Array.isArray(x) || x.length !== 2) return fallback;
  const player = (p: unknown, def: PlayerKeys): PlayerKeys => {
    if (typeof p !== 'object' || p === null || Array.isArray(p)) return def;
    const out = {} as Record<PlayerAction, readonly string[]>;
    for (const action of PLAYER_ACTIONS) out[action] = readActionKeys((p as Record<string, unknown>)[action], def[action]);
    return out;
  };
  return [player(x[0], fallback[0]), player(x[1], fallback[1])];
}

/** Any object's fields over `base`: each known field checked on its own; unknown fields ignored. */
function mergeFields(base: Settings, raw: Record<string, unknown>): Settings {
  const has = (k: string) => Object.prototype.hasOwnProperty.call(raw, k);
  const speed = v.safeParse(finite, raw.gameSpeed);
  return {
    musicVolume: has('musicVolume') ? readVolume(raw.musicVolume, base.musicVolume) : base.musicVolume,
    effectsVolume: has('effectsVolume') ? readVolume(raw.effectsVolume, base.effectsVolume) : base.effectsVolume,
    isMuted: readBoolean(raw.isMuted, base.isMuted),
    isReducedMotion: readBoolean(raw.isReducedMotion, base.isReducedMotion),
    keys: has('keys') ? readKeys(raw.keys, base.keys) : base.keys,
    gameSpeed: has('gameSpeed') && speed.success ? snapGameSpeed(speed.output) : base.gameSpeed,
    isInvincible: readBoolean(raw.isInvincible, base.isInvincible),
  };
}

/**
 * Stored text -> settings. Missing, not JSON, not an object or another version -> the defaults;
 * otherwise every field on its own: a volume of 7 is clamped to 1, a key list of junk is that
 * action's default key.
 */
export function parseSettings(text: string | null, defaults: Settings = defaultSettings()): Settings {
  if (text === null) return defaults;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return defaults;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return defaults;
  const raw = json as Record<string, unknown>;
  if (raw.version !== SETTINGS_VERSION) return defaults;
  return mergeFields(defaults, raw);
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
  let storage: StorageLike | null = null;
  let settings: Readonly<Settings> = defaults;
  try {
    storage = getStorage() ?? null;
    settings = parseSettings(storage ? storage.getItem(SETTINGS_KEY) : null, defaults);
  } catch {
    storage = null; // access denied: play on with settings in memory
  }
  settings = Object.freeze(settings);
  let isPersistent = storage !== null;
  const listeners = new Set<(s: Readonly<Settings>, previous: Readonly<Settings>) => void>();

  const commit = (next: Settings): void => {
    const previous = settings;
    settings = Object.freeze(next);
    if (storage) {
      try {
        storage.setItem(SETTINGS_KEY, serializeSettings(settings));
        isPersistent = true;
      } catch {
        isPersistent = false; // QuotaExceededError or a revoked storage: kept in memory
      }
    }
    for (const listener of [...listeners]) listener(settings, previous);
  };

  return {
    get settings() {
      return settings;
    },
    get isPersistent() {
      return isPersistent;
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
