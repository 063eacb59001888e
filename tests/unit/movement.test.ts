import { describe, expect, it } from 'vitest';
import { Button, SimEvent, boxEntity, createSimWorld, readEvents, step, playerEntity } from '../../src/sim';
import { defOnRows, flatWorld, ledgeWorld, worldFromMap } from '../../tools/scenarios/worlds';
import { run } from './measure';

const P1 = 0;

function apexHeight(holdTicks: number): number {
  const w = flatWorld();
  run(w, 10, 0);
  const e = playerEntity(w, P1);
  const startY = w.body.y[e];
  let top = startY;
  for (let t = 0; t < 90; t++) {
    step(w, [t < holdTicks ? Button.Jump : 0, 0]);
    top = Math.min(top, w.body.y[e]);
  }
  return startY - top;
}

describe('jumping', () => {
  it('holding jump reaches about the designed 2.5 m apex', () => {
    expect(apexHeight(60)).toBeGreaterThan(2.3);
    expect(apexHeight(60)).toBeLessThan(2.6);
  });

  it('variable height: releasing early gives a clearly lower jump', () => {
    const tap = apexHeight(1);
    const half = apexHeight(8);
    const full = apexHeight(60);
    expect(tap).toBeLessThan(full * 0.5);
    expect(half).toBeGreaterThan(tap);
    expect(half).toBeLessThan(full);
  });

  it('jump buffering: a press shortly before landing jumps on landing; an early press does not', () => {
    const landsAndJumps = (pressBeforeLanding: number): boolean => {
      const w = flatWorld();
      run(w, 10, 0);
      const e = playerEntity(w, P1);
      // Jump once and find the landing tick.
      let landTick = -1;
      for (let t = 0; t < 120 && landTick < 0; t++) {
        step(w, [t < 30 ? Button.Jump : 0, 0]);
        if (t > 2 && w.player.isGrounded[e]) landTick = t;
      }
      // Replay the same jump, pressing again `pressBeforeLanding` ticks before that landing.
      const w2 = flatWorld();
      run(w2, 10, 0);
      let jumpedAgain = false;
      const cursor = w2.events.count;
      for (let t = 0; t < landTick + 10; t++) {
        const second = t >= landTick - pressBeforeLanding && t < landTick + 5;
        step(w2, [t < 30 || second ? Button.Jump : 0, 0]);
      }
      let jumps = 0;
      readEvents(w2.events, cursor, (type, _tick, slot) => { if (type === SimEvent.Jumped && slot === 0) jumps++; });
      jumpedAgain = jumps >= 2;
      return jumpedAgain;
    };
    expect(landsAndJumps(4)).toBe(true);
    expect(landsAndJumps(12)).toBe(false);
  });

  it('coyote time: a jump a few ticks after walking off a ledge still works, a late one does not', () => {
    const jumpsAfterLeaving = (ticksAfter: number): boolean => {
      const w = ledgeWorld(10, 4, 30);
      const e = playerEntity(w, P1);
      let left = -1;
      for (let t = 0; t < 200; t++) {
        const pressing = left >= 0 && t >= left + ticksAfter;
        step(w, [Button.Right | (pressing ? Button.Jump : 0), 0]);
        if (left < 0 && !w.player.isGrounded[e] && w.body.x[e] > 11) left = t;
        if (pressing) return w.body.vy[e] < -5;
      }
      return false;
    };
    expect(jumpsAfterLeaving(2)).toBe(true);
    expect(jumpsAfterLeaving(4)).toBe(true);
    expect(jumpsAfterLeaving(12)).toBe(false);
  });
});

describe('collision with tiles', () => {
  it('a player at the fastest speed the game produces never passes a one-tile wall', () => {
    const rows = ['..........#..........', '..........#..........', '..........#..........', '#####################'];
    for (const speed of [7, 20, 60, 200]) {
      const w = worldFromMap(rows, { x: 5, y: 3 }, { x: 4, y: 3 }, 30);
      const e = playerEntity(w, P1);
      for (let t = 0; t < 120; t++) {
        w.body.vx[e] = speed; // forced far beyond anything the controls produce
        step(w, [Button.Right, 0]);
        expect(w.body.x[e] + w.body.halfW[e]).toBeLessThanOrEqual(10 + 1e-9);
      }
    }
  });

  it('falling at top speed never passes a one-tile floor', () => {
    const rows: string[] = [];
    for (let r = 0; r < 60; r++) rows.push(r === 50 ? '##########' : '..........');
    const w = worldFromMap(rows, { x: 3, y: 2 }, { x: 4, y: 2 }, 30);
    const e = playerEntity(w, P1);
    w.body.vy[e] = 200;
    run(w, 240, 0);
    expect(w.body.y[e] + w.body.halfH[e]).toBeCloseTo(50, 6);
    expect(w.player.isGrounded[e]).toBe(1);
  });

  it('pressing down on a one-way platform drops through it; solid ground does not', () => {
    const rows: string[] = [];
    for (let r = 0; r < 20; r++) rows.push(r === 8 ? '====......' : r === 15 ? '##########' : '..........');
    const w = worldFromMap(rows, { x: 2, y: 8 }, { x: 3, y: 8 }, 10);
    const e = playerEntity(w, P1);
    run(w, 10, 0);
    expect(w.body.y[e] + w.body.halfH[e]).toBeCloseTo(8, 6);
    run(w, 60, Button.Down);
    expect(w.body.y[e] + w.body.halfH[e]).toBeCloseTo(15, 6);
  });

  it('a player pressing into a wall just below its top climbs onto the ledge', () => {
    const rows: string[] = [];
    for (let r = 0; r < 20; r++) rows.push(r >= 10 ? '.....#####' : '..........');
    const w = worldFromMap(rows, { x: 2, y: 20 }, { x: 2.5, y: 20 }, 15);
    const e = playerEntity(w, P1);
    // Put P1 against the wall face with its head just above the top (y = 10).
    w.body.x[e] = 5 - w.body.halfW[e];
    w.body.y[e] = 10.3;
    w.body.vx[e] = 0;
    w.body.vy[e] = 0;
    run(w, 2, Button.Right);
    expect(w.body.y[e] + w.body.halfH[e]).toBeCloseTo(10, 6);
    expect(w.body.x[e]).toBeGreaterThan(5);
  });

  it('no ledge climb into a crate standing on the ledge: the player stays below, nobody is thrown', () => {
    // As above, with a 1 m crate on the ledge where the climb would put the player. Climbing into
    // it, the contact pushed the two apart in one substep: the long fuzz saw both leave at 140 m/s.
    const rows: string[] = [];
    for (let r = 0; r < 20; r++) rows.push(r >= 10 ? '.....#####' : '..........');
    for (const withCrate of [true, false]) {
      const boxes = withCrate ? [{ x: 5.6, y: 9.5, w: 1, h: 1, mass: 30 }] : [];
      const w = createSimWorld(defOnRows(rows, 2, 2.5, 20, { boxes, tetherLength: 15 }));
      const e = playerEntity(w, 0);
      w.body.x[e] = 5 - w.body.halfW[e];
      w.body.y[e] = 10.3;
      w.body.vx[e] = 0;
      w.body.vy[e] = 0;
      let fastest = 0;
      let crateFastest = 0;
      for (let t = 0; t < 30; t++) {
        step(w, [Button.Right, 0]);
        fastest = Math.max(fastest, Math.hypot(w.body.vx[e], w.body.vy[e]));
        if (withCrate) crateFastest = Math.max(crateFastest, Math.hypot(w.body.vx[boxEntity(w, 0)], w.body.vy[boxEntity(w, 0)]));
      }
      if (withCrate) {
        expect(w.body.x[e]).toBeLessThan(5); // still below the ledge, against its face (it falls)
        expect(fastest).toBeLessThanOrEqual(w.settings.maxFallSpeed + 1e-9);
        expect(crateFastest).toBeLessThan(0.5);
      } else {
        expect(w.body.y[e] + w.body.halfH[e]).toBeCloseTo(10, 6); // the same climb without the crate
      }
    }
  });
});

describe('anchoring', () => {
  it('holds on stone, not on a crate: an anchored player cannot give, so a crate under it gained speed from nothing', () => {
    // A 60 kg crate on the floor; P1 stands on it and presses Anchor, P2 on the floor does too.
    const rows: string[] = [];
    for (let r = 0; r < 20; r++) rows.push(r >= 15 ? '####################' : '....................');
    const w = createSimWorld(defOnRows(rows, 10, 4, 15, { boxes: [{ x: 10, y: 14.5, w: 2, h: 1, mass: 60 }], tetherLength: 10 }));
    const [a, b] = [playerEntity(w, 0), playerEntity(w, 1)];
    w.body.y[a] = 14 - w.body.halfH[a] - 0.01; // on the crate's top
    for (let t = 0; t < 30; t++) step(w, [0, 0]);
    expect(w.player.groundBox[a]).toBe(boxEntity(w, 0));
    for (let t = 0; t < 30; t++) step(w, [Button.Anchor, Button.Anchor]);
    expect(w.player.isAnchored[a]).toBe(0);
    expect(w.player.isAnchored[b]).toBe(1);
  });
});
