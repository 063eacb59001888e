// Level 10 shows the rope entities: a hanging box P1 bumps into a swing, a spiked pendulum to time,
// and a crate whose rope snaps under a player, the step up to the goal's ledge (a blind playtest
// finished the level by running right and one jump: it never needed the crate). Both players must
// be able to finish it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { Button, SimEvent, createSimWorld, readEvents, ropeMaxStretch, step, boxEntity, ropeEntity } from '../../src/sim';
import { playSwingYard } from '../../tools/bots/swing-yard';
import { eventsSince, expectFinishedInGoal } from './levelChecks';

const FILE = 'levels/10-swing-yard.json';

function load() {
  const parsed = parseLevel(readFileSync(FILE, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed;
}

/** A fresh world of the level, with lookups of its boxes and ropes by level id. */
function build() {
  const parsed = load();
  const world = createSimWorld(parsed.def);
  const box = (id: string) => boxEntity(world, parsed.ids.boxes.indexOf(id));
  const rope = (id: string) => ropeEntity(world, parsed.ids.ropes.indexOf(id));
  return { world, parsed, box, rope };
}

describe('level 2: Swing Yard', () => {
  it('P1 holding Right from the start bumps the first box into a swing on a rope that does not stretch', () => {
    const { world, box, rope } = build();
    const bumper = box('bumper');
    const bumperRope = rope('bumper-rope');
    expect(world.body.y[bumper] + world.body.halfH[bumper]).toBeCloseTo(16.7, 6); // 0.3 m above the floor at y = 17
    let fastest = 0;
    let worstStretch = 0;
    let bumped = false;
    let cursor = 0;
    // 120 ticks: P1 is past the box and still short of the spiked pendulum.
    for (let t = 0; t < 120; t++) {
      step(world, [Button.Right, 0]);
      fastest = Math.max(fastest, world.body.vx[bumper]);
      worstStretch = Math.max(worstStretch, ropeMaxStretch(world, bumperRope));
      cursor = readEvents(world.events, cursor, (type, _tick, slot, _value, entity) => {
        if (type === SimEvent.Bumped && slot === 0 && entity === bumper) bumped = true;
      });
    }
    expect(bumped).toBe(true);
    expect(fastest).toBeGreaterThan(0.5);
    expect(worstStretch).toBeLessThan(0.001);
    // It swings: back and forth on the rope, not pushed away or stuck.
    expect(world.body.x[bumper]).toBeGreaterThan(2);
    expect(world.body.x[bumper]).toBeLessThan(9);
  });

  it('a scripted pair times the pendulum, snaps the crate rope and gets both players into the goal', () => {
    const { world, parsed, rope } = build();
    const crateRope = rope('crate-rope');
    const seen: number[] = [];
    let snapped = 0;
    const pressed = playSwingYard(world);
    for (const { type, entity } of eventsSince(world)) {
      seen.push(type);
      if (type === SimEvent.RopeSnapped) snapped = entity;
    }
    expect(world.completedTick).toBeGreaterThan(0);
    expect(world.completedTick).toBeLessThan(60 * 15);
    expect(seen).not.toContain(SimEvent.Died);
    expect(seen).not.toContain(SimEvent.Respawned);
    expect(snapped).toBe(crateRope);
    expect(seen.filter((type) => type === SimEvent.LedgeClimbed)).toHaveLength(2); // both, from the crate
    expect(world.rules.gems[0], 'the gem left of the crate, from its top').toBe(1);
    expectFinishedInGoal(world, parsed.def, pressed);
  });

  /** The level without the hanging crate: P1 against the goal ledge's face, P2 close behind; a
   *  0.8 m crate lies on the floor there when `step` is true. */
  function atTheLedge(withStep: boolean) {
    const level = JSON.parse(readFileSync(FILE, 'utf8'));
    level.ropes = level.ropes.filter((r: { id: string }) => r.id !== 'crate-rope');
    level.boxes = level.boxes.filter((b: { id: string }) => b.id !== 'crate');
    if (withStep) level.boxes.push({ id: 'step', x: 32.3, y: 16.6, w: 1.2, h: 0.8, mass: 30 });
    level.spawns = [{ id: 'p1', player: 1, x: withStep ? 32.3 : 32.6, y: withStep ? 16.15 : 17 }, { id: 'p2', player: 2, x: 29.5, y: 17 }];
    level.checkpoints = [];
    const parsed = parseLevel(JSON.stringify(level));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    return createSimWorld(parsed.def);
  }

  /** P1 jumps again and again into the ledge's face (a full jump, let go, pressed again) for 4 s;
   *  the highest its feet got, whether it pulled up onto the ledge (top at y 13; then it stops
   *  pressing) and where its feet end. */
  function jumpAtTheLedge(world: ReturnType<typeof createSimWorld>): { highest: number; climbed: boolean; feet: number } {
    const p1 = world.queries.players.dense[0];
    let highest = Infinity;
    let climbed = false;
    let cursor = world.events.count;
    for (let t = 0; t < 240; t++) {
      step(world, [climbed ? 0 : Button.Right | (t % 40 < 24 ? Button.Jump : 0), 0]);
      highest = Math.min(highest, world.body.y[p1] + world.body.halfH[p1]);
      cursor = readEvents(world.events, cursor, (type, _tick, slot) => { if (type === SimEvent.LedgeClimbed && slot === 0) climbed = true; });
    }
    return { highest, climbed, feet: world.body.y[p1] + world.body.halfH[p1] };
  }

  it('the goal\'s ledge is beyond a jump from the floor (no pull-up): the crate is the step up to it', () => {
    const fromFloor = jumpAtTheLedge(atTheLedge(false));
    expect(fromFloor.climbed).toBe(false);
    expect(fromFloor.highest).toBeGreaterThan(13.5); // a full jump: feet 2.5 m up, still under the top
    const fromCrate = jumpAtTheLedge(atTheLedge(true));
    expect(fromCrate.climbed).toBe(true);
    expect(fromCrate.feet).toBeCloseTo(13, 3); // stands on the ledge
  });

  it('walking straight into the swinging spiked box kills and restarts the level', () => {
    const { world, box } = build();
    let killer = 0;
    let cursor = 0;
    for (let t = 0; t < 600 && killer === 0; t++) {
      step(world, [Button.Right, Button.Right]);
      cursor = readEvents(world.events, cursor, (type, _tick, _slot, _value, entity) => { if (type === SimEvent.Died) killer = entity; });
    }
    expect(killer).toBe(box('spike-ball'));
  });
});
