// `npm run tick-budget -- --base <dir>`: issue 14's budget, the sim's time per tick on every
// campaign level against another checkout of this repo (the issue's is b5b28fb, the last commit
// before ropes bent round corners: `git worktree add ../rb-base --detach b5b28fb`, then link or
// install its node_modules). Each tree's sim is bundled on its own (esbuild, as the game ships it)
// and each level runs in a fresh Node process that loads both: each build steps its own tree's
// recorded pair replay (levels/replays/NN-<id>.replay.json, recorded by that tree's bot), the
// builds in turn, warm-ups first, then PAIRS alternating pairs with the order swapped each pair.
// A run is timed by process.cpuUsage (this process's CPU time: a wait for a core on a busy machine
// is left out, which the wall clock could not do); the per-pair ratio this / base; the level's
// ratio is the median over the processes of each process's median ratio.
// Why a new process per level, and pairs inside it: on this 2-core machine runs of one build differ
// by 15-40 % between processes (JIT decisions, what else runs), while the two builds' ratio in one
// process moves by a few percent. Timing one build after the other (npm run tick-cost in each tree)
// reads the same ratios on an idle machine, less steadily.
// Usage: npm run tick-budget -- --base ../rb-base [--pairs 31] [--processes 3] [--json] [01- 04- ...]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'ropebound-tick-budget');
/** The budget: this tree's CPU time per tick within this factor of the base's. */
const BUDGET = 1.3;
/** Warm-up runs of each build before the pairs (V8 optimises the sim in the first few). */
const WARM_UP = 5;

/** What each tree's bundle exports (the same names in every version since issue 14). */
const entryFor = (tree: string): string => `export { parseLevel } from ${JSON.stringify(join(tree, 'src/level/parseLevel'))};
export { parseReplay } from ${JSON.stringify(join(tree, 'src/level/replay'))};
export { createSimWorld, step, hashHex } from ${JSON.stringify(join(tree, 'src/sim'))};
`;

interface SimBundle {
  parseLevel(text: string): { ok: true; def: unknown } | { ok: false; errors: string[] };
  parseReplay(text: string): { ok: true; replay: { inputs: Array<[number, number, number]>; hashes: string[] } } | { ok: false; errors: string[] };
  createSimWorld(def: unknown): unknown;
  step(world: unknown, inputs: ArrayLike<number>): void;
  hashHex(world: unknown): string;
}

interface Prepared { sim: SimBundle; def: unknown; masks: Uint8Array; ticks: number; lastHash: string }

function arg(name: string): string | undefined {
  const k = process.argv.indexOf(name);
  return k >= 0 ? process.argv[k + 1] : undefined;
}

/** Bundles `tree`'s sim into the cache as `name`.mjs (packages stay external, resolved from this repo). */
async function bundle(tree: string, name: string): Promise<string> {
  const { build } = await import('esbuild');
  mkdirSync(CACHE, { recursive: true });
  const entry = join(CACHE, `${name}-entry.ts`);
  writeFileSync(entry, entryFor(tree));
  const out = join(CACHE, `${name}.mjs`);
  await build({ entryPoints: [entry], outfile: out, bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', logLevel: 'error', absWorkingDir: ROOT, nodePaths: [join(ROOT, 'node_modules')] });
  return out;
}

function prepare(sim: SimBundle, tree: string, file: string): Prepared {
  const level = sim.parseLevel(readFileSync(join(tree, 'levels', file), 'utf8'));
  if (!level.ok) throw new Error(`${tree}/levels/${file}: ${level.errors[0]}`);
  const replay = sim.parseReplay(readFileSync(join(tree, 'levels', 'replays', file.replace(/\.json$/, '.replay.json')), 'utf8'));
  if (!replay.ok) throw new Error(`${tree}: replay of ${file}: ${replay.errors[0]}`);
  const masks: number[] = [];
  for (const [length, p1, p2] of replay.replay.inputs) for (let n = 0; n < length; n++) masks.push(p1, p2);
  return { sim, def: level.def, masks: Uint8Array.from(masks), ticks: masks.length / 2, lastHash: replay.replay.hashes.at(-1) ?? '' };
}

const pair = [0, 0];
/** CPU microseconds per tick of one replay (the world is built before the clock starts). */
function runOnce(p: Prepared): { us: number; hash: string; hashTick: number } {
  const world = p.sim.createSimWorld(p.def);
  const lastCheckpoint = Math.floor(p.ticks / 60) * 60;
  let hash = '';
  const c0 = process.cpuUsage();
  for (let t = 0; t < p.ticks; t++) {
    pair[0] = p.masks[2 * t];
    pair[1] = p.masks[2 * t + 1];
    p.sim.step(world, pair);
    if (t + 1 === lastCheckpoint) hash = p.sim.hashHex(world);
  }
  const c = process.cpuUsage(c0);
  return { us: (c.user + c.system) / p.ticks, hash, hashTick: lastCheckpoint };
}

const median = (xs: number[]): number => {
  const a = [...xs].sort((p, q) => p - q);
  return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
};

/** In a child process: one level, both builds, PAIRS alternating pairs; prints one JSON line. */
async function child(): Promise<void> {
  const file = arg('--level') as string;
  const pairs = Number(arg('--pairs'));
  const base = (await import(pathToFileURL(arg('--base-bundle') as string).href)) as SimBundle;
  const self = (await import(pathToFileURL(arg('--this-bundle') as string).href)) as SimBundle;
  const b = prepare(base, arg('--base') as string, file);
  const s = prepare(self, ROOT, file);
  // Each replay must still be its tree's game: the last checkpoint's hash as recorded.
  for (const [name, p] of [['base', b], ['this', s]] as const) {
    const run = runOnce(p);
    if (run.hash !== p.lastHash) throw new Error(`${name}: ${file} no longer replays (hash at tick ${run.hashTick})`);
  }
  for (let k = 0; k < WARM_UP; k++) { runOnce(b); runOnce(s); }
  const baseUs: number[] = [];
  const thisUs: number[] = [];
  const ratios: number[] = [];
  for (let k = 0; k < pairs; k++) {
    const first = k % 2 === 0 ? b : s;
    const second = first === b ? s : b;
    const t1 = runOnce(first).us;
    const t2 = runOnce(second).us;
    const [tb, ts] = first === b ? [t1, t2] : [t2, t1];
    baseUs.push(tb);
    thisUs.push(ts);
    ratios.push(ts / tb);
  }
  console.log(JSON.stringify({ file, ticks: s.ticks, baseTicks: b.ticks, baseUs: median(baseUs), thisUs: median(thisUs), ratio: median(ratios) }));
}

interface Row { file: string; baseUs: number; thisUs: number; ratio: number; ratios: number[] }

async function main(): Promise<void> {
  const baseDir = arg('--base');
  if (!baseDir) {
    console.error('usage: npm run tick-budget -- --base <checkout of the base commit> [--pairs 31] [--processes 3] [--json] [level prefixes...]');
    process.exit(2);
  }
  const base = resolve(baseDir);
  if (!existsSync(join(base, 'src', 'sim')) || !existsSync(join(base, 'levels', 'replays'))) {
    throw new Error(`${base} is no checkout of this repo (no src/sim or levels/replays): make one with git worktree add <dir> --detach <commit>`);
  }
  const pairs = Number(arg('--pairs') ?? 31);
  const processes = Number(arg('--processes') ?? 3);
  const valued = new Set(['--base', '--pairs', '--processes']);
  const filters = process.argv.slice(2).filter((a, k, all) => !a.startsWith('--') && !valued.has(all[k - 1]));
  const baseBundle = await bundle(base, 'base');
  const thisBundle = await bundle(ROOT, 'this');
  const files = readdirSync(join(ROOT, 'levels')).filter((n) => /^\d+-.*\.json$/.test(n)).sort()
    .filter((n) => filters.length === 0 || filters.some((f) => n.startsWith(f) || n.includes(f)));
  const rows: Row[] = [];
  if (!process.argv.includes('--json')) {
    console.log(`CPU us per tick, ${pairs} alternating pairs in each of ${processes} processes per level (median; ratio = median over processes of each one's median pair ratio)`);
    console.log(`${'level'.padEnd(22)} ${'base'.padStart(7)} ${'this'.padStart(7)} ${'ratio'.padStart(7)}  processes`);
  }
  for (const file of files) {
    const runs: Array<{ baseUs: number; thisUs: number; ratio: number }> = [];
    for (let p = 0; p < processes; p++) {
      const out = spawnSync(process.execPath, [...process.execArgv, process.argv[1], '--child', '--level', file, '--pairs', String(pairs),
        '--base', base, '--base-bundle', baseBundle, '--this-bundle', thisBundle], { encoding: 'utf8', cwd: ROOT });
      if (out.status !== 0) {
        const reason = out.stderr.split('\n').find((line) => line.startsWith('tick-budget: ')) ?? out.stderr.trim();
        throw new Error(`${file}: ${reason.replace(/^tick-budget: /, '')}`);
      }
      runs.push(JSON.parse(out.stdout.trim().split('\n').at(-1) as string));
    }
    const row: Row = { file: file.replace(/\.json$/, ''), baseUs: median(runs.map((r) => r.baseUs)), thisUs: median(runs.map((r) => r.thisUs)), ratio: median(runs.map((r) => r.ratio)), ratios: runs.map((r) => r.ratio) };
    rows.push(row);
    if (!process.argv.includes('--json')) {
      console.log(`${row.file.padEnd(22)} ${row.baseUs.toFixed(1).padStart(7)} ${row.thisUs.toFixed(1).padStart(7)} ${row.ratio.toFixed(2).padStart(6)}x  ${row.ratios.map((r) => r.toFixed(2)).join(' ')}`);
    }
  }
  const over = rows.filter((r) => r.ratio > BUDGET);
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows));
  else console.log(`median ${median(rows.map((r) => r.ratio)).toFixed(2)}x; ${over.length} of ${rows.length} over ${BUDGET}x${over.length ? `: ${over.map((r) => r.file).join(', ')}` : ''}`);
}

try {
  if (process.argv.includes('--child')) await child();
  else await main();
} catch (error) {
  // One line a person can act on (which level, which build), not a stack.
  console.error(`tick-budget: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
