// Level 7 ("Sky Ferry"): the wide ferry carries the pair over a spike pit; on the little sky ferry
// one player anchors while the other dangles below and is carried across. Both must be able to
// finish it, and the anchor must matter.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { Button, SimEvent, createSimWorld, readEvents, step } from '../../src/sim';
import { playSkyFerry, type SkyFerryPhase } from '../../tools/bots/sky-ferry';
import { eventsSince, expectFinishedInGoal } from './levelChecks';

const FILE = 'levels/18-sky-ferry.json';

function build() {
  const parsed = parseLevel(readFileSync(FILE, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return { parsed, world: createSimWorld(parsed.def) };
}

describe('level 18: Sky Ferry', () => {
  it('is a version 2 level with two platforms, a checkpoint and spikes under both gaps', () => {
    const { parsed, world } = build();
    expect(parsed.level.version).toBe(2);
    expect(world.queries.platforms.dense.length).toBe(2);
    const tiles = parsed.level.tiles;
    expect(tiles[23].slice(11, 27)).toMatch(/^\^+$/);
    expect(tiles[23].slice(41, 53)).toMatch(/^\^+$/);
    expect(parsed.level.checkpoints).toHaveLength(1);
  });

  it('a scripted pair rides the ferry, carries P2 under the anchored sky ferry rider and reaches the goal', () => {
    const { parsed, world } = build();
    const [a, b] = world.queries.players.dense;
    const [ferry, sky] = world.queries.platforms.dense;
    const { body, player } = world;
    let rodeFerry = 0;
    let carried = 0;
    let carriedFrom = Infinity;
    let carriedTo = -Infinity;
    const pressed = playSkyFerry(world, (phase: SkyFerryPhase) => {
      // Both stand on the wide ferry while it moves.
      if (player.groundBox[a] === ferry && player.groundBox[b] === ferry && body.vx[ferry] !== 0) rodeFerry++;
      // P1 anchored on the moving sky ferry, P2 hanging in the air well below it.
      if (phase === 'carry' && player.isAnchored[a] && player.groundBox[a] === sky && !player.isGrounded[b] && body.y[b] > body.y[a] + 2) {
        carried++;
        carriedFrom = Math.min(carriedFrom, body.x[sky]);
        carriedTo = Math.max(carriedTo, body.x[sky]);
      }
    });
    const seen = eventsSince(world).map((e) => e.type);
    expect(world.completedTick).toBeGreaterThan(0);
    expect(world.completedTick).toBeLessThan(60 * 40);
    expect(seen).not.toContain(SimEvent.Died);
    expect(seen).toContain(SimEvent.CheckpointReached);
    expect(rodeFerry).toBeGreaterThan(60 * 3);
    expect(carried).toBeGreaterThan(60 * 2);
    expect(carriedTo - carriedFrom).toBeGreaterThan(6); // carried most of the way over the second gap
    expectFinishedInGoal(world, parsed.def, pressed);
  }, 30_000);

  it('without the anchor the dangling partner drags the rider off the sky ferry into the spikes', () => {
    const { parsed, world } = build();
    const phases: SkyFerryPhase[] = [];
    const pressed = playSkyFerry(world, (phase) => { phases.push(phase); });
    const hookAt = phases.indexOf('hook');
    expect(hookAt).toBeGreaterThan(0);
    const w = createSimWorld(parsed.def);
    let died = -1;
    let cursor = 0;
    for (let t = 0; t < pressed.length && died < 0; t++) {
      const [m1, m2] = pressed[t];
      step(w, [t >= hookAt ? m1 & ~Button.Anchor : m1, m2]);
      cursor = readEvents(w.events, cursor, (type, tick) => { if (type === SimEvent.Died && died < 0) died = tick; });
    }
    expect(died).toBeGreaterThan(hookAt);
    expect(w.completedTick).toBe(-1);
  }, 30_000);
});
