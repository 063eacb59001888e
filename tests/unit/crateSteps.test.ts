// Level 11, "Crate Steps" (id crate-steps): footholds that hang. The heavy crates over the first pit
// hang from two ropes each, like the lighter ones past the pillar, so a player who lands or stands
// near a crate's end keeps a level floor. On one rope at its middle (as they were) a player 0.9 m off
// centre tipped the crate until they slid off onto the spikes: a blind try cost 14 deaths there.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { boxEntity, createSimWorld, step } from '../../src/sim';

const FILE = 'levels/11-crate-steps.json';

/** The level with P1 standing `offset` m right of a crate's centre on its top, P2 on the nearer floor
 *  (the start floor's end or the pillar), within the tether's reach. */
function standingOnCrate(crateId: string, offset: number) {
  const level = JSON.parse(readFileSync(FILE, 'utf8'));
  const crate = level.boxes.find((b: { id: string }) => b.id === crateId);
  level.spawns = [
    { id: 'p1-start', player: 1, x: crate.x + offset, y: crate.y - crate.h / 2 - 0.05 },
    { id: 'p2-start', player: 2, x: crate.x < 18 ? 11 : 25, y: 16 },
  ];
  const parsed = parseLevel(JSON.stringify(level));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const world = createSimWorld(parsed.def);
  return { world, crate: boxEntity(world, parsed.ids.boxes.indexOf(crateId)) };
}

describe('level 11: Crate Steps (crate-steps)', () => {
  for (const crateId of ['crate-1', 'crate-2', 'crate-3']) {
    for (const offset of [-0.9, 0.9]) {
      it(`${crateId} stays level under a player standing ${offset} m off its centre, who stays on it for 4 s`, () => {
        const { world, crate } = standingOnCrate(crateId, offset);
        const [p1] = world.queries.players.dense;
        let steepest = 0;
        let lastOnCrate = -1;
        for (let t = 0; t < 240; t++) {
          step(world, [0, 0]);
          // |sin| of the crate's angle: 0 level, 1 on its end.
          steepest = Math.max(steepest, Math.abs(world.body.rotS[crate]));
          if (world.player.isGrounded[p1] === 1 && world.player.groundBox[p1] === crate) lastOnCrate = t;
        }
        expect(world.rules.deaths[0]).toBe(0);
        expect(lastOnCrate).toBe(239);
        expect(steepest).toBeLessThan(Math.sin((5 * Math.PI) / 180));
      });
    }
  }
});
