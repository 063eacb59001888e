// Level 4, "The Well" (id the-well): down a well ledge by ledge in turns, then a swing into the
// tunnel in the far wall. The well used to be skippable: both players holding right (hopping the
// stones) fell down the shaft along the far wall and landed on the tunnel's lip, the level done in
// 5 s without the rope (found by blind tries). The shaft above the tunnel is now 1 m narrower than
// the tunnel's lip is far, so a fall along that wall misses the lip by a metre and ends on the spikes;
// the third ledge's floor juts 1 m into the well so the swing from it still reaches the tunnel.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { Button, SimEvent, createSimWorld, readEvents, step } from '../../src/sim';
import { playWell } from '../../tools/bots/the-well';

function build() {
  const parsed = parseLevel(readFileSync('levels/04-the-well.json', 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return createSimWorld(parsed.def);
}

describe('level 4: The Well (the-well)', () => {
  it.each([20, 30, 40, 60])('falling down the shaft holding right (hopping every %i ticks) does not reach the goal', (period) => {
    const world = build();
    let deaths = 0;
    let cursor = world.events.count;
    for (let t = 0; t < 60 * 30 && world.completedTick < 0; t++) {
      const keys = Button.Right | (t % period < period / 2 ? Button.Jump : 0);
      step(world, [keys, keys]);
      cursor = readEvents(world.events, cursor, (type) => { if (type === SimEvent.Died) deaths++; });
    }
    expect(world.completedTick).toBe(-1);
    expect(deaths).toBeGreaterThan(0); // they went in, and the spikes at the bottom got them
  });

  it('the scripted pair goes down ledge by ledge, swings into the tunnel and finishes without a death', () => {
    const world = build();
    let deaths = 0;
    let cursor = world.events.count;
    playWell(world, () => {
      cursor = readEvents(world.events, cursor, (type) => { if (type === SimEvent.Died) deaths++; });
    });
    expect(world.completedTick).toBeGreaterThan(0);
    expect(deaths).toBe(0);
  });
});
