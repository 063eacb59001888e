// A moving platform against a player it cannot push away (the floor under them, a wall behind):
// the player is crushed (a death, like spikes), never launched. Before, the platform's push and
// the tile's stop fought until the player was thrown out of the overlap sideways or up through the
// platform, and that jump became velocity: a lift coming down on a player on the floor flung both
// players hundreds of metres over the level (found building The Ice Cliff). A platform that only
// pushes (nothing behind the player) still carries it along at the platform's own speed. A player
// squeezed sideways with its feet just under the platform's top (stepping off a ledge as a ferry
// docks against it: a blind tester died so in Sky Ferry) is lifted onto it instead.
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { DeathCause, SimEvent, createSimWorld, readEvents, step } from '../../src/sim';

/** A 30 x 12 room with a floor at row 10; one platform on `path`; P1 at x 10, P2 at x 4. */
function room(path: Array<[number, number]>, w = 3, speed = 2.5, p1x = 10) {
  const tiles = Array.from({ length: 12 }, (_, r) => (r >= 10 ? '#'.repeat(30) : `#${'.'.repeat(28)}#`));
  const parsed = parseLevel(JSON.stringify({
    format: 'ropebound-level', version: 2, id: 'crush', name: 'Crush', tiles, tether: { length: 6, segments: 12 },
    spawns: [{ id: 's1', player: 1, x: p1x, y: 10 }, { id: 's2', player: 2, x: 4, y: 10 }],
    goal: { id: 'goal', x: 26, y: 7, w: 2, h: 3 },
    platforms: [{ id: 'lift', w, h: 0.5, path, speed }],
  }));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return createSimWorld(parsed.def);
}

/** Steps `ticks` with no input; returns the fastest speed either player had and the deaths seen. */
function run(world: ReturnType<typeof room>, ticks: number) {
  const { body } = world;
  const players = world.queries.players.dense;
  let fastest = 0;
  let highest = Infinity;
  const deaths: number[] = [];
  let cursor = world.events.count;
  for (let t = 0; t < ticks; t++) {
    step(world, [0, 0]);
    for (const e of players) {
      fastest = Math.max(fastest, Math.hypot(body.vx[e], body.vy[e]));
      highest = Math.min(highest, body.y[e]);
    }
    cursor = readEvents(world.events, cursor, (type, _tick, _slot, value) => { if (type === SimEvent.Died) deaths.push(value); });
  }
  return { fastest, highest, deaths };
}

describe('a moving platform against a player', () => {
  it('a lift coming down on a player on the floor crushes it: a death, nobody launched', () => {
    const world = room([[10, 5], [10, 11]]); // down through the floor, under P1's feet
    const { fastest, highest, deaths } = run(world, 240);
    expect(deaths[0]).toBe(DeathCause.Crushed);
    expect(fastest).toBeLessThan(20); // the game's own speeds: runs, jumps, falls
    expect(highest).toBeGreaterThan(0); // nobody above the level
  });

  it('sliding along the floor into a player against a wall crushes it there, launching nobody', () => {
    const world = room([[20, 9.75], [1.5, 9.75]], 3, 2.5, 2.2); // P1 by the left wall
    const { fastest, highest, deaths } = run(world, 600);
    expect(deaths).toContain(DeathCause.Crushed);
    expect(fastest).toBeLessThan(20);
    expect(highest).toBeGreaterThan(0);
  });

  it('with room behind, a platform pushes the player along at its own speed, no faster, and nobody dies', () => {
    const world = room([[20, 9.75], [12, 9.75]], 3, 2.5, 10); // stops 1.5 m short of P1's new place
    const { fastest, deaths } = run(world, 300);
    expect(deaths).toEqual([]);
    expect(fastest).toBeLessThan(2.5 * 1.5);
  });

  describe('a ferry docking against a ledge, a player stepping off the ledge into the gap', () => {
    /**
     * A ledge (solid up to x 8, top y 10) over a pit; a 3 m ferry, top flush with the ledge, docks
     * against it 0.2 m short of the wall (as Sky Ferry's do), its side starting 5 cm from P1 in
     * the gap, P1's feet `below` m under the ledge's top. Returns P1's feet height after 60 ticks
     * (y down) and the deaths.
     */
    function dock(below: number) {
      const tiles = Array.from({ length: 16 }, (_, r) => (r >= 10 ? `${'#'.repeat(8)}${'.'.repeat(21)}#` : `#${'.'.repeat(28)}#`));
      tiles[15] = '#'.repeat(30);
      const parsed = parseLevel(JSON.stringify({
        format: 'ropebound-level', version: 2, id: 'dock', name: 'Dock', tiles, tether: { length: 6, segments: 12 },
        spawns: [{ id: 's1', player: 1, x: 6, y: 10 }, { id: 's2', player: 2, x: 4, y: 10 }],
        goal: { id: 'goal', x: 26, y: 3, w: 2, h: 3 },
        platforms: [{ id: 'ferry', w: 3, h: 0.5, path: [[20, 10.25], [8.2 + 1.5, 10.25]], speed: 2.5 }],
      }));
      if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
      // Then P1 put in the gap by the wall and the ferry's side 5 cm from it (the level check
      // refuses a spawn that dies in its first second, as the deepest one does).
      const p1x = 8 + 0.35;
      const [ferry] = parsed.def.platforms!;
      const world = createSimWorld({
        ...parsed.def,
        spawns: [{ ...parsed.def.spawns[0], x: p1x, y: 10 + below }, parsed.def.spawns[1]],
        platforms: [{ ...ferry, path: [{ x: p1x + 0.35 + 0.05 + 1.5, y: 10.25 }, ferry.path[1]] }],
      });
      const { fastest, deaths } = run(world, 60);
      const p1 = world.queries.players.dense[0];
      return { feet: world.body.y[p1] + world.body.halfH[p1], fastest, deaths };
    }

    it('feet 0.1 or 0.3 m under the top: lifted onto the ferry, standing on it, no death, no launch', () => {
      for (const below of [0.1, 0.3]) {
        const { feet, fastest, deaths } = dock(below);
        expect(deaths, `${below} m`).toEqual([]);
        expect(feet, `${below} m`).toBeCloseTo(10, 2); // on the ferry's top (and the ledge's)
        expect(fastest, `${below} m`).toBeLessThan(5);
      }
    });

    it('feet 0.6 m under the top (its side against the player\'s body): crushed, as before', () => {
      const { deaths, fastest } = dock(0.6);
      expect(deaths[0]).toBe(DeathCause.Crushed);
      expect(fastest).toBeLessThan(20);
    });
  });
});

