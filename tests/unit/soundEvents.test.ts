// The sim's sound cue events: Footstep per stride of a grounded run, one BoxHitWall per hard tile
// hit with the speed lost, RopeCreak from a loaded swinging rope at most once per CREAK_GAP_TICKS;
// none of them while everything stands still, and none of them change the state hash.
import { describe, expect, it } from 'vitest';
import { STRIDE, CREAK_GAP_TICKS, Button, SimEvent, createSimWorld, createTileGrid, hashHex, readEvents, step, type SimWorld, playerEntity, boxEntity, ropeEntity, platformEntity } from '../../src/sim';
import { flatWorld, ledgeWorld, TRUTH_PHYSICS, labWorld } from '../../tools/scenarios/worlds';
import { run, idle } from './measure';

interface Seen { type: number; tick: number; slot: number; value: number; entity: number }

/** Steps with fixed inputs and returns the events of `type` written meanwhile. */
function collect(w: SimWorld, ticks: number, inputs: [number, number], type: number, until?: () => boolean): Seen[] {
  const out: Seen[] = [];
  let cursor = w.events.count;
  for (let t = 0; t < ticks; t++) {
    if (until?.()) break;
    step(w, inputs);
    cursor = readEvents(w.events, cursor, (ty, tick, slot, value, entity) => {
      if (ty === type) out.push({ type: ty, tick, slot, value, entity });
    });
  }
  return out;
}

describe('Footstep', () => {
  it(`running 3 m on the floor gives floor(3 / ${STRIDE}) = 6 footsteps for that player only`, () => {
    const w = flatWorld(5, 3, 8); // the partner behind: the tether stays slack
    const a = playerEntity(w, 0);
    idle(w, 10);
    const x0 = w.body.x[a];
    const steps = collect(w, 300, [Button.Right, 0], SimEvent.Footstep, () => w.body.x[a] - x0 >= 3);
    expect(w.body.x[a] - x0).toBeGreaterThanOrEqual(3);
    expect(w.body.x[a] - x0).toBeLessThan(3.2);
    expect(steps.length).toBe(6);
    expect(steps.every((s) => s.slot === 0)).toBe(true);
    // The speed rises from rest to the run speed (7 m/s).
    expect(steps[steps.length - 1].value).toBeGreaterThan(steps[0].value);
    expect(steps[steps.length - 1].value).toBeLessThanOrEqual(7 + 1e-9);
  });

  it('standing still, or running against a wall, makes no footsteps', () => {
    const w = flatWorld(5, 3, 8);
    expect(collect(w, 120, [0, 0], SimEvent.Footstep)).toEqual([]);
    const walled = flatWorld(1.5, 3, 8); // x < 0 is outside the grid: solid
    idle(walled, 10);
    collect(walled, 60, [Button.Left, 0], SimEvent.Footstep); // reach the wall
    expect(collect(walled, 120, [Button.Left, 0], SimEvent.Footstep)).toEqual([]);
  });

  it('riding a moving platform without running makes none; running on it counts the run only', () => {
    // Both players stand on a 6 m platform that moves right at 3 m/s through open air.
    const grid = createTileGrid(60, 30);
    const w = createSimWorld({
      grid, goal: { x: 58, y: 0, w: 1, h: 1 }, tether: { length: 2, segments: 4 },
      spawns: [{ x: 11, y: 19.75 }, { x: 9, y: 19.75 }],
      platforms: [{ w: 6, h: 0.5, path: [{ x: 10, y: 20 }, { x: 50, y: 20 }], speed: 3, isLoop: false }],
    });
    const a = playerEntity(w, 0);
    idle(w, 10);
    const x0 = w.body.x[a];
    expect(collect(w, 120, [0, 0], SimEvent.Footstep)).toEqual([]);
    expect(w.body.x[a] - x0).toBeGreaterThan(5); // carried 6 m without a step
    expect(w.player.isGrounded[a]).toBe(1);
    const p = platformEntity(w, 0);
    const rel0 = w.body.x[a] - w.body.x[p];
    const steps = collect(w, 60, [Button.Left, 0], SimEvent.Footstep, () => rel0 - (w.body.x[a] - w.body.x[p]) >= 1.5);
    expect(rel0 - (w.body.x[a] - w.body.x[p])).toBeGreaterThanOrEqual(1.5); // ran 1.5 m back along it
    // Up to one stride may be left over from the slip while the platform started moving.
    expect(steps.length).toBeGreaterThanOrEqual(Math.floor(1.5 / STRIDE));
    expect(steps.length).toBeLessThanOrEqual(Math.ceil(1.5 / STRIDE));
  });

  it('a jump resets the stride: none in the air', () => {
    const w = flatWorld(5, 3, 8);
    idle(w, 10);
    collect(w, 20, [Button.Right, 0], SimEvent.Footstep);
    const a = playerEntity(w, 0);
    const inAir: Seen[] = [];
    let cursor = w.events.count;
    step(w, [Button.Right | Button.Jump, 0]);
    for (let t = 0; t < 60 && w.player.isGrounded[a] === 0; t++) {
      step(w, [Button.Right | Button.Jump, 0]);
      cursor = readEvents(w.events, cursor, (ty, tick, slot, value, entity) => {
        if (ty === SimEvent.Footstep && w.player.isGrounded[a] === 0) inAir.push({ type: ty, tick, slot, value, entity });
      });
    }
    expect(w.player.isGrounded[a]).toBe(1); // it landed again
    expect(inAir).toEqual([]);
  });
});

describe('BoxHitWall', () => {
  it('a box thrown at 8 m/s into a wall (no gravity) reports one hit of 8 m/s', () => {
    // A wall column at x = 20 (tiles 20, rows 0..38); the box flies right along y = 20.
    const solids: Array<[number, number]> = [];
    for (let r = 0; r < 39; r++) solids.push([20, r]);
    const w = labWorld({ solids, boxes: [{ x: 14, y: 20, w: 1, h: 1, mass: 10, vx: 8 }], physics: { gravity: 0 } });
    const b = boxEntity(w, 0);
    const hits = collect(w, 120, [0, 0], SimEvent.BoxHitWall);
    expect(w.body.x[b]).toBeLessThan(19.5 + 1e-6); // stopped by the wall (it drifts back off it slowly)
    expect(w.body.x[b]).toBeGreaterThan(18.5);
    expect(hits.length).toBe(1);
    expect(hits[0].entity).toBe(b);
    expect(hits[0].value).toBeCloseTo(8, 1);
    // It hit when it got there: (19.5 - 14) / 8 s after the start, within a tick.
    expect(Math.abs(hits[0].tick - (5.5 / 8) * 60)).toBeLessThanOrEqual(1.5);
  });

  it('a box dropped 3 m onto the floor reports one hit near sqrt(2 g h)', () => {
    const w = labWorld({ boxes: [{ x: 30, y: 35.5, w: 1, h: 1, mass: 10 }], physics: TRUTH_PHYSICS });
    const hits = collect(w, 120, [0, 0], SimEvent.BoxHitWall);
    expect(hits.length).toBe(1);
    const expected = Math.sqrt(2 * 9.81 * 3);
    expect(Math.abs(hits[0].value / expected - 1)).toBeLessThan(0.05);
  });

  it('a box resting on the floor or sliding slowly reports nothing', () => {
    const w = labWorld({ boxes: [{ x: 30, y: 38.5, w: 1, h: 1, mass: 10, vx: 1 }] });
    expect(collect(w, 180, [0, 0], SimEvent.BoxHitWall)).toEqual([]);
  });
});

describe('RopeCreak', () => {
  function swingingBox(vx: number): SimWorld {
    return labWorld({
      anchors: [{ x: 30, y: 10 }],
      boxes: [{ x: 30, y: 15.5, w: 1, h: 1, mass: 20, vx }],
      ropes: [{ a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: 0, y: -0.5 }, length: 5, segments: 10 }],
    });
  }

  it(`a box swinging on a rope creaks, at most once per ${CREAK_GAP_TICKS} ticks`, () => {
    const w = swingingBox(8);
    const creaks = collect(w, 240, [0, 0], SimEvent.RopeCreak);
    expect(creaks.length).toBeGreaterThanOrEqual(3);
    expect(creaks.length).toBeLessThanOrEqual(240 / CREAK_GAP_TICKS);
    for (const c of creaks) {
      expect(c.entity).toBe(ropeEntity(w, 0));
      expect(c.slot).toBe(255);
      expect(c.value).toBeGreaterThanOrEqual(2.5);
    }
    for (let k = 1; k < creaks.length; k++) expect(creaks[k].tick - creaks[k - 1].tick).toBeGreaterThanOrEqual(CREAK_GAP_TICKS);
  });

  it('a box hanging still never creaks', () => {
    expect(collect(swingingBox(0), 240, [0, 0], SimEvent.RopeCreak)).toEqual([]);
  });

  it('a player swinging below an anchored partner creaks the tether (slot = the hanging player)', () => {
    const w = ledgeWorld(9, 11.6, 6);
    run(w, 5, 0, 0);
    const creaks = collect(w, 300, [0, Button.Anchor], SimEvent.RopeCreak); // warm-up while standing: none
    expect(creaks).toEqual([]);
    const swinging = collect(w, 300, [Button.Right, Button.Anchor], SimEvent.RopeCreak);
    expect(swinging.length).toBeGreaterThan(0);
    expect(swinging.every((c) => c.entity === w.tetherRope && c.slot === 0)).toBe(true);
  });
});

describe('cue bookkeeping stays out of the state', () => {
  it('scrambling the cue arrays leaves the hash and the run unchanged', () => {
    const a = flatWorld(5, 3, 8);
    const b = flatWorld(5, 3, 8);
    b.cues.stepDistance.fill(0.3);
    b.cues.creakTicks.fill(7);
    expect(hashHex(b)).toBe(hashHex(a));
    for (let t = 0; t < 120; t++) {
      step(a, [Button.Right, Button.Left]);
      step(b, [Button.Right, Button.Left]);
    }
    expect(hashHex(b)).toBe(hashHex(a));
  });
});
