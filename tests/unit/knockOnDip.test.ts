// The knock-on start of level 15 (Knock-On) and level 16 (The Deep Seam): a crate hangs over a
// 1 m dip at the edge of the first floor. Charging it without an anchored partner carries a
// player over the edge into the dip, which has a floor, not spikes, so the lesson costs no death
// and the player climbs back out. The Deep Seam had spikes in that dip: a blind try died there
// nine times before its first checkpoint (2026-11-27); Knock-On had been changed the same way.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { Button, SimEvent, createSimWorld, playerEntity, readEvents, step } from '../../src/sim';

/** The first floor's edge and the dip's far wall (the pillar), m; the floor's surface, m. */
const EDGE_X = 14;
const PILLAR_X = 16;
const FLOOR_Y = 16;

describe.each(['levels/15-knock-on.json', 'levels/16-timber-mine.json'])('%s: the dip under the first hanging crate', (file) => {
  it('a player who charges the crate alone lands in the dip alive, then jumps back out onto the floor', () => {
    const parsed = parseLevel(readFileSync(file, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const world = createSimWorld(parsed.def);
    const p1 = playerEntity(world, 0);
    const { body, player } = world;
    const feet = () => body.y[p1] + body.halfH[p1];
    let deaths = 0;
    let bumps = 0;
    let cursor = world.events.count;
    // P2 walks a little way behind for the first 40 ticks, then stands.
    const run = (ticks: number, p1Keys: (t: number) => number): void => {
      for (let t = 0; t < ticks; t++) {
        step(world, [p1Keys(t), world.tick < 40 ? Button.Right : 0]);
        cursor = readEvents(world.events, cursor, (type, _tick, slot) => {
          if (type === SimEvent.Died) deaths++;
          if (type === SimEvent.Bumped && slot === 0) bumps++;
        });
      }
    };
    // P1 charges right into the crate and over the edge.
    run(200, () => Button.Right);
    expect(bumps).toBeGreaterThan(0);
    expect(player.isGrounded[p1]).toBeTruthy();
    expect(body.x[p1]).toBeGreaterThan(EDGE_X);
    expect(body.x[p1]).toBeLessThan(PILLAR_X);
    expect(feet()).toBeCloseTo(FLOOR_Y + 1, 1);
    expect(deaths).toBe(0);
    // Out to the left: jump and hold left until standing on the first floor again.
    run(90, (t) => Button.Left | (t < 12 ? Button.Jump : 0));
    run(30, () => 0);
    expect(deaths).toBe(0);
    expect(player.isGrounded[p1]).toBeTruthy();
    expect(feet()).toBeCloseTo(FLOOR_Y, 1);
    expect(body.x[p1]).toBeLessThan(EDGE_X);
  });
});
