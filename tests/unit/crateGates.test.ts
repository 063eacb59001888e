// Level 4, "Crate Gates" (id crate-gates): hanging crates block two drops. Running into a crate
// swings it out over the edge so a player can drop down behind it; the light one returns and blocks
// again, and the heavy one does not move far enough for one player pushing alone.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { Button, SimEvent, createSimWorld, readEvents, step, type SimWorld, boxEntity } from '../../src/sim';
import { DROP1_X, DROP2_X, FLOOR_Y, playCrateGates, type CrateGatesPhase } from '../../tools/bots/crate-gates';
import { expectFinishedInGoal } from './levelChecks';

const FILE = 'levels/09-crate-gates.json';

function build() {
  const parsed = parseLevel(readFileSync(FILE, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const world = createSimWorld(parsed.def);
  const box = (id: string) => boxEntity(world, parsed.ids.boxes.indexOf(id));
  return { world, parsed, box };
}

const feetY = (world: SimWorld, e: number) => world.body.y[e] + world.body.halfH[e];

describe('level 9: Crate Gates (crate-gates)', () => {
  it('a scripted pair bumps both crates aside, drops down behind them and reaches the goal', () => {
    const { world, parsed, box } = build();
    const crate = box('crate');
    const big = box('big-crate');
    const [a] = world.queries.players.dense;
    const bumps: Array<{ slot: number; entity: number }> = [];
    const deaths: number[] = [];
    let cursor = 0;
    let crateFurthest = 0;
    let bigFurthest = 0;
    let p1DownFirst = -1;
    const pressed = playCrateGates(world, (_phase: CrateGatesPhase) => {
      cursor = readEvents(world.events, cursor, (type, _tick, slot, _value, entity) => {
        if (type === SimEvent.Bumped) bumps.push({ slot, entity });
        if (type === SimEvent.Died) deaths.push(slot);
      });
      crateFurthest = Math.max(crateFurthest, world.body.x[crate]);
      bigFurthest = Math.max(bigFurthest, world.body.x[big]);
      if (p1DownFirst < 0 && feetY(world, a) > FLOOR_Y[0] + 1) p1DownFirst = world.tick;
    });
    expect(world.completedTick).toBeGreaterThan(0);
    // 16 s: the bot also rides the heavy crate up to the gem before the charge (was 15 s without it).
    expect(world.completedTick).toBeLessThan(60 * 16);
    expect(deaths).toEqual([]);
    // P1 bumped the light crate; both bumped the heavy one.
    expect(bumps.some((e) => e.slot === 0 && e.entity === crate)).toBe(true);
    expect(bumps.some((e) => e.slot === 0 && e.entity === big)).toBe(true);
    expect(bumps.some((e) => e.slot === 1 && e.entity === big)).toBe(true);
    // Each crate swung well out over its drop.
    expect(crateFurthest).toBeGreaterThan(DROP1_X + 1.5);
    expect(bigFurthest).toBeGreaterThan(DROP2_X + 1.5);
    expect(p1DownFirst).toBeGreaterThan(0);
    expectFinishedInGoal(world, parsed.def, pressed);
  });

  it('the light crate swings back behind the first player and closes the drop again', () => {
    const { world, box } = build();
    const [a, b] = world.queries.players.dense;
    const crate = box('crate');
    let downAt = -1;
    let closedAgain = false;
    for (let t = 0; t < 360; t++) {
      step(world, [Button.Right, world.body.x[b] < 12.8 ? Button.Right : 0]);
      if (downAt < 0 && feetY(world, a) > FLOOR_Y[0] + 1) downAt = t;
      // Back over the terrace: its left side hangs in front of the drop, where P2 would walk.
      if (downAt >= 0 && world.body.x[crate] - world.body.halfW[crate] < DROP1_X - 1) closedAgain = true;
    }
    expect(downAt).toBeGreaterThan(0);
    expect(world.body.x[a]).toBeGreaterThan(DROP1_X);
    expect(closedAgain).toBe(true);
  });

  it('no crate can be jumped over: a running jump at the first crate only bumps it', () => {
    const { world, box } = build();
    const [a] = world.queries.players.dense;
    const crate = box('crate');
    let topOfCrate = false;
    for (let t = 0; t < 150; t++) {
      const x = world.body.x[a];
      step(world, [Button.Right | (x > 13.5 && x < 16.5 ? Button.Jump : 0), 0]);
      // Feet never get above the crate's top while P1 is over it.
      const over = Math.abs(world.body.x[a] - world.body.x[crate]) < 0.6;
      if (over && feetY(world, a) <= world.body.y[crate] - world.body.halfH[crate] + 0.05) topOfCrate = true;
    }
    expect(topOfCrate).toBe(false);
  });

  it('one player pushing alone cannot shift the heavy crate far enough to drop past it', () => {
    const { world, box } = build();
    const [a] = world.queries.players.dense;
    const big = box('big-crate');
    // Walk both down to the middle floor with the bot, then P1 alone pushes for 10 s.
    try {
      playCrateGates(world, (phase) => { if (phase === 'pump') throw new Error('at the heavy crate'); });
    } catch { /* stopped at the heavy crate */ }
    let furthest = 0;
    for (let t = 0; t < 600; t++) {
      step(world, [Button.Right, 0]);
      furthest = Math.max(furthest, world.body.x[a]);
    }
    expect(feetY(world, a)).toBeCloseTo(FLOOR_Y[1], 1);
    // P1 needs its centre past DROP2_X + 0.35 to fall; it gets no further than DROP2_X (measured 35.67).
    expect(furthest).toBeLessThan(DROP2_X);
    expect(world.body.x[big]).toBeLessThan(DROP2_X + 1.5);
  });
});
