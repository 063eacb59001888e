// Level 8 ("The Long Way Down"), the finale: every mechanic of the campaign in one level. The
// scripted pair must use each of them (bump, rappel, swing, pendulum, snapping rope, gondola on a
// moving trolley with anchors) and finish without a death; a death respawns at the last checkpoint.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { Button, SimEvent, createSimWorld, readEvents, step, boxEntity, ropeEntity } from '../../src/sim';
import { LIP, PIVOT_X, SLAB, playFinale, type FinalePhase } from '../../tools/bots/finale';
import { expectFinishedInGoal } from './levelChecks';

const FILE = 'levels/24-finale.json';

function build() {
  const parsed = parseLevel(readFileSync(FILE, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const world = createSimWorld(parsed.def);
  const box = (id: string) => boxEntity(world, parsed.ids.boxes.indexOf(id));
  const rope = (id: string) => ropeEntity(world, parsed.ids.ropes.indexOf(id));
  return { parsed, world, box, rope };
}

describe('level 24: The Long Way Down', () => {
  it('starts with the spiked pendulum already swung out and the gondola hanging from anchors on the trolley', () => {
    const { parsed, world, box } = build();
    expect(parsed.level.version).toBe(2);
    expect(parsed.level.checkpoints).toHaveLength(3);
    expect(world.body.x[box('blade')]).toBeLessThan(PIVOT_X - 3);
    const onTrolley = (parsed.level.anchors ?? []).filter((a) => a.platform === 'trolley');
    expect(onTrolley).toHaveLength(2);
  });

  it('a scripted pair uses every mechanic and gets both players into the goal without dying', () => {
    const { parsed, world, box, rope } = build();
    const [a, b] = world.queries.players.dense;
    const { body, player } = world;
    const bumper = box('bumper');
    const gondola = box('gondola');
    let lowered = 0; // P1 anchored up on the plateau while P2 hangs below the edge, level with the slab
    let swungOver = false; // P1 in the air crossing the chasm while P2 is anchored on the shelf
    let hauled = 0; // P1 anchored on the lip while P2 hangs below it
    let gondolaRide = 0;
    let gondolaFrom = Infinity;
    let gondolaTo = -Infinity;
    const types: number[] = [];
    const checkpoints: number[] = [];
    let bumped = false;
    let snapped = -1;
    // Read as the level goes: the ring holds the last 256 events, fewer than a whole level makes.
    let cursor = 0;
    const readNew = () => {
      cursor = readEvents(world.events, cursor, (type, _tick, slot, value, entity) => {
        types.push(type);
        if (type === SimEvent.CheckpointReached) checkpoints.push(value);
        if (type === SimEvent.Bumped && slot === 0 && entity === bumper) bumped = true;
        if (type === SimEvent.RopeSnapped) snapped = entity;
      });
    };
    const pressed = playFinale(world, (phase: FinalePhase) => {
      readNew();
      if (player.isAnchored[a] && body.y[a] < 11 && !player.isGrounded[b] && body.y[b] > SLAB.y - 2) lowered++;
      if (player.isAnchored[b] && !player.isGrounded[a] && body.x[a] > SLAB.x1 + 3 && body.x[a] < LIP.x0) swungOver = true;
      if (phase === 'anchor' && player.isAnchored[a] && body.y[b] > LIP.y + 3) hauled++;
      if (player.groundBox[a] === gondola && player.groundBox[b] === gondola) {
        gondolaRide++;
        gondolaFrom = Math.min(gondolaFrom, body.x[gondola]);
        gondolaTo = Math.max(gondolaTo, body.x[gondola]);
      }
    });
    readNew();
    expect(world.completedTick).toBeGreaterThan(0);
    expect(world.completedTick).toBeLessThan(60 * 60);
    expect(types).not.toContain(SimEvent.Died);
    expect(checkpoints).toEqual([0, 1, 2]);
    expect(bumped).toBe(true);
    expect(lowered).toBeGreaterThan(10);
    expect(swungOver).toBe(true);
    expect(hauled).toBeGreaterThan(60);
    expect(snapped).toBe(rope('frayed-rope'));
    expect(gondolaRide).toBeGreaterThan(60 * 3);
    expect(gondolaTo - gondolaFrom).toBeGreaterThan(8);
    expectFinishedInGoal(world, parsed.def, pressed);
  }, 30_000);

  it('the plateau\'s edge is no short cut: run or jump off it without the rope held and the rock curtain stops the fall short of the lip', () => {
    // Found by a blind tester: running off the plateau landed on the lip's plank across the chasm,
    // skipping the slab and the swing. A curtain of rock now hangs between the two down to the
    // slab's height: off the edge, nobody gets past it onto the lip; the fall ends in the spikes.
    const { parsed } = build();
    let runs = 0;
    for (const jumpAt of [0, 60, 70, 80, 88, 96]) {
      for (const jumpTicks of [6, 30]) {
        for (const p2Jumps of [false, true]) {
          const world = createSimWorld(parsed.def);
          const [a, b] = world.queries.players.dense;
          const { body, player } = world;
          let died = false;
          let cursor = world.events.count;
          for (let t = 0; t < 60 * 6 && !died; t++) {
            const jump = (from: number) => (t >= from && t < from + jumpTicks ? Button.Jump : 0);
            step(world, [Button.Right | jump(jumpAt), Button.Right | (p2Jumps ? jump(jumpAt + 8) : 0)]);
            cursor = readEvents(world.events, cursor, (type) => { if (type === SimEvent.Died) died = true; });
            for (const e of [a, b]) {
              if (player.isGrounded[e] && body.x[e] > LIP.x0 - 1.5) throw new Error(`jump at ${jumpAt} for ${jumpTicks}: a player stands at (${body.x[e].toFixed(2)}, ${body.y[e].toFixed(2)}) past the curtain`);
            }
          }
          expect(died, `jump at ${jumpAt} for ${jumpTicks}`).toBe(true);
          runs++;
        }
      }
    }
    expect(runs).toBe(24);
  }, 30_000);

  it('walking off the chasm edges without the rope kills, and from the slab checkpoint the swing still reaches the lip', () => {
    const { parsed } = build();
    const probe = createSimWorld(parsed.def);
    const phases: FinalePhase[] = [];
    const pressed = playFinale(probe, (phase) => { phases.push(phase); });
    const catchAt = phases.indexOf('catch');
    expect(catchAt).toBeGreaterThan(0);
    const world = createSimWorld(parsed.def);
    for (let t = 0; t < catchAt; t++) step(world, pressed[t]);
    // P2 stands on the slab (the first checkpoint); now both just walk off to the right.
    let died = -1;
    let respawnedAt = -2;
    let cursor = world.events.count;
    for (let t = 0; t < 60 * 6 && respawnedAt < -1; t++) {
      step(world, [Button.Right, Button.Right]);
      cursor = readEvents(world.events, cursor, (type, tick, _slot, value) => {
        if (type === SimEvent.Died && died < 0) died = tick;
        if (type === SimEvent.Respawned) respawnedAt = value;
      });
    }
    expect(died).toBeGreaterThan(0);
    expect(respawnedAt).toBe(0); // the first checkpoint: the slab
    step(world, [0, 0]); // both let go of Right (keys held through a respawn do nothing until then)
    const slab = parsed.level.checkpoints![0];
    const [a, b] = world.queries.players.dense;
    const { body, player } = world;
    expect(body.x[a]).toBeCloseTo(slab.p1[0], 0);
    expect(body.x[b]).toBeCloseTo(slab.p2[0], 0);
    // From there: P2 anchors at the slab's end, P1 runs off it and pumps the swing onto the lip.
    let onLip = false;
    for (let t = 0; t < 60 * 15 && !onLip; t++) {
      const p2 = body.x[b] < SLAB.x1 - 0.6 && !player.isAnchored[b] ? Button.Right : Button.Anchor;
      const p1 = !player.isAnchored[b] ? 0 : player.isGrounded[a] || body.vx[a] >= 0 ? Button.Right : Button.Left;
      step(world, [p1, p2]);
      onLip = player.isGrounded[a] === 1 && body.x[a] > LIP.x0 - 0.5 && body.y[a] < LIP.y;
    }
    expect(onLip).toBe(true);
    expect(world.rules.deaths[0]).toBe(1);
  }, 30_000);
});
