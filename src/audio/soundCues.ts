// Which sound each sim event makes, and how loud, plus the throttle that keeps storms (thirty
// footsteps, bumps or creaks at once, or one every tick for seconds) down to a few voices. Pure:
// no howler, no clocks (the caller passes the time), so it is unit-tested with a fake player.

import { SimEvent, readEvents, type EventRing, defaultPhysicsSettings, MIN_IMPACT_SPEED, CREAK_SPEED } from '../sim';
import type { SoundName } from './soundFiles';

/** A sound to play: which, and its volume before the player's effects volume (0..1). */
export interface SoundCue {
  name: SoundName;
  volume: number;
}

/** v within 0..1; NaN gives 0 (howler ignores a NaN volume and would play at full volume). */
function clamp01(v: number): number {
  return !(v > 0) ? 0 : v > 1 ? 1 : v;
}

/** Footsteps at the players' run speed are the loudest, m/s. */
const RUN_SPEED = defaultPhysicsSettings().runSpeed;

/** Bumps softer than this make no sound (resting contacts), N s. */
export const MIN_BUMP_IMPULSE = 0.2;
/** A bump this hard (a running player into a light box) plays at full volume, N s. */
const LOUD_BUMP_IMPULSE = 150;

/**
 * The sound for one sim event (type, value as in src/sim/events.ts), or null for events that make
 * none. Volumes grow with the event's strength where it has one.
 */
export function soundForEvent(type: number, value: number): SoundCue | null {
  switch (type) {
    case SimEvent.Jumped: return { name: 'jump', volume: 0.7 };
    case SimEvent.Landed: return { name: 'land', volume: 0.6 };
    case SimEvent.Footstep: return { name: 'footstep', volume: 0.25 + 0.2 * clamp01(value / RUN_SPEED) };
    case SimEvent.LedgeClimbed: return { name: 'footstep', volume: 0.5 };
    case SimEvent.RopeTaut: return { name: 'ropeTaut', volume: 0.3 + 0.7 * clamp01(value / 8) };
    case SimEvent.RopeCreak: return { name: 'ropeCreak', volume: 0.3 + 0.5 * clamp01((value - CREAK_SPEED) / 6) };
    case SimEvent.Bumped:
      if (!(value >= MIN_BUMP_IMPULSE)) return null;
      // Square root: loudness follows the hit without small bumps vanishing.
      return { name: 'bump', volume: 0.15 + 0.85 * Math.sqrt(clamp01(value / LOUD_BUMP_IMPULSE)) };
    case SimEvent.BoxHitWall: return { name: 'boxWall', volume: 0.25 + 0.75 * clamp01((value - MIN_IMPACT_SPEED) / 10) };
    case SimEvent.RopeSnapped: return { name: 'ropeSnap', volume: 0.9 };
    case SimEvent.Anchored: return { name: 'anchorOn', volume: 0.6 };
    case SimEvent.Unanchored: return { name: 'anchorOff', volume: value === 1 ? 0.8 : 0.45 };
    case SimEvent.Died: return { name: 'death', volume: 0.8 };
    case SimEvent.CheckpointReached: return { name: 'checkpoint', volume: 0.7 };
    case SimEvent.GemCollected: return { name: 'gem', volume: 0.7 };
    case SimEvent.LevelComplete: return { name: 'levelComplete', volume: 0.9 };
    default: return null; // Respawned, NaNQuarantined: nothing to hear
  }
}

/** How often a sound may start: a minimum gap, and at most `voices` of it ringing at once. */
export interface SoundLimit {
  gapMs: number;
  voices: number;
  /** About how long one play rings, ms (a play counts as a voice for this long). */
  lengthMs: number;
}

export const SOUND_LIMITS: Readonly<Record<SoundName, SoundLimit>> = {
  jump: { gapMs: 40, voices: 2, lengthMs: 200 },
  land: { gapMs: 60, voices: 2, lengthMs: 180 },
  footstep: { gapMs: 70, voices: 3, lengthMs: 90 },
  ropeTaut: { gapMs: 150, voices: 2, lengthMs: 400 },
  ropeCreak: { gapMs: 250, voices: 2, lengthMs: 420 },
  bump: { gapMs: 60, voices: 3, lengthMs: 220 },
  boxWall: { gapMs: 80, voices: 3, lengthMs: 380 },
  ropeSnap: { gapMs: 100, voices: 2, lengthMs: 450 },
  anchorOn: { gapMs: 80, voices: 2, lengthMs: 250 },
  anchorOff: { gapMs: 80, voices: 2, lengthMs: 160 },
  death: { gapMs: 300, voices: 1, lengthMs: 560 },
  checkpoint: { gapMs: 300, voices: 1, lengthMs: 500 },
  gem: { gapMs: 80, voices: 2, lengthMs: 400 },
  levelComplete: { gapMs: 500, voices: 1, lengthMs: 580 },
  menuMove: { gapMs: 30, voices: 3, lengthMs: 60 },
  menuSelect: { gapMs: 60, voices: 2, lengthMs: 160 },
};

/** At most this many effects ring at once, all sounds together. */
export const MAX_VOICES = 12;

/** What the throttle hands on: the sound, its volume and the sim tick it came from (-1: a menu). */
export type PlaySound = (name: SoundName, volume: number, tick: number) => void;

export interface SoundDirector {
  /**
   * Reads the events written since the last call and plays their sounds through `play`, throttled.
   * A different ring than last time (a new world: restart, next level) starts at its current
   * count, so nothing that happened before is heard again.
   */
  update(events: EventRing | null, nowMs: number): void;
  /** A sound not from the sim (menus), throttled like the others. */
  request(name: SoundName, volume: number, nowMs: number, tick?: number): void;
}

export function createSoundDirector(play: PlaySound, limits: Readonly<Record<SoundName, SoundLimit>> = SOUND_LIMITS): SoundDirector {
  let ring: EventRing | null = null;
  let cursor = 0;
  /** Tick of the last Respawned read from this ring (-2: none). */
  let respawnTick = -2;
  const lastStart = new Map<SoundName, number>();
  /** Start times of plays still ringing, per sound. */
  const ringing = new Map<SoundName, number[]>();
  /** Loudest cue per sound among this update's events (a storm plays its hardest hit once). */
  const pending = new Map<SoundName, { volume: number; tick: number }>();

  function tryPlay(name: SoundName, volume: number, tick: number, nowMs: number): void {
    const limit = limits[name];
    const last = lastStart.get(name);
    if (last !== undefined && nowMs - last < limit.gapMs && nowMs >= last) return;
    let total = 0;
    for (const [key, starts] of ringing) {
      const length = limits[key].lengthMs;
      // Drop plays that have finished (or that a clock going backwards made meaningless).
      let keep = 0;
      for (const t of starts) if (nowMs - t < length && nowMs >= t) starts[keep++] = t;
      starts.length = keep;
      total += keep;
    }
    const mine = ringing.get(name) ?? [];
    if (mine.length >= limit.voices || total >= MAX_VOICES) return;
    mine.push(nowMs);
    ringing.set(name, mine);
    lastStart.set(name, nowMs);
    play(name, volume, tick);
  }

  function visit(type: number, tick: number, _slot: number, value: number): void {
    // Players are set down on the ground when a level starts (tick 0) and on the tick after a
    // respawn (Respawned, then Landed): not landings anyone should hear. render/effects.ts skips
    // the same ones for its dust.
    if (type === SimEvent.Respawned) respawnTick = tick;
    if (type === SimEvent.Landed && (tick === 0 || tick === respawnTick + 1 || tick === respawnTick)) return;
    const cue = soundForEvent(type, value);
    if (!cue) return;
    const had = pending.get(cue.name);
    if (!had || cue.volume > had.volume) pending.set(cue.name, { volume: cue.volume, tick });
  }

  return {
    update(events, nowMs) {
      if (events !== ring) {
        ring = events;
        cursor = events?.count ?? 0;
        respawnTick = -2;
        return;
      }
      if (!events) return;
      cursor = readEvents(events, cursor, visit); // also skips to the end of a ring wound back
      for (const [name, cue] of pending) tryPlay(name, cue.volume, cue.tick, nowMs);
      pending.clear();
    },
    request(name, volume, nowMs, tick = -1) {
      tryPlay(name, volume, tick, nowMs);
    },
  };
}
