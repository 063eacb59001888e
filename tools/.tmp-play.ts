// Temporary: closed-loop controller for level 01 in the pure sim, with browser-like input lag.
import { readFileSync } from 'node:fs';
import { parseLevel } from '../src/level/parseLevel';
import { createSimWorld, step } from '../src/sim';
import { snapshotWorld, type GameSnapshot } from '../src/app/debugHandle';
import { controller } from '/tmp/rb/controller';
const r = parseLevel(readFileSync('levels/01-first-gap.json', 'utf8'));
if (!r.ok) throw new Error(r.errors.join('\n'));
const verbose = process.argv.includes('-v');
let wins = 0;
const seeds = Number(process.argv[2] ?? 20);
for (let seed = Number(process.argv[3] ?? 1); seed <= seeds; seed++) {
  let rnd = seed * 7919;
  const rand = () => ((rnd = (rnd * 16807) % 2147483647) / 2147483647);
  const w = createSimWorld(r.def);
  const inp = new Uint8Array(2);
  const mem: Record<string, number> = {};
  let lastPhase = '';
  let pending: [number, number][] = [];
  let nextPoll = 0;
  let done = -1;
  for (let t = 0; t < 60 * 90; t++) {
    if (t >= nextPoll) {
      const s: GameSnapshot = snapshotWorld(w);
      const [a, b, phase] = controller(s, mem);
      if (verbose && phase !== lastPhase) console.log(t, phase, s.players.map(p => `${p.x.toFixed(2)},${p.y.toFixed(2)} v${p.vx.toFixed(1)},${p.vy.toFixed(1)}${p.grounded?' G':''}${p.anchored?' A':''}${p.taut?' T':''}`).join(' | '));
      lastPhase = phase;
      if (verbose && phase === 'swing' && t % 6 === 0 && t < 900) console.log(t, a, b, s.players.map(p => `${p.x.toFixed(2)},${p.y.toFixed(2)} v${p.vx.toFixed(1)},${p.vy.toFixed(1)}${p.grounded?' G':''}${p.anchored?' A':''}${p.taut?' T':''}`).join(' | '));
      const lag = seed === 1 ? 0 : 1 + Math.floor(rand() * 6);
      pending.push([t + lag, a | (b << 8)]);
      nextPoll = t + (seed === 1 ? 1 : 2 + Math.floor(rand() * 4));
    }
    pending = pending.filter(([at, m]) => { if (at <= t) { inp[0] = m & 255; inp[1] = m >> 8; return false; } return true; });
    step(w, inp);
    if (w.completedTick >= 0) { done = w.completedTick; break; }
  }
  if (done >= 0) wins++;
  console.log('seed', seed, done >= 0 ? `complete at ${done}` : `FAILED in phase ${lastPhase}`);
}
console.log(`${wins}/${seeds}`);
