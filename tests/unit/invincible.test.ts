// The invincibility assist (world.assists.isInvincible): spikes and spiked boxes stop killing,
// falling out of the level still respawns at the checkpoint, and the flag is not hashed state: on in
// a run where no hazard is touched, the hashes are those of the same run with it off (the default,
// which golden.test.ts pins).
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { respawnSystem } from '../../src/sim/systems/respawnSystem';
import { Button, DeathCause, SimEvent, createSimWorld, hashHex, readEvents, step, type SimWorld, playerEntity, boxEntity } from '../../src/sim';

type Level = Record<string, any>;

/** A 30 x 12 room with a floor at row 10, players at x 3 and 4.5 (as in levelRules.test.ts). */
function room(change: (l: Level) => void = () => {}): SimWorld {
  const tiles = Array.from({ length: 12 }, (_, r) => (r >= 10 ? '#'.repeat(30) : '.'.repeat(30)));
  const l: Level = {
    format: 'ropebound-level', version: 2, id: 'assist-room', name: 'Assist room', tiles,
    spawns: [{ id: 'p1', player: 1, x: 3, y: 10 }, { id: 'p2', player: 2, x: 4.5, y: 10 }],
    goal: { id: 'goal', x: 27, y: 5, w: 2, h: 5 },
    tether: { length: 4, segments: 12 },
  };
  change(l);
  const result = parseLevel(JSON.stringify(l));
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return createSimWorld(result.def);
}

function diedCauses(world: SimWorld, ticks: number, masks: [number, number]): number[] {
  const causes: number[] = [];
  let cursor = world.events.count;
  for (let t = 0; t < ticks; t++) {
    step(world, masks);
    cursor = readEvents(world.events, cursor, (type, _tick, _slot, value) => {
      if (type === SimEvent.Died) causes.push(value);
    });
  }
  return causes;
}

describe('invincibility assist', () => {
  const spikes = (l: Level) => { l.tiles[9] = '.'.repeat(10) + '^^^' + '.'.repeat(17); };

  it('is off in a new world', () => {
    expect(room().assists.isInvincible).toBe(false);
  });

  it('walking over spike tiles does not kill: the players walk on through', () => {
    const normal = room(spikes);
    expect(diedCauses(normal, 200, [Button.Right, Button.Right])[0]).toBe(DeathCause.SpikeTiles);

    const world = room(spikes);
    world.assists.isInvincible = true;
    expect(diedCauses(world, 200, [Button.Right, Button.Right])).toEqual([]);
    expect(world.rules.deaths[0]).toBe(0);
    expect(world.body.x[playerEntity(world, 1)]).toBeGreaterThan(13); // past the spikes at x 10..13
  });

  it('a spiked box does not kill', () => {
    const box = (l: Level) => { l.boxes = [{ id: 'spiky', x: 8, y: 9.5, w: 1, h: 1, mass: 10, spikes: true }]; };
    expect(diedCauses(room(box), 200, [Button.Right, Button.Right])[0]).toBe(DeathCause.SpikedBox);
    const world = room(box);
    world.assists.isInvincible = true;
    expect(diedCauses(world, 200, [Button.Right, Button.Right])).toEqual([]);
  });

  it('falling out of the level still dies and respawns', () => {
    const world = room((l) => {
      l.tiles[10] = '#'.repeat(8) + '.'.repeat(22);
      l.tiles[11] = '#'.repeat(8) + '.'.repeat(22);
    });
    world.assists.isInvincible = true;
    expect(diedCauses(world, 240, [Button.Right, Button.Right])[0]).toBe(DeathCause.FellOut);
  });

  it('a fall names no box even if the player brushed a spiked one on the way: only a killing box is the event\'s entity', () => {
    const box = (l: Level) => { l.boxes = [{ id: 'spiky', x: 8, y: 9.5, w: 1, h: 1, mass: 10, spikes: true }]; };
    const entities = (isInvincible: boolean): Array<[number, number]> => {
      const world = room(box);
      world.assists.isInvincible = isInvincible;
      const p = playerEntity(world, 0);
      world.player.hurtBy[p] = boxEntity(world, 0); // touched this tick (the physics sets it)
      world.body.y[p] = world.grid.height + 10; // and is below the level
      const seen: Array<[number, number]> = [];
      const cursor = world.events.count;
      respawnSystem(world);
      readEvents(world.events, cursor, (type, _tick, _slot, value, entity) => {
        if (type === SimEvent.Died) seen.push([value, entity]);
      });
      return seen;
    };
    const world = room(box);
    expect(entities(false)).toEqual([[DeathCause.SpikedBox, boxEntity(world, 0)]]);
    expect(entities(true)).toEqual([[DeathCause.FellOut, 0]]);
  });

  it('is not hashed state: the same world with the flag on hashes the same until it matters', () => {
    const a = room(spikes);
    const b = room(spikes);
    b.assists.isInvincible = true;
    expect(hashHex(b)).toBe(hashHex(a));
    for (let t = 0; t < 30; t++) {
      step(a, [0, 0]);
      step(b, [0, 0]);
    }
    expect(hashHex(b)).toBe(hashHex(a));
  });
});
