// The settings store: whatever localStorage holds or does, the game reads usable settings, keeps
// every good field of a damaged file, and never crashes.
import { describe, expect, it, vi } from 'vitest';
import {
  SETTINGS_BACKUP_KEY, SETTINGS_KEY, createSettingsStore, defaultSettings, hasAssists, isInvincibleStep, parseSettings, readSettings,
  serializeSettings, snapGameSpeed, type Settings,
} from '../../src/app/settings';
import { truncations } from '../../tools/scenarios/hostileText';
import type { StorageLike } from '../../src/app/progress';
import { DEFAULT_KEYS } from '../../src/input/keyboard';

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string>; isFull: boolean } {
  const data = new Map(Object.entries(initial));
  const s = {
    data,
    isFull: false,
    getItem: (k: string) => data.get(k) ?? null,
    setItem(k: string, v: string) {
      if (s.isFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      data.set(k, v);
    },
  };
  return s;
}

const stored = (fields: Record<string, unknown>) => JSON.stringify({ version: 1, ...fields });

describe('parseSettings', () => {
  it('reads back what serializeSettings wrote', () => {
    const s = {
      ...defaultSettings(), musicVolume: 0.25, effectsVolume: 0, isMuted: true, isReducedMotion: true,
      gameSpeed: 0.6, isInvincible: true,
      keys: [{ ...DEFAULT_KEYS[0], jump: ['KeyI'] }, { ...DEFAULT_KEYS[1], anchor: ['Slash'] }] as const,
    };
    expect(parseSettings(serializeSettings(s))).toEqual(s);
  });

  it.each([
    ['missing', null],
    ['not JSON', '{"version":1,'],
    ['JSON null', 'null'],
    ['an array', '[1]'],
    ['another version', JSON.stringify({ version: 2, musicVolume: 0.1 })],
    ['no version', JSON.stringify({ musicVolume: 0.1 })],
  ])('%s -> the defaults', (_name, text) => {
    expect(parseSettings(text)).toEqual(defaultSettings());
  });

  it('clamps out-of-range numbers and defaults junk field by field, keeping the good fields', () => {
    const s = parseSettings(stored({
      musicVolume: 7, effectsVolume: -1, isMuted: 'yes', isReducedMotion: true, gameSpeed: 0.1, isInvincible: 1,
    }));
    expect(s.musicVolume).toBe(1);
    expect(s.effectsVolume).toBe(0);
    expect(s.isMuted).toBe(false); // default
    expect(s.isReducedMotion).toBe(true); // kept
    expect(s.gameSpeed).toBe(0.5);
    expect(s.isInvincible).toBe(false);
  });

  it('rejects non-finite numbers (1e309 parses as Infinity) and snaps the game speed to 0.1 steps', () => {
    const s = parseSettings('{"version":1,"musicVolume":1e309,"gameSpeed":0.74}');
    expect(s.musicVolume).toBe(defaultSettings().musicVolume);
    expect(s.gameSpeed).toBe(0.7);
    expect(snapGameSpeed(2)).toBe(1);
    expect(snapGameSpeed(0.85)).toBe(0.9);
  });

  it('replaces a broken or reserved key list by that action\'s default only', () => {
    const s = parseSettings(stored({
      keys: [
        { left: ['KeyJ'], right: 'KeyL', jump: ['KeyR'], down: [], anchor: ['KeyH', 'KeyG', 'KeyB'] },
        { left: ['ArrowLeft'], right: ['ArrowRight'], jump: ['Numpad8', 'Space'], down: ['<script>'], anchor: ['Escape'] },
      ],
    }));
    expect(s.keys[0]).toEqual({ left: ['KeyJ'], right: ['KeyD'], jump: ['KeyW'], down: ['KeyS'], anchor: ['KeyF'] });
    expect(s.keys[1]).toEqual({ ...DEFAULT_KEYS[1], jump: ['Numpad8', 'Space'] });
  });

  it('a key table of the wrong shape is the default table', () => {
    expect(parseSettings(stored({ keys: { p1: {} } })).keys).toEqual(DEFAULT_KEYS);
    expect(parseSettings(stored({ keys: [null, 5] })).keys).toEqual(DEFAULT_KEYS);
  });
});

describe('createSettingsStore', () => {
  it('saves every change and a new store reads it back', () => {
    const storage = memoryStorage();
    const a = createSettingsStore(() => storage);
    a.update({ musicVolume: 0.3, isInvincible: true });
    expect(JSON.parse(storage.data.get(SETTINGS_KEY)!)).toMatchObject({ version: 1, musicVolume: 0.3, isInvincible: true });
    const b = createSettingsStore(() => storage);
    expect(b.settings.musicVolume).toBe(0.3);
    expect(b.settings.isInvincible).toBe(true);
    expect(b.isPersistent).toBe(true);
  });

  it('update checks values like a stored file (clamped, junk ignored)', () => {
    const store = createSettingsStore(() => memoryStorage());
    store.update({ effectsVolume: 3, gameSpeed: Number.NaN, isMuted: 'x' as unknown as boolean });
    expect(store.settings.effectsVolume).toBe(1);
    expect(store.settings.gameSpeed).toBe(1);
    expect(store.settings.isMuted).toBe(false);
  });

  it('takes the reduced-motion default from matchMedia, and a stored choice wins over it', () => {
    const reduce = (q: string) => ({ matches: q === '(prefers-reduced-motion: reduce)' });
    expect(createSettingsStore(() => memoryStorage(), reduce).settings.isReducedMotion).toBe(true);
    const storage = memoryStorage({ [SETTINGS_KEY]: stored({ isReducedMotion: false }) });
    expect(createSettingsStore(() => storage, reduce).settings.isReducedMotion).toBe(false);
    const throwing = () => { throw new Error('no media queries'); };
    expect(createSettingsStore(() => memoryStorage(), throwing).settings.isReducedMotion).toBe(false);
  });

  it('reset("keys") restores the default keys only; reset() everything', () => {
    const store = createSettingsStore(() => memoryStorage());
    store.update({ musicVolume: 0.1, keys: [{ ...DEFAULT_KEYS[0], jump: ['KeyI'] }, DEFAULT_KEYS[1]] });
    expect(store.settings.keys[0].jump).toEqual(['KeyI']);
    store.reset('keys');
    expect(store.settings.keys).toEqual(DEFAULT_KEYS);
    expect(store.settings.musicVolume).toBe(0.1);
    store.reset();
    expect(store.settings).toEqual(defaultSettings());
  });

  it('tells subscribers the new and previous settings, until they unsubscribe', () => {
    const store = createSettingsStore(() => memoryStorage());
    const seen = vi.fn();
    const stop = store.subscribe(seen);
    store.update({ isMuted: true });
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen.mock.calls[0][0].isMuted).toBe(true);
    expect(seen.mock.calls[0][1].isMuted).toBe(false);
    stop();
    store.update({ isMuted: false });
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('storage that throws on access -> defaults in memory, changes still apply', () => {
    const store = createSettingsStore(() => { throw new DOMException('denied', 'SecurityError'); });
    expect(store.settings).toEqual(defaultSettings());
    expect(store.isPersistent).toBe(false);
    store.update({ musicVolume: 0.2 });
    expect(store.settings.musicVolume).toBe(0.2);
  });

  it('getItem throwing or no storage at all -> defaults in memory', () => {
    const broken = { getItem: () => { throw new Error('boom'); }, setItem: () => {} };
    expect(createSettingsStore(() => broken).isPersistent).toBe(false);
    const none = createSettingsStore(() => null);
    expect(none.isPersistent).toBe(false);
    expect(none.settings).toEqual(defaultSettings());
  });

  it('a full storage keeps the change in memory and reports it is not saved', () => {
    const storage = memoryStorage();
    const store = createSettingsStore(() => storage);
    storage.isFull = true;
    store.update({ musicVolume: 0.4 });
    expect(store.settings.musicVolume).toBe(0.4);
    expect(store.isPersistent).toBe(false);
    storage.isFull = false;
    store.update({ musicVolume: 0.5 });
    expect(store.isPersistent).toBe(true);
  });

  it('a full storage says so in the settings screen\'s note', () => {
    const storage = memoryStorage();
    const store = createSettingsStore(() => storage);
    expect(store.storageNote).toBeNull();
    storage.isFull = true;
    store.update({ isMuted: true });
    expect(store.saveProblem).toBe('full');
    expect(store.storageNote).toMatch(/^Settings can't be saved in this browser \(its storage is full\)/);
  });

  it('storage throwing on read is never written to', () => {
    let writes = 0;
    const store = createSettingsStore(() => ({ getItem() { throw new Error('denied'); }, setItem() { writes++; } }));
    store.update({ musicVolume: 0.2 });
    expect(store.settings.musicVolume).toBe(0.2);
    expect(writes).toBe(0);
    expect(store.saveProblem).toBe('blocked');
  });

  it('a record with wrong types keeps its good fields and is copied to the backup key before the first save', () => {
    const text = stored({ musicVolume: '0.2', effectsVolume: 0.3, isMuted: 1, keys: [{ jump: ['KeyI'] }, 'P2'] });
    const storage = memoryStorage({ [SETTINGS_KEY]: text });
    const store = createSettingsStore(() => storage);
    expect(store.readState).toBe('damaged');
    expect(store.settings.effectsVolume).toBe(0.3);
    expect(store.settings.keys[0].jump).toEqual(['KeyI']);
    expect(store.settings.keys[1]).toEqual(DEFAULT_KEYS[1]);
    expect(store.storageNote).toMatch(/damaged/);
    store.update({ isMuted: true });
    expect(storage.data.get(SETTINGS_BACKUP_KEY)).toBe(text);
    expect(readSettings(storage.data.get(SETTINGS_KEY)!).state).toBe('ok');
  });
  it('the settings object is frozen: changes go through update', () => {
    const store = createSettingsStore(() => memoryStorage());
    expect(Object.isFrozen(store.settings)).toBe(true);
  });
});

describe('a settings record truncated at every byte', () => {
  // A real record: every field off its default, keys remapped (two keys on one action too).
  const real: Settings = {
    ...defaultSettings(), musicVolume: 0.25, effectsVolume: 0.4, isMuted: true, isReducedMotion: true,
    gameSpeed: 0.6, isInvincible: true,
    keys: [{ ...DEFAULT_KEYS[0], jump: ['KeyI'], anchor: ['KeyE', 'KeyQ'] }, { ...DEFAULT_KEYS[1], left: ['KeyJ'] }],
  };
  const text = serializeSettings(real);

  it('keeps every field that was there in full and nothing else; never throws', () => {
    expect(text).toMatch(/^[\x20-\x7e]+$/); // ASCII: characters are bytes
    const fields = ['musicVolume', 'effectsVolume', 'isMuted', 'isReducedMotion', 'gameSpeed', 'isInvincible'] as const;
    for (const cut of truncations(text)) {
      const { settings, state } = readSettings(cut);
      expect(state).toBe('damaged');
      for (const f of fields) {
        // A number at the very end may have lost digits; `true` cannot have.
        const value = `"${f}":${JSON.stringify(real[f])}`;
        const whole = typeof real[f] === 'boolean' ? cut.includes(value) : cut.includes(`${value},`) || cut.includes(`${value}}`);
        expect(settings[f], `${f} at cut ${cut.length}`).toBe(whole ? real[f] : defaultSettings()[f]);
      }
      // Keys: an action keeps the remapped keys read before the cut (all, or the first of two),
      // else its default.
      for (const slot of [0, 1] as const) {
        for (const [action, keys] of Object.entries(settings.keys[slot])) {
          const chosen = real.keys[slot][action as 'jump'];
          const options = [chosen, chosen.slice(0, 1), DEFAULT_KEYS[slot][action as 'jump']];
          expect(options, `P${slot + 1} ${action} at cut ${cut.length}`).toContainEqual(keys);
        }
      }
    }
    // The cut just before the last closing brace keeps everything.
    expect(readSettings(text.slice(0, -1)).settings).toEqual(real);
  });

  it('a store over any cut record copies it before the first save', () => {
    for (const cut of truncations(text).filter((_, n) => n % 11 === 0)) {
      const storage = memoryStorage({ [SETTINGS_KEY]: cut });
      const store = createSettingsStore(() => storage);
      store.update({ musicVolume: 0.9 });
      expect(storage.data.get(SETTINGS_BACKUP_KEY)).toBe(cut);
      expect(parseSettings(storage.data.get(SETTINGS_KEY)!).musicVolume).toBe(0.9);
    }
  });
});

describe('assists in play', () => {
  it('invincibility applies to the players\' own steps only: never to a replay\'s, never while recording', () => {
    const on = { ...defaultSettings(), isInvincible: true };
    expect(isInvincibleStep(on, false, false)).toBe(true);
    expect(isInvincibleStep(on, true, false)).toBe(false);
    expect(isInvincibleStep(on, false, true)).toBe(false);
    expect(isInvincibleStep(defaultSettings(), false, false)).toBe(false);
  });

  it('"Assists on" while invincible or slowed down', () => {
    expect(hasAssists(defaultSettings())).toBe(false);
    expect(hasAssists({ ...defaultSettings(), gameSpeed: 0.9 })).toBe(true);
    expect(hasAssists({ ...defaultSettings(), isInvincible: true })).toBe(true);
  });
});
