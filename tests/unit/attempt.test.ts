// The attempt tracker counts deaths from the sim's event ring and reports where a player died.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAttemptTracker } from '../../src/app/attempt';
import { parseLevel } from '../../src/level/parseLevel';
import { Button, SimEvent, step, createSimWorld, playerEntity, readEvents, type SimWorld } from '../../src/sim';
import { decodeInputs, parseReplay } from '../../src/level/replay';
import { pushEvent } from '../../src/sim/events';
import { eventsSince } from './levelChecks';

function world(file: string): SimWorld {
  const result = parseLevel(readFileSync(file, 'utf8'));
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return createSimWorld(result.def);
}

describe('attempt tracker', () => {
  it('hands on each Died (with where the player is) and Respawned event once, and reset skips earlier ones', () => {
    const w = world('levels/03-first-gap.json');
    const tracker = createAttemptTracker();
    tracker.reset(w);
    const p2 = playerEntity(w, 1);
    pushEvent(w.events, SimEvent.Jumped, w.tick, 1, 0);
    pushEvent(w.events, SimEvent.Died, w.tick, 1, 2, 7);
    pushEvent(w.events, SimEvent.Respawned, w.tick, 1, 0);
    const died: number[][] = [];
    const respawned: number[] = [];
    const handlers = { onDied: (slot: number, x: number, y: number, cause: number) => died.push([slot, x, y, cause]), onRespawned: (slot: number) => respawned.push(slot) };
    tracker.afterTick(w, handlers);
    expect(died).toEqual([[1, w.body.x[p2], w.body.y[p2], 2]]);
    expect(respawned).toEqual([1]);
    // Events already read are not handed on again.
    tracker.afterTick(w, handlers);
    expect(died.length).toBe(1);
    // A restart: earlier events in the ring are skipped.
    pushEvent(w.events, SimEvent.Died, w.tick, 0, 3);
    tracker.reset(w);
    tracker.afterTick(w, handlers);
    expect(died.length).toBe(1);
  });

  it('hands on each checkpoint reached by walking through the level, with its index and the level\'s count', () => {
    const w = world('levels/01-tied-together.json');
    const tracker = createAttemptTracker();
    tracker.reset(w);
    const reached: number[][] = [];
    const inRing: number[] = [];
    let cursor = w.events.count;
    const parsed = parseReplay(readFileSync('levels/replays/01-tied-together.replay.json', 'utf8'));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    for (const masks of decodeInputs(parsed.replay.inputs)) {
      step(w, masks);
      tracker.afterTick(w, { onCheckpoint: (index, total) => reached.push([index, total]) });
      cursor = readEvents(w.events, cursor, (type, _tick, _slot, value) => { if (type === SimEvent.CheckpointReached) inRing.push(value); });
    }
    const total = w.checkpoints.length;
    expect(total).toBeGreaterThan(1);
    expect(w.completedTick).toBeGreaterThan(0);
    // Every checkpoint of the level, in order, once.
    expect(inRing).toEqual(Array.from({ length: total }, (_, k) => k));
    expect(reached).toEqual(inRing.map((index) => [index, total]));
  });

  it('running into the spiked pendulum on Swing Yard: one onDied per death the sim counts, where P1 met it', () => {
    const w = world('levels/10-swing-yard.json');
    const tracker = createAttemptTracker();
    tracker.reset(w);
    const inputs = new Uint8Array([Button.Right, Button.Right]);
    const places: number[][] = [];
    for (let t = 0; t < 400; t++) {
      step(w, inputs);
      tracker.afterTick(w, { onDied: (slot, x, y) => places.push([slot, x, y]) });
    }
    const diedInRing = eventsSince(w).filter((e) => e.type === SimEvent.Died).length;
    expect(diedInRing).toBeGreaterThan(0);
    expect(places.length).toBe(diedInRing);
    expect(w.rules.deaths[0]).toBe(diedInRing); // the HUD's count
    // P1 runs into the spike ball well to the right of its spawn (x = 3 m).
    expect(places[0][0]).toBe(0);
    expect(places[0][1]).toBeGreaterThan(6);
  });
});
