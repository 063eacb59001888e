// The howler player without working audio (Node has no AudioContext): it must never throw, and
// its log must still record what the game asked for, once per event, for tests to read.
import { describe, expect, it } from 'vitest';
import { createAudio } from '../../src/audio/audio';
import { SimEvent } from '../../src/sim';
import { pushEvent } from '../../src/sim/events';
import { flatWorld } from '../../tools/scenarios/worlds';

/** Just enough of a Window for createAudio; `withAudioContext` claims Web Audio exists (it does not here). */
function fakeWindow(withAudioContext: boolean) {
  const listeners = new Map<string, number>();
  const target = {
    addEventListener: (type: string) => listeners.set(type, (listeners.get(type) ?? 0) + 1),
    removeEventListener: (type: string) => listeners.set(type, (listeners.get(type) ?? 0) - 1),
  };
  let now = 0;
  const win = {
    ...target,
    document: { ...target, hidden: false },
    navigator: { getGamepads: () => [null] },
    performance: { now: () => (now += 100) },
    ...(withAudioContext ? { AudioContext: function AudioContext() { throw new Error('no audio device'); } } : {}),
  };
  return { win: win as unknown as Window, listeners };
}

describe('createAudio without working audio', () => {
  for (const withAudioContext of [false, true]) {
    it(`never throws and logs each requested sound once (AudioContext ${withAudioContext ? 'claimed' : 'missing'})`, () => {
      const { win, listeners } = fakeWindow(withAudioContext);
      const audio = createAudio(win);
      const world = flatWorld();
      audio.update(world, 'playing'); // first look at this world: its cursor starts here
      expect(audio.music).toBe('world1'); // a level naming no world is world 1
      pushEvent(world.events, SimEvent.Jumped, world.tick, 0, 0);
      pushEvent(world.events, SimEvent.Bumped, world.tick, 0, 40, 3);
      audio.update(world, 'playing');
      audio.update(world, 'playing');
      audio.menuSound('move');
      audio.setVolumes(Number.NaN, 7);
      audio.setMuted(true);
      audio.update(world, 'playing', 3);
      expect(audio.music).toBe('world3');
      audio.update(world, 'paused', 2);
      expect(audio.music).toBe('world2');
      audio.update(null, 'menu', 2);
      expect(audio.music).toBe('menu');
      expect(audio.log.map((e) => e.name)).toEqual(['jump', 'bump', 'menuMove']);
      expect(audio.log[0].tick).toBe(world.tick);
      expect(audio.log[1].volume).toBeGreaterThan(0.15);
      expect(audio.log[2].tick).toBe(-1);
      audio.dispose();
      expect([...listeners.values()].every((n) => n === 0)).toBe(true); // every listener removed
    });
  }

  it('keeps only the last 200 entries', () => {
    const { win } = fakeWindow(false);
    const audio = createAudio(win);
    for (let k = 0; k < 260; k++) audio.menuSound('select'); // 100 ms apart on the fake clock
    expect(audio.log.length).toBe(200);
  });
});
