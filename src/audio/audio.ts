// The game's sound player on howler: effects for the sim's events (chosen and throttled by
// soundCues.ts), the menu's music loop and one per world with a crossfade, volumes and mute. Sound is an
// extra: without an AudioContext, or when files fail to load, it stays silent and never throws,
// and the log of requested sounds still fills (tests read it through window.__ropebound).

import { Howl, Howler } from 'howler';
import type { SimWorld } from '../sim';
import { createSoundDirector } from './soundCues';
import { MUSIC_FILES, SOUND_FILES, compressedFile, worldMusic, type MusicName, type SoundName } from './soundFiles';
import { soundUrl } from './soundUrls';

export interface SoundLogEntry {
  name: string;
  /** Sim tick of the event that asked for it; -1 for menu sounds. */
  tick: number;
  /** Volume asked for before the effects volume, 0..1. */
  volume: number;
}

export interface GameAudio {
  /** Once per rendered frame: plays the sounds of new sim events and picks the music for `screen`
   *  (over a level: the loop of its world, `levelWorld` 1-3). */
  update(world: SimWorld | null, screen: string, levelWorld?: number): void;
  menuSound(kind: 'move' | 'select'): void;
  /** Music and effects volumes, 0..1 (out-of-range or non-finite values are clamped / ignored). */
  setVolumes(music: number, effects: number): void;
  setMuted(isMuted: boolean): void;
  /** The last LOG_SIZE sounds requested (after throttling), oldest first. */
  readonly log: ReadonlyArray<SoundLogEntry>;
  /** The music track wanted now, or null before the first update. */
  readonly music: MusicName | null;
  dispose(): void;
}

const LOG_SIZE = 200;
const CROSSFADE_MS = 900;

/** Screens over a level keep its world's music; every other screen is a menu. */
function musicFor(screen: string, levelWorld: number): MusicName {
  return screen === 'playing' || screen === 'paused' || screen === 'complete' ? worldMusic(levelWorld) : 'menu';
}

function hasAudioContext(win: Window): boolean {
  const w = win as unknown as { AudioContext?: unknown; webkitAudioContext?: unknown };
  return typeof w.AudioContext === 'function' || typeof w.webkitAudioContext === 'function';
}

function clampVolume(v: number, fallback: number): number {
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : fallback;
}

function nowMs(win: Window): number {
  return win.performance?.now() ?? 0;
}

/** `urlOf`: where a sound file is fetched from (default: its hashed URL from assets/sounds/). */
export function createAudio(win: Window, opts: { urlOf?: (file: string) => string | undefined } = {}): GameAudio {
  const urlOf = opts.urlOf ?? soundUrl;
  const log: SoundLogEntry[] = [];
  let musicVolume = 0.7;
  let effectsVolume = 0.8;
  let isMuted = false;
  let music: MusicName | null = null;
  let variant = 0;
  const effects = new Map<SoundName, Howl[]>();
  const tracks = new Map<MusicName, Howl>();
  const canPlay = hasAudioContext(win);

  function safely(action: () => void): void {
    try { action(); } catch { /* sound is optional: a broken audio stack stays silent */ }
  }

  /** A Howl of `file` (a WAV's name): its compressed copy where the browser decodes that (howler
   *  takes the first source whose format it can play), else the WAV. */
  function makeHowl(file: string, loop: boolean): Howl | null {
    let howl: Howl | null = null;
    const src: string[] = [];
    const format: string[] = [];
    for (const [name, kind] of [[compressedFile(file), 'ogg'], [file, 'wav']] as const) {
      const url = urlOf(name);
      if (url === undefined) continue;
      src.push(url);
      format.push(kind);
    }
    if (src.length === 0) return null; // a missing file stays silent like one that fails to load
    safely(() => {
      howl = new Howl({ src, format, loop, preload: true, volume: loop ? 0 : 1 });
    });
    return howl;
  }

  // Nothing is made before the first gesture (a key, a click or tap, a pad button): no
  // AudioContext, no sound file fetched or decoded. A browser keeps audio suspended until a
  // gesture anyway, and at start-up the context took ~0.15 s and the menu's 2 MB loop was fetched
  // and decoded before anyone pressed a key (issue 17, "a one-second start"). The first gesture
  // makes the effects and starts the music wanted by then.
  let isStarted = false;
  function start(): void {
    if (isStarted || !canPlay) return;
    isStarted = true;
    safely(() => {
      Howler.autoUnlock = true;
      Howler.mute(isMuted);
    });
    for (const [name, files] of Object.entries(SOUND_FILES) as Array<[SoundName, readonly string[]]>) {
      effects.set(name, files.map((f) => makeHowl(f, false)).filter((h): h is Howl => h !== null));
    }
    if (music !== null) fadeMusic(null, music);
  }

  /** A music track, loaded the first time it is wanted: a world's loop is ~250 KB (2 MB as WAV)
   *  and decodes to ~12 MB of samples, so only the worlds actually played are fetched and held. */
  function trackOf(name: MusicName): Howl | undefined {
    if (canPlay && !tracks.has(name)) {
      const howl = makeHowl(MUSIC_FILES[name], true);
      if (howl) tracks.set(name, howl);
    }
    return tracks.get(name);
  }

  function playEffect(name: SoundName, volume: number, tick: number): void {
    log.push({ name, tick, volume });
    if (log.length > LOG_SIZE) log.splice(0, log.length - LOG_SIZE);
    const howls = effects.get(name);
    if (!howls || howls.length === 0) return;
    const howl = howls[variant++ % howls.length];
    if (howl.state() !== 'loaded') return; // still loading or failed: skip rather than play late
    safely(() => {
      const id = howl.play();
      howl.volume(volume * effectsVolume, id);
    });
  }

  const director = createSoundDirector(playEffect);

  function switchMusic(next: MusicName): void {
    const previous = music;
    music = next;
    if (isStarted) fadeMusic(previous, next);
  }

  /** Crossfades from the track `previous` (if any) to `next`. */
  function fadeMusic(previous: MusicName | null, next: MusicName): void {
    safely(() => {
      const old = previous ? tracks.get(previous) : undefined;
      if (old) {
        old.fade(old.volume(), 0, CROSSFADE_MS);
        old.once('fade', () => { if (music !== previous) old.pause(); });
      }
      const track = trackOf(next);
      if (!track) return;
      if (!track.playing()) track.play();
      track.fade(track.volume(), musicVolume, CROSSFADE_MS);
    });
  }

  // Browsers start audio suspended until a gesture: howler's autoUnlock handles clicks and keys;
  // the first key resumes at once too, and update() polls gamepads (their presses are no gesture).
  // Unlocked only once the context really runs: a resume the browser refuses (a pad press is no
  // gesture in some browsers) leaves the polling on, and the next key or click tries again.
  let isUnlocked = false;
  function unlock(): void {
    if (isUnlocked || !canPlay) return;
    start();
    safely(() => {
      const ctx = Howler.ctx;
      if (!ctx || win.document?.hidden) return;
      void ctx.resume().then(() => { if (ctx.state === 'running') isUnlocked = true; }).catch(() => {});
    });
  }
  const onKey = () => unlock();
  const onVisibility = () => {
    safely(() => {
      const ctx = Howler.ctx;
      if (!ctx) return;
      if (win.document.hidden) void ctx.suspend().catch(() => {});
      else if (isUnlocked) void ctx.resume().catch(() => {});
    });
  };
  safely(() => {
    win.addEventListener('keydown', onKey);
    win.addEventListener('pointerdown', onKey);
    win.document?.addEventListener('visibilitychange', onVisibility);
  });

  function pollGamepads(): void {
    safely(() => {
      const pads = win.navigator?.getGamepads?.() ?? [];
      for (const pad of pads) {
        if (pad?.buttons.some((b) => b.pressed)) { unlock(); return; }
      }
    });
  }

  return {
    update(world, screen, levelWorld = 1) {
      if (!isUnlocked && canPlay) pollGamepads();
      director.update(world?.events ?? null, nowMs(win));
      const wanted = musicFor(screen, levelWorld);
      if (wanted !== music) switchMusic(wanted);
    },
    menuSound(kind) {
      director.request(kind === 'move' ? 'menuMove' : 'menuSelect', kind === 'move' ? 0.5 : 0.7, nowMs(win));
    },
    setVolumes(nextMusic, nextEffects) {
      musicVolume = clampVolume(nextMusic, musicVolume);
      effectsVolume = clampVolume(nextEffects, effectsVolume);
      safely(() => {
        const track = music ? tracks.get(music) : undefined;
        if (track?.playing()) track.volume(musicVolume); // also ends a crossfade in progress
      });
    },
    setMuted(next) {
      isMuted = next === true;
      // (Howler.mute makes the AudioContext: before the first gesture start() applies it.)
      safely(() => { if (isStarted) Howler.mute(isMuted); });
    },
    get log() {
      return log;
    },
    get music() {
      return music;
    },
    dispose() {
      safely(() => {
        win.removeEventListener('keydown', onKey);
        win.removeEventListener('pointerdown', onKey);
        win.document?.removeEventListener('visibilitychange', onVisibility);
      });
      for (const howls of effects.values()) for (const h of howls) safely(() => h.unload());
      for (const h of tracks.values()) safely(() => h.unload());
      effects.clear();
      tracks.clear();
    },
  };
}
