import { readFileSync } from 'node:fs';
import { parseLevel } from './src/level/parseLevel';
import { createSimWorld, gemsCollected } from './src/sim';
import { playTiedTogether } from './tools/bots/tied-together';
const parsed = parseLevel(readFileSync('levels/01-tied-together.json', 'utf8'));
if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
const world = createSimWorld(parsed.def);
const [a, b] = world.queries.players.dense;
const { body } = world;
let last = ''; let t = 0;
playTiedTogether(world, (ph) => {
  t++;
  if (ph !== last || (ph.startsWith('pit') && t % 30 === 0) || t % 300 === 0) { console.log(t, ph, 'P1', body.x[a].toFixed(2), body.y[a].toFixed(2), 'P2', body.x[b].toFixed(2), body.y[b].toFixed(2), 'deaths', world.rules.deaths[0], 'gem', world.rules.gems[0]); last = ph; }
});
console.log('done', world.completedTick, 'gems', gemsCollected(world), world.gems.length, 'deaths', world.rules.deaths[0]);
