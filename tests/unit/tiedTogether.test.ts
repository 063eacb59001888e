// Level "Tied Together" (levels/01-tied-together.json) teaches that the players are roped: they
// hop and jump side by side, a partner who falls into the pit is caught by an anchoring player and
// hauled out (and drags a partner who does not anchor in with it), and on the wall the rope will
// not let one climber get far ahead of the other.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { Button, SimEvent, createSimWorld, step, type SimWorld } from '../../src/sim';
import { JUMP_ZONES, PIT, STEP2_X, WALL_X, playTiedTogether, type Phase } from '../../tools/bots/tied-together';
import { eventsSince } from './levelChecks';

const FILE = 'levels/01-tied-together.json';

function build() {
  const parsed = parseLevel(readFileSync(FILE, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return { world: createSimWorld(parsed.def), def: parsed.def };
}

const fellOut = (events: Array<{ type: number }>) => events.some((e) => e.type === SimEvent.Died || e.type === SimEvent.Respawned);

/** Both players walk right to the pit's edge (P1 in front) and stop there; P1 then jumps across. */
function toThePit(world: SimWorld): void {
  const [a, b] = world.queries.players.dense;
  const { body, player } = world;
  const hop = (x: number) => (x > 7.4 && x < 8.3 ? Button.Jump : 0);
  for (let t = 0; t < 600; t++) {
    const x1 = body.x[a];
    const x2 = body.x[b];
    const p1 = x1 < 19.3 ? Button.Right | (player.isGrounded[a] ? hop(x1) : Button.Jump) : 0;
    const p2 = x2 < 18.8 ? Button.Right | (player.isGrounded[b] ? hop(x2) : Button.Jump) : 0;
    step(world, [p1, p2]);
    if (p1 === 0 && p2 === 0 && player.isGrounded[a] && player.isGrounded[b] && Math.abs(body.vx[a]) < 1e-3) break;
  }
  expect(body.x[a]).toBeGreaterThan(19);
  // P1 jumps the pit (a full running jump would need a run-up; from a standstill at the edge it
  // still clears the 4 m pit with Right + Jump held).
  for (let t = 0; t < 120; t++) step(world, [body.x[a] < PIT[1] + 0.8 ? Button.Right | (t < 25 ? Button.Jump : 0) : 0, 0]);
  for (let t = 0; t < 30; t++) step(world, [0, 0]);
  expect(player.isGrounded[a]).toBe(1);
  expect(body.x[a]).toBeGreaterThan(PIT[1]);
  expect(body.x[b]).toBeLessThan(PIT[0]);
}

/** Both walk right, jumping the step and the pit from the ground, until both stand on the first stone. */
function toTheStones(world: SimWorld): void {
  const [a, b] = world.queries.players.dense;
  const { body, player } = world;
  const press = (e: number): number => {
    if (body.x[e] > 25.5) return 0;
    const inZone = JUMP_ZONES.slice(0, 2).some(([x0, x1]) => body.x[e] > x0 && body.x[e] < x1);
    return Button.Right | (inZone || !player.isGrounded[e] ? Button.Jump : 0);
  };
  for (let t = 0; t < 900; t++) {
    step(world, [press(a), press(b)]);
    if (body.x[a] > 25.5 && body.x[b] > 25.5 && player.isGrounded[a] && player.isGrounded[b]) break;
  }
  for (let t = 0; t < 30; t++) step(world, [0, 0]);
  expect(body.x[a]).toBeGreaterThan(24);
  expect(body.x[b]).toBeGreaterThan(24);
}

describe('level: Tied Together', () => {
  it('a fall between the stepping stones is not a death: the trench is 1-2 m deep and a jump gets out', () => {
    const { world } = build();
    const [a, b] = world.queries.players.dense;
    const { body, player } = world;
    toTheStones(world);
    const from = world.tick;
    // Both walk off the first stone without jumping and land in the trench at x = 30..32.
    for (let t = 0; t < 120; t++) step(world, [body.x[a] < 30.6 ? Button.Right : 0, body.x[b] < 30.6 ? Button.Right : 0]);
    for (const e of [a, b]) {
      expect(player.isGrounded[e]).toBe(1);
      expect(body.x[e]).toBeGreaterThan(29.9);
      expect(body.x[e]).toBeLessThan(32.1);
      expect(body.y[e]).toBeGreaterThan(13); // on the trench floor (top y = 14), below the stones' tops (12-13)
    }
    // Each jumps out to the right, one after the other: up past the stone's top (y = 12) and out
    // of the trench (a held Right may carry a player on over the next stone; that is fine).
    for (const e of [a, b]) {
      let highest = Infinity;
      for (let t = 0; t < 90; t++) {
        const press = (body.x[e] < 33.2 ? Button.Right : 0) | (t < 20 ? Button.Jump : 0);
        step(world, e === a ? [press, 0] : [0, press]);
        highest = Math.min(highest, body.y[e]);
      }
      for (let t = 0; t < 20; t++) step(world, [0, 0]);
      expect(highest).toBeLessThan(11.3); // body centre above a stone-top stance
      expect(body.x[e]).toBeGreaterThan(32.4);
    }
    expect(fellOut(eventsSince(world, from))).toBe(false);
  });

  it('past the pit a checkpoint holds: a later fall into the pit respawns both on the first stone, not at the start', () => {
    const { world } = build();
    const [a, b] = world.queries.players.dense;
    const { body } = world;
    toTheStones(world);
    expect(eventsSince(world, 0).some((e) => e.type === SimEvent.CheckpointReached)).toBe(true);
    expect(world.rules.deaths[0]).toBe(0);
    // Both walk back left off the stone into the pit (x = 20..24, no floor) until one dies.
    for (let t = 0; t < 600 && world.rules.deaths[0] === 0; t++) step(world, [Button.Left, Button.Left]);
    expect(world.rules.deaths[0]).toBe(1);
    for (let t = 0; t < 120; t++) step(world, [0, 0]);
    for (const e of [a, b]) {
      expect(body.x[e]).toBeGreaterThan(24);
      expect(body.x[e]).toBeLessThan(30);
      expect(body.y[e]).toBeLessThan(13);
    }
  });

  it('a scripted pair hops, jumps the pit and the stones, climbs the wall one at a time and finishes', () => {
    const { world, def } = build();
    const [a, b] = world.queries.players.dense;
    const phases = new Set<Phase>();
    let bothOnFirstStepAtOnce = false;
    playTiedTogether(world, (phase) => {
      phases.add(phase);
      // The leader waits on the first wall step until the partner is up beside it.
      const onStep = (e: number) => world.body.x[e] > WALL_X && world.body.x[e] < STEP2_X && world.body.y[e] < 9.5;
      if (onStep(a) && onStep(b)) bothOnFirstStepAtOnce = true;
    });
    const events = eventsSince(world, 0);
    expect(world.completedTick).toBeGreaterThan(0);
    expect(world.completedTick).toBeLessThan(60 * 20);
    expect(fellOut(events)).toBe(false);
    expect(phases.has('wait-on-step')).toBe(true);
    expect(bothOnFirstStepAtOnce).toBe(true);
    // Both players pulled themselves up both wall steps.
    expect(events.filter((e) => e.type === SimEvent.LedgeClimbed && e.slot === 0).length).toBeGreaterThanOrEqual(2);
    expect(events.filter((e) => e.type === SimEvent.LedgeClimbed && e.slot === 1).length).toBeGreaterThanOrEqual(2);
    const g = def.goal;
    for (const e of world.queries.players.dense) {
      expect(world.body.x[e]).toBeGreaterThan(g.x);
      expect(world.body.x[e]).toBeLessThan(g.x + g.w);
    }
  });

  it('a partner who falls into the pit is caught by an anchoring player and hauled out', () => {
    const { world } = build();
    const [a, b] = world.queries.players.dense;
    const { body, player } = world;
    toThePit(world);
    const cursor = world.events.count;
    // P1 anchors on the far side; P2 walks into the pit without jumping and hangs on the rope.
    let lowest = 0;
    for (let t = 0; t < 150; t++) {
      step(world, [Button.Anchor, body.x[b] < PIT[0] + 1 && body.y[b] < 13 ? Button.Right : 0]);
      lowest = Math.max(lowest, body.y[b]);
    }
    expect(player.isAnchored[a]).toBe(1);
    expect(lowest).toBeGreaterThan(15); // well down in the pit
    expect(body.y[b]).toBeGreaterThan(14);
    expect(fellOut(eventsSince(world, cursor))).toBe(false);
    // The anchor does not budge, and P2 cannot get out alone: hanging, it has nothing to jump from.
    const anchoredAt = body.x[a];
    for (let t = 0; t < 90; t++) step(world, [Button.Anchor, Button.Right | (t % 30 < 15 ? Button.Jump : 0)]);
    expect(body.x[a]).toBe(anchoredAt);
    expect(body.y[b]).toBeGreaterThan(14);
    // P1 lets go and walks away from the pit: the rope drags P2 up the far wall; P2 presses into
    // the wall and pulls itself over the edge.
    for (let t = 0; t < 240 && !(player.isGrounded[b] && body.x[b] > PIT[1]); t++) step(world, [Button.Right, Button.Right]);
    const events = eventsSince(world, cursor);
    expect(fellOut(events)).toBe(false);
    expect(events.some((e) => e.type === SimEvent.LedgeClimbed && e.slot === 1)).toBe(true);
    expect(player.isGrounded[b]).toBe(1);
    expect(body.x[b]).toBeGreaterThan(PIT[1]);
    expect(body.y[b]).toBeCloseTo(12.3, 3);
  });

  it('a partner who stands without anchoring is dragged toward the pit by the one who fell', () => {
    const { world } = build();
    const [a, b] = world.queries.players.dense;
    const { body, player } = world;
    toThePit(world);
    // P1 stands a few steps on (not anchored); P2 walks into the pit.
    for (let t = 0; t < 60; t++) step(world, [body.x[a] < 27.5 ? Button.Right : 0, 0]);
    const stoodAt = body.x[a];
    // The tether runs over the pit's far edge like a rope over a pulley, so P2's weight pulls P1
    // flat along the ground: P1 slides to the brink (and, unanchored, over it after P2).
    let deepest = 0;
    let nearest = Infinity;
    for (let t = 0; t < 200; t++) {
      step(world, [0, body.x[b] < PIT[0] + 1 && body.y[b] < 13 ? Button.Right : 0]);
      expect(player.isAnchored[a]).toBe(0);
      deepest = Math.max(deepest, body.y[b]);
      nearest = Math.min(nearest, body.x[a]);
    }
    expect(deepest).toBeGreaterThan(15);
    expect(stoodAt - nearest).toBeGreaterThan(1); // slid toward the brink (an anchor does not move at all)
  });

  it('on the wall the rope holds a climber back until the partner is up the first step', () => {
    const { world } = build();
    const [a, b] = world.queries.players.dense;
    const { body, player } = world;
    // Play the bot until P1 reaches the first wall step, then hold P2 at the foot of the wall.
    let onStep = false;
    playUntil(world, () => (onStep = body.x[a] > WALL_X + 0.5 && body.y[a] < 9.5 && player.isGrounded[a] === 1));
    expect(onStep).toBe(true);
    expect(body.y[b]).toBeGreaterThan(11); // P2 still below, at the foot of the wall
    // P1 runs at the second step and jumps again and again: the rope never lets it up.
    let highest = Infinity;
    for (let t = 0; t < 240; t++) {
      const jump = player.isGrounded[a] && body.x[a] > STEP2_X - 1.2 ? Button.Jump : 0;
      step(world, [Button.Right | jump, 0]);
      highest = Math.min(highest, body.y[a] + 0.7);
      if (t % 40 === 39) step(world, [0, 0]); // let go of Jump now and then, as a person would
    }
    expect(body.x[a]).toBeLessThan(STEP2_X);
    expect(eventsSince(world, 0).filter((e) => e.type === SimEvent.LedgeClimbed && e.slot === 0 && e.tick > 0).length).toBeGreaterThan(0);
    // Never stood on the second step (its top is y = 7).
    expect(player.isGrounded[a] && body.y[a] < 7).toBeFalsy();
    expect(highest).toBeGreaterThan(7 - 2.6);
  });
});

/** Runs the level's bot until `until()` holds (checked after every tick), then stops it. */
function playUntil(world: SimWorld, until: () => boolean): void {
  const stop = new Error('stop');
  try {
    playTiedTogether(world, () => { if (until()) throw stop; });
  } catch (e) {
    if (e !== stop) throw e;
  }
}
