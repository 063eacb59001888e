// The audio layer's pure half: which sound each sim event makes and how loud, each event heard
// at most once, storms throttled per sound, and a new world's old events never replayed.
import { describe, expect, it } from 'vitest';
import { SimEvent, type EventRing } from '../../src/sim';
import { createEventRing, pushEvent } from '../../src/sim/events';
import { MAX_VOICES, SOUND_LIMITS, createSoundDirector, soundForEvent } from '../../src/audio/soundCues';
import type { SoundName } from '../../src/audio/soundFiles';
import { playerEntity, step } from '../../src/sim';
import { RUN_RIGHT, spikeStepWorld } from '../../tools/scenarios/respawnWorld';

function fakePlayer() {
  const played: Array<{ name: SoundName; volume: number; tick: number }> = [];
  const director = createSoundDirector((name, volume, tick) => played.push({ name, volume, tick }));
  return { played, director };
}

/** A ring the director has already seen (its first look only sets the cursor). */
function watchedRing(director: ReturnType<typeof createSoundDirector>): EventRing {
  const ring = createEventRing();
  director.update(ring, 0);
  return ring;
}

describe('soundForEvent', () => {
  it('maps every sounding event to its sound', () => {
    const cases: Array<[number, SoundName]> = [
      [SimEvent.Jumped, 'jump'], [SimEvent.Landed, 'land'], [SimEvent.Footstep, 'footstep'],
      [SimEvent.RopeTaut, 'ropeTaut'], [SimEvent.RopeCreak, 'ropeCreak'], [SimEvent.Bumped, 'bump'],
      [SimEvent.BoxHitWall, 'boxWall'], [SimEvent.RopeSnapped, 'ropeSnap'], [SimEvent.Anchored, 'anchorOn'],
      [SimEvent.Unanchored, 'anchorOff'], [SimEvent.Died, 'death'], [SimEvent.CheckpointReached, 'checkpoint'],
      [SimEvent.LevelComplete, 'levelComplete'],
    ];
    for (const [type, name] of cases) expect(soundForEvent(type, 10)?.name).toBe(name);
    expect(soundForEvent(SimEvent.Respawned, 0)).toBeNull();
    expect(soundForEvent(SimEvent.NaNQuarantined, 0)).toBeNull();
    expect(soundForEvent(200, 0)).toBeNull();
  });

  it('bump volume grows with the impulse, box-wall volume with the speed; all within 0..1', () => {
    const bump = [1, 10, 50, 150, 1000].map((j) => soundForEvent(SimEvent.Bumped, j)!.volume);
    for (let k = 1; k < bump.length; k++) expect(bump[k]).toBeGreaterThanOrEqual(bump[k - 1]);
    expect(bump[3]).toBeGreaterThan(bump[0] * 2);
    expect(bump[4]).toBe(1);
    expect(soundForEvent(SimEvent.Bumped, 0.05)).toBeNull(); // a resting contact
    expect(soundForEvent(SimEvent.Bumped, NaN)).toBeNull();
    const wall = [2, 5, 10, 40].map((v) => soundForEvent(SimEvent.BoxHitWall, v)!.volume);
    for (let k = 1; k < wall.length; k++) expect(wall[k]).toBeGreaterThan(wall[k - 1] - 1e-12);
    expect(wall[2]).toBeGreaterThan(wall[0]);
    for (const v of [...bump, ...wall]) { expect(v).toBeGreaterThan(0); expect(v).toBeLessThanOrEqual(1); }
    // A NaN strength plays at the quietest, never at NaN (howler would ignore it and play at full volume).
    expect(soundForEvent(SimEvent.BoxHitWall, NaN)?.volume).toBe(0.25);
    expect(soundForEvent(SimEvent.RopeCreak, NaN)?.volume).toBe(0.3);
  });
});

describe('createSoundDirector', () => {
  it('is silent for the players being set down when a level starts, but plays later landings', () => {
    const { played, director } = fakePlayer();
    const ring = watchedRing(director);
    pushEvent(ring, SimEvent.Landed, 0, 0, 0);
    pushEvent(ring, SimEvent.Landed, 0, 1, 0);
    director.update(ring, 100);
    expect(played).toEqual([]);
    pushEvent(ring, SimEvent.Landed, 40, 0, 0);
    director.update(ring, 200);
    expect(played.map((p) => [p.name, p.tick])).toEqual([['land', 40]]);
  });

  it('is silent for the players set down at the checkpoint by a respawn, but hears the death', () => {
    // Bug: Respawned is followed by Landed for both players on the next tick, which played 'land'.
    const world = spikeStepWorld();
    const { played, director } = fakePlayer();
    director.update(world.events, 0);
    const p1 = playerEntity(world, 0);
    for (let t = 0; t < 150; t++) {
      // P1 runs right, letting go for a tick after each respawn (a key held through one does nothing).
      step(world, [world.player.heldThroughDeath[p1] ? 0 : RUN_RIGHT, 0]);
      director.update(world.events, t * 1000); // far apart: no throttling hides a sound
    }
    expect(played.filter((p) => p.name === 'death').length).toBe(2); // ticks 22 and 90; respawns at 67 and 135
    expect(played.filter((p) => p.name === 'land')).toEqual([]);
    pushEvent(world.events, SimEvent.Landed, world.tick + 30, 0, 0);
    director.update(world.events, 1e6);
    expect(played.at(-1)?.name).toBe('land');
  });

  it('plays each event once, however often update is called', () => {
    const { played, director } = fakePlayer();
    const ring = watchedRing(director);
    pushEvent(ring, SimEvent.Jumped, 5, 0, 0);
    director.update(ring, 100);
    director.update(ring, 116);
    director.update(ring, 132);
    expect(played).toEqual([{ name: 'jump', volume: 0.7, tick: 5 }]);
  });

  it('a new world starts at its current count: earlier events are never heard', () => {
    const { played, director } = fakePlayer();
    const old = watchedRing(director);
    const fresh = createEventRing();
    pushEvent(fresh, SimEvent.Died, 3, 0, 1); // written before the director saw this world
    director.update(fresh, 100);
    expect(played).toEqual([]);
    pushEvent(fresh, SimEvent.Jumped, 4, 0, 0);
    director.update(fresh, 200);
    expect(played.map((p) => p.name)).toEqual(['jump']);
    // Back to null (a menu) and to the old world: again nothing old replays.
    pushEvent(old, SimEvent.Landed, 9, 0, 0);
    director.update(null, 300);
    director.update(old, 400);
    expect(played.map((p) => p.name)).toEqual(['jump']);
  });

  it('30 footsteps, creaks and bumps in one tick play one of each; the bump is the hardest hit', () => {
    const { played, director } = fakePlayer();
    const ring = watchedRing(director);
    for (let k = 0; k < 30; k++) {
      pushEvent(ring, SimEvent.Footstep, 7, k & 1, 7);
      pushEvent(ring, SimEvent.RopeCreak, 7, 255, 5, 3);
      pushEvent(ring, SimEvent.Bumped, 7, 0, k === 17 ? 120 : 2, 4);
    }
    director.update(ring, 1000);
    expect(played.map((p) => p.name).sort()).toEqual(['bump', 'footstep', 'ropeCreak']);
    expect(played.find((p) => p.name === 'bump')!.volume).toBeCloseTo(soundForEvent(SimEvent.Bumped, 120)!.volume, 12);
  });

  it('an event every tick for 2 s is held to the minimum gap and the voice limit', () => {
    const { played, director } = fakePlayer();
    const ring = watchedRing(director);
    const frameMs = 1000 / 60;
    for (let t = 0; t < 120; t++) {
      pushEvent(ring, SimEvent.RopeCreak, t, 255, 6, 3);
      pushEvent(ring, SimEvent.Footstep, t, 0, 7);
      director.update(ring, t * frameMs);
    }
    const creaks = played.filter((p) => p.name === 'ropeCreak');
    const steps = played.filter((p) => p.name === 'footstep');
    // ropeCreak: 250 ms apart -> 8 in 2 s; footstep: 70 ms apart (5 frames) -> 24.
    expect(creaks.length).toBe(Math.ceil(2000 / (Math.ceil(SOUND_LIMITS.ropeCreak.gapMs / frameMs) * frameMs)));
    expect(steps.length).toBe(24);
    for (let k = 1; k < creaks.length; k++) expect((creaks[k].tick - creaks[k - 1].tick) * frameMs).toBeGreaterThanOrEqual(SOUND_LIMITS.ropeCreak.gapMs);
  });

  it('never more than MAX_VOICES effects ring at once', () => {
    const { played, director } = fakePlayer();
    const names = Object.keys(SOUND_LIMITS) as SoundName[];
    for (const name of names) director.request(name, 1, 0);
    expect(names.length).toBeGreaterThan(MAX_VOICES);
    expect(played.length).toBe(MAX_VOICES);
    for (const name of names) director.request(name, 1, 50); // every sound is longer than 50 ms: all still ring
    expect(played.length).toBe(MAX_VOICES);
    // Once they have rung out, sounds play again.
    director.request('jump', 1, 2000);
    expect(played.at(-1)).toEqual({ name: 'jump', volume: 1, tick: -1 });
  });

  it('a ring wound back (snapshot restored) skips to its count instead of replaying', () => {
    const { played, director } = fakePlayer();
    const ring = watchedRing(director);
    for (let k = 0; k < 5; k++) pushEvent(ring, SimEvent.Landed, k, 0, 0);
    director.update(ring, 0);
    expect(played.length).toBe(1);
    ring.count = 2;
    director.update(ring, 1000);
    pushEvent(ring, SimEvent.Jumped, 6, 0, 0);
    director.update(ring, 2000);
    expect(played.map((p) => p.name)).toEqual(['land', 'jump']);
  });
});
