// Gems: optional pickups (issue 16, "reasons to replay"). A player touching one collects it, once;
// a death keeps it (like the checkpoint), a restart builds a new world without it. Levels without
// gems hash as before (their replays stay valid); the level file refuses a gem no one can touch.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import {
  Button, GEM_RADIUS, MAX_GEMS, SimEvent, Tile, createSimWorld, defaultPhysicsSettings, hashHex, playerEntity, readEvents,
  resetLevel, step, tileAt, type SimWorld,
} from '../../src/sim';
import { labDef } from '../../tools/scenarios/worlds';

const LEVEL_1 = readFileSync('levels/01-tied-together.json', 'utf8');

/** Level 1's text with `gems` set (undefined: none). */
function withGems(gems: unknown): string {
  const json = JSON.parse(LEVEL_1) as Record<string, unknown>;
  if (gems === undefined) delete json.gems;
  else json.gems = gems;
  return JSON.stringify(json, null, 2);
}

function errorsOf(text: string): string[] {
  const parsed = parseLevel(text);
  return parsed.ok ? [] : parsed.errors;
}

/** The GemCollected events since `cursor`: [slot, gem index] each. */
function collected(world: SimWorld, cursor = 0): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  readEvents(world.events, cursor, (type, _tick, slot, value) => { if (type === SimEvent.GemCollected) out.push([slot, value]); });
  return out;
}

describe('gems in the sim', () => {
  // The lab room: floor surface y = 22, P1's feet at x 1.5 and P2's at x 3 (tether 2 m).
  const room = (gems: Array<{ x: number; y: number }>): SimWorld => createSimWorld({ ...labDef(), gems });

  it('a player walking through a gem collects it once; one a little out of reach stays', () => {
    const world = room([{ x: 8, y: 21.5 }, { x: 12, y: 18 }]);
    const p2 = playerEntity(world, 1);
    const { body } = world;
    for (let t = 0; t < 120 && body.x[p2] < 10; t++) step(world, [Button.Right, Button.Right]);
    expect(collected(world)).toEqual([[1, 0]]); // P2 leads: it walks into the gem first
    expect(world.rules.gems[0]).toBe(0b01);
    // The second gem floats 4 m over the floor: standing under it, the player's top is well below
    // its reach (y + GEM_RADIUS), and walking under it collects nothing.
    const reachTop = 22 - 2 * body.halfH[p2] - GEM_RADIUS;
    expect(18).toBeLessThan(reachTop); // out of reach standing
    for (let t = 0; t < 120; t++) step(world, [0, body.x[p2] < 12 ? Button.Right : 0]);
    expect(world.rules.gems[0]).toBe(0b01);
    for (let t = 0; t < 60; t++) step(world, [0, 0]);
    expect(collected(world)).toEqual([[1, 0]]); // nothing twice
  });

  it('the edge of reach is GEM_RADIUS from the player\'s box, whichever side', () => {
    const probe = (dx: number): number => {
      const world = room([{ x: 0, y: 0 }]);
      const p1 = playerEntity(world, 0);
      const { body } = world;
      // A gem level with P1's centre, dx past its side: in reach up to GEM_RADIUS.
      (world.gems as Array<{ x: number; y: number }>)[0] = { x: body.x[p1] - body.halfW[p1] - dx, y: body.y[p1] };
      step(world, [0, 0]);
      return world.rules.gems[0];
    };
    expect(probe(GEM_RADIUS - 0.01)).toBe(1);
    expect(probe(GEM_RADIUS + 0.01)).toBe(0);
  });

  it('a death keeps the gems collected; a restart (a new world) has none', () => {
    const world = room([{ x: 8, y: 21.5 }]);
    for (let t = 0; t < 120 && world.rules.gems[0] === 0; t++) step(world, [Button.Right, Button.Right]);
    expect(world.rules.gems[0]).toBe(1);
    resetLevel(world); // what the respawn system does after a death
    expect(world.rules.gems[0]).toBe(1);
    expect(p1X(world)).toBeLessThan(8); // the players are back at the start...
    for (let t = 0; t < 120; t++) step(world, [Button.Right, Button.Right]);
    expect(collected(world)).toHaveLength(1); // ...and walking through it again collects nothing
    expect(createSimWorld({ ...labDef(), gems: [{ x: 8, y: 21.5 }] }).rules.gems[0]).toBe(0);
  });

  it('levels without gems hash as before gems existed; with gems, collecting one changes the hash', () => {
    const bare = createSimWorld(labDef());
    const withNone = createSimWorld({ ...labDef(), gems: [] });
    expect(hashHex(withNone)).toBe(hashHex(bare));
    bare.rules.gems[0] = 1; // not hashed in a level that has no gems
    expect(hashHex(bare)).toBe(hashHex(withNone));
    const a = room([{ x: 30, y: 10 }]);
    const b = room([{ x: 30, y: 10 }]);
    expect(hashHex(a)).toBe(hashHex(b));
    b.rules.gems[0] = 1;
    expect(hashHex(a)).not.toBe(hashHex(b));
  });

  it(`more than ${MAX_GEMS} gems do not build a world`, () => {
    expect(() => room(Array.from({ length: MAX_GEMS + 1 }, (_, k) => ({ x: 5 + k, y: 10 })))).toThrow(/at most 16 gems/);
  });
});

function p1X(world: SimWorld): number {
  return world.body.x[playerEntity(world, 0)];
}

describe('gems in level files', () => {
  it('are read into the world in order', () => {
    const parsed = parseLevel(withGems([{ id: 'g1', x: 10, y: 12.5 }, { id: 'g2', x: 40.5, y: 9 }]));
    expect(parsed.ok && parsed.def.gems).toEqual([{ x: 10, y: 12.5 }, { x: 40.5, y: 9 }]);
    expect(parsed.ok && createSimWorld(parsed.def).gems).toHaveLength(2);
  });

  it('are refused inside a solid tile, outside the grid, with a used id, or past the limit, each saying so', () => {
    expect(errorsOf(withGems([{ id: 'g1', x: 5, y: 15.5 }]))).toEqual([
      "$.gems[0]: gem 'g1' at (5, 15.5) is inside a solid tile; move it into open space",
    ]);
    expect(errorsOf(withGems([{ id: 'g1', x: 82, y: 3 }]))).toEqual([
      "$.gems[0]: gem 'g1' at (82, 3) is outside the grid (82 x 20 tiles)",
    ]);
    expect(errorsOf(withGems([{ id: 'goal', x: 10, y: 12.5 }]))[0]).toMatch(/^\$\.gems\[0\]: id 'goal' is used more than once \(first at \$\.goal\)/);
    expect(errorsOf(withGems(Array.from({ length: 17 }, (_, k) => ({ id: `g${k}`, x: 2 + k, y: 3 })))))
      .toEqual(['$.gems: may list at most 16 gems']);
    expect(errorsOf(withGems([{ id: 'g1', x: 10 }]))).toEqual(["$.gems[0].y: 'g1': is required but missing"]);
  });
});

describe('gems in the campaign', () => {
  const withGems = readdirSync('levels').filter((f) => /^\d+-.*\.json$/.test(f) && (JSON.parse(readFileSync(`levels/${f}`, 'utf8')) as { gems?: unknown[] }).gems?.length);

  // That each level's committed replay collects all of its gems (so every gem is shown reachable)
  // is checked by `npm run check-levels` (in `npm test`), which replays them anyway.
  it('some levels have them', () => {
    expect(withGems.length).toBeGreaterThanOrEqual(2);
  });

  it('none can be picked up from the ground: each hangs over a drop or above the reach of a jump', () => {
    const s = defaultPhysicsSettings();
    const jump = (s.jumpSpeed * s.jumpSpeed) / (2 * s.gravity);
    for (const file of withGems) {
      const parsed = parseLevel(readFileSync(`levels/${file}`, 'utf8'));
      if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
      const { grid } = parsed.def;
      for (const gem of parsed.def.gems ?? []) {
        // The first solid row under the gem, or none: over the level's bottom (a fall) is no ground.
        let floor = Math.floor(gem.y) + 1;
        while (floor < grid.height && tileAt(grid, Math.floor(gem.x), floor) !== Tile.Solid) floor++;
        if (floor >= grid.height) continue;
        const highestTop = floor - 2 * s.playerHalfHeight - jump; // a player's top at the top of a jump
        expect(gem.y + GEM_RADIUS, `${file}: gem at (${gem.x}, ${gem.y})`).toBeLessThan(highestTop);
      }
    }
  });
});
