// The attempt tracker counts deaths from the sim's event ring and reports where a player died.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAttemptTracker } from '../../src/app/attempt';
import { parseLevel } from '../../src/level/parseLevel';
import { Button } from '../../src/sim/input';
import { SimEvent, pushEvent, readEvents } from '../../src/sim/events';
import { step } from '../../src/sim/step';
import { createSimWorld, type SimWorld } from '../../src/sim/world';

function world(file: string): SimWorld {
  const result = parseLevel(readFileSync(file, 'utf8'));
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return createSimWorld(result.def);
}

describe('attempt tracker', () => {
  it('counts Died events only, reports the position at the start of the tick, and reset starts from zero', () => {
    const w = world('levels/03-first-gap.json');
    const tracker = createAttemptTracker();
    tracker.reset(w);
    const p2 = w.players[1];
    tracker.beforeTick(w);
    const x0 = w.body.x[p2];
    const y0 = w.body.y[p2];
    // Where the sim would reset the players in the same tick, the position read before the tick is the place of death.
    w.body.x[p2] = 1;
    w.body.y[p2] = 1;
    pushEvent(w.events, SimEvent.Jumped, w.tick, 1, 0);
    pushEvent(w.events, SimEvent.Died, w.tick, 1, 2, 7);
    pushEvent(w.events, SimEvent.Respawned, w.tick, 1, 0);
    const died: number[][] = [];
    const respawned: number[] = [];
    tracker.afterTick(w, { onDied: (slot, x, y, cause) => died.push([slot, x, y, cause]), onRespawned: (slot) => respawned.push(slot) });
    expect(died).toEqual([[1, x0, y0, 2]]);
    expect(respawned).toEqual([1]);
    expect(tracker.deaths).toBe(1);
    // Events already read are not counted again.
    tracker.afterTick(w, {});
    expect(tracker.deaths).toBe(1);
    pushEvent(w.events, SimEvent.Died, w.tick, 0, 3);
    tracker.afterTick(w, {});
    expect(tracker.deaths).toBe(2);
    // A restart: earlier events in the ring no longer count.
    tracker.reset(w);
    expect(tracker.deaths).toBe(0);
    tracker.afterTick(w, {});
    expect(tracker.deaths).toBe(0);
  });

  it('running into the spiked pendulum on Swing Yard counts as many deaths as the ring holds Died events', () => {
    const w = world('levels/05-swing-yard.json');
    const tracker = createAttemptTracker();
    tracker.reset(w);
    const inputs = new Uint8Array([Button.Right, Button.Right]);
    const places: number[][] = [];
    for (let t = 0; t < 400; t++) {
      tracker.beforeTick(w);
      step(w, inputs);
      tracker.afterTick(w, { onDied: (slot, x, y) => places.push([slot, x, y]) });
    }
    let diedInRing = 0;
    readEvents(w.events, 0, (type) => { if (type === SimEvent.Died) diedInRing++; });
    expect(diedInRing).toBeGreaterThan(0);
    expect(tracker.deaths).toBe(diedInRing);
    // P1 runs into the spike ball well to the right of its spawn (x = 3 m).
    expect(places[0][0]).toBe(0);
    expect(places[0][1]).toBeGreaterThan(6);
  });
});
