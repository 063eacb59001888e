// `npm run budgets`: the game's budgets in headless Chromium (issue #5, "Budgets of the game itself").
//  1. Builds the production bundle (vite build, in this process), serves dist/ with vite preview (in
//     this process, on a free port of 127.0.0.1; tools/gameServer.ts), and launches headless Chromium
//     (playwright-core, tools/chromium.ts's launchBrowser). Nothing else is started; the browser and the server
//     are closed at the end, on an error and on Ctrl-C.
//  2. Time to first drawn frame: the page is loaded N times, each in a fresh browser context (empty
//     cache). An init script wraps requestAnimationFrame and notes performance.now() (ms since the
//     navigation started) at the end of the first frame callback after which
//     `window.__ropebound.ready` is true (the game sets it at the end of its first render()). Also
//     printed: first-paint / first-contentful-paint (PerformanceObserver paint timing),
//     DOMContentLoaded and load.
//  3. Sim time in the page: every campaign level (levels/NN-<id>.json) is stepped through its bot's
//     recorded masks (tools/bots/<id>.ts, recorded here in Node) by `window.__ropebound.simulate`
//     (src/app/simulate.ts: parse, build the world, step, hash every 60 ticks), timed inside the page
//     with performance.now(); the sim's share is simulate(ticks) - simulate(0), reported per 1,000
//     ticks (median of the runs after a warm-up). The same function timed in this Node process gives
//     the ratio, and the final hashes must be equal (Chromium and Node compute the same game).
//     "Largest level" = the one with the most rope particles. Also per level: bytes the steps allocate per tick
//     in the page, estimated with V8's sampling heap profiler over the DevTools protocol (see below).
//  4. Frames drawn per second at 1280x720 (software GL here: SwiftShader): the title (its level
//     preview behind the menu), level 1 and the largest level, each in a fresh page: requestAnimationFrame
//     callbacks counted over FPS_SECONDS after one second of play (on the largest level also with
//     both players walking right: D and ArrowRight held; and that once more with WebGL's clear and
//     draw calls skipped, so the rasteriser's share of the CPU is out of the figure). Then the main-thread time of
//     drawing a frame (the renderer's draw: building the scene's shapes, pixi's batching, the
//     WebGL calls), as the F3 overlay shows it (`__ropebound.frameCost()`, a half-second mean):
//     the median of DRAW_SAMPLES such means.
// Options: --no-build (serve the existing dist/), --loads N (default 5), --runs N (default 7),
// --pages N (fresh pages per frame-rate row, default 3; the median is printed), --json.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { simulateLevel } from '../src/app/simulate';
import { parseLevel } from '../src/level/parseLevel';
import { PLAYER_COUNT, createSimWorld, type SimWorld } from '../src/sim';
import { launchBrowser } from './chromium';
import { buildGame, serveBuild, type ServedGame } from './gameServer';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');

const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number): number => {
  const k = args.indexOf(name);
  const v = k >= 0 ? Number(args[k + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : fallback;
};
const LOADS = numberArg('--loads', 5);
const RUNS = numberArg('--runs', 7);
const WARM_UP = 3;
const ALLOC_REPS = 3;
const PAGES = numberArg('--pages', 3);

const median = (xs: number[]): number => {
  const a = [...xs].sort((p, q) => p - q);
  return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
};


// ---- the levels and their bots' masks ----------------------------------------------------------
interface LevelRun {
  file: string;
  text: string;
  particles: number;
  /** The bot's masks, p1 and p2 per tick. */
  inputs: number[];
  ticks: number;
}

async function levelRuns(): Promise<LevelRun[]> {
  const out: LevelRun[] = [];
  for (const name of readdirSync(join(ROOT, 'levels')).filter((n) => /^\d+-.*\.json$/.test(n)).sort()) {
    const text = readFileSync(join(ROOT, 'levels', name), 'utf8');
    const parsed = parseLevel(text);
    if (!parsed.ok) throw new Error(`levels/${name} does not load:\n${parsed.errors.join('\n')}`);
    const id = (JSON.parse(text) as { id: string }).id;
    const bot = (await import(pathToFileURL(join(ROOT, 'tools', 'bots', `${id}.ts`)).href)) as {
      play(world: SimWorld, onTick: () => void): void;
    };
    const world = createSimWorld(parsed.def);
    const particles = world.queries.particles.dense.length;
    const inputs: number[] = [];
    bot.play(world, () => { for (let s = 0; s < PLAYER_COUNT; s++) inputs.push(world.input[s]); });
    out.push({ file: `levels/${name}`, text, particles, inputs, ticks: world.tick });
  }
  return out;
}

/** Timings (ms) of simulate(text, inputs, 0) and simulate(text, inputs, ticks), and the last hash. */
interface SimTimes { empty: number[]; full: number[]; hash: string }

type Simulate = (text: string, inputs: number[], ticks: number) => { hash: string };

/**
 * Warm-up, then `runs` interleaved pairs per level. The same source runs in Node and, as a string,
 * in the page (plain JavaScript, no helpers, so that it survives serialization).
 */
const TIME_LEVELS_SOURCE = `(simulate, levels, warm, runs) => {
  for (let w = 0; w < warm; w++) {
    for (const l of levels) { simulate(l.text, l.inputs, 0); simulate(l.text, l.inputs, l.ticks); }
  }
  const out = [];
  for (const l of levels) {
    const empty = [];
    const full = [];
    let hash = '';
    for (let r = 0; r < runs; r++) {
      let t0 = performance.now();
      simulate(l.text, l.inputs, 0);
      empty.push(performance.now() - t0);
      t0 = performance.now();
      hash = simulate(l.text, l.inputs, l.ticks).hash;
      full.push(performance.now() - t0);
    }
    out.push({ empty, full, hash });
  }
  return out;
}`;

type TimeLevels = (simulate: Simulate, levels: LevelRun[], warm: number, runs: number) => SimTimes[];

const timeLevelsInNode = (0, eval)(TIME_LEVELS_SOURCE) as TimeLevels;

/** ms per 1,000 ticks: median of (full - empty) over the runs, scaled from the run's length. */
function msPer1000(t: SimTimes, ticks: number): number {
  return (median(t.full.map((f, k) => f - t.empty[k])) * 1000) / ticks;
}

// ---- page loads -------------------------------------------------------------------------------
/** Runs before any page script: notes the end of the first frame callback that leaves the game ready. */
const FIRST_FRAME_SCRIPT = `(() => {
  const raf = window.requestAnimationFrame.bind(window);
  window.__rbFirstFrame = null;
  window.__rbPaint = {};
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__rbPaint[e.name] = e.startTime;
    }).observe({ type: 'paint', buffered: true });
  } catch (e) { /* no paint timing */ }
  window.requestAnimationFrame = (cb) => raf((t) => {
    cb(t);
    if (window.__rbFirstFrame === null && window.__ropebound && window.__ropebound.ready === true) {
      window.__rbFirstFrame = performance.now();
    }
  });
})();`;

interface PageLoad {
  firstFrame: number;
  firstPaint: number | null;
  firstContentfulPaint: number | null;
  domContentLoaded: number;
  load: number;
}

async function loadOnce(browser: Browser, url: string): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(FIRST_FRAME_SCRIPT);
    await page.goto(url, { waitUntil: 'load' });
    try {
      // A function, not a string: Playwright compiles a string predicate with eval inside the page,
      // which index.html's Content-Security-Policy refuses.
      await page.waitForFunction(() => (window as unknown as { __rbFirstFrame: number | null }).__rbFirstFrame !== null, undefined, { timeout: 30_000 });
    } catch (e) {
      throw new Error(`the game never drew its first frame: ${(e as Error).message}\n${errors.join('\n')}`);
    }
    return (await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const paint = window.__rbPaint;
      return {
        firstFrame: window.__rbFirstFrame,
        firstPaint: paint['first-paint'] ?? null,
        firstContentfulPaint: paint['first-contentful-paint'] ?? null,
        domContentLoaded: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
      };
    })()`)) as PageLoad;
  } finally {
    await context.close().catch(() => {});
  }
}

// ---- main ---------------------------------------------------------------------------------------
export interface BudgetsResult {
  loads: PageLoad[];
  levels: Array<{
    file: string; particles: number; ticks: number; chromiumMsPer1000: number; nodeMsPer1000: number; sameHash: boolean;
    /** Bytes allocated per tick in the page (sampled; includes simulate's hash every 60 ticks). */
    chromiumAllocPerTick: number;
  }>;
  largest: string;
  /** Frames drawn per second on the title, level 1 and the largest level. */
  frameRates: Array<{ page: string; fps: number; drawMsPerFrame: number }>;
}

/** How long frames are counted, s. */
const FPS_SECONDS = 4;
/** Half-second means of the drawing time read per page (the median is reported). */
const DRAW_SAMPLES = 7;

/** requestAnimationFrame callbacks per second in a fresh 1280x720 page of `url`, after 1 s of play. */
/** How a frame-rate row's page is played: keys held from the first frame, rasterising skipped. */
interface FramePlay {
  heldKeys: readonly string[];
  isRasterSkipped: boolean;
}

/** Installed before the page's scripts: WebGL's clear and draw calls return without drawing. */
function skipRasterising(): void {
  const names = ['clear', 'drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced', 'drawRangeElements'];
  for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype] as unknown as Record<string, unknown>[]) {
    for (const name of names) if (typeof proto[name] === 'function') proto[name] = () => undefined;
  }
}

async function framesPerSecond(browser: Browser, url: string, play: FramePlay): Promise<{ fps: number; drawMsPerFrame: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    if (play.isRasterSkipped) await page.addInitScript(skipRasterising);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => (window as unknown as { __ropebound?: { ready: boolean } }).__ropebound?.ready === true, undefined, { timeout: 30_000 });
    for (const key of play.heldKeys) await page.keyboard.down(key);
    await page.waitForTimeout(1000);
    // A string, so the bundler's helpers never reach the page.
    const frames = (await page.evaluate(`new Promise((done) => {
      let n = 0;
      const end = performance.now() + ${FPS_SECONDS * 1000};
      const count = () => { n++; if (performance.now() < end) requestAnimationFrame(count); else done(n); };
      requestAnimationFrame(count);
    })`)) as number;
    const draws: number[] = [];
    for (let k = 0; k < DRAW_SAMPLES; k++) {
      await page.waitForTimeout(500);
      draws.push((await page.evaluate('window.__ropebound.frameCost().drawMsPerFrame')) as number);
    }
    return { fps: frames / FPS_SECONDS, drawMsPerFrame: median(draws) };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  let server: ServedGame | undefined;
  let browser: Browser | undefined;
  let closing = false;
  const cleanUp = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    await browser?.close().catch(() => {});
    await server?.close().catch(() => {});
  };
  const onSignal = (): void => { void cleanUp().then(() => process.exit(130)); };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    if (!args.includes('--no-build')) {
      console.log('vite build ...');
      await buildGame(DIST);
    }
    server = await serveBuild(DIST);
    const url = server.url;
    browser = await launchBrowser();
    console.log(`vite preview on ${url}; ${browser.version()} headless`);

    // First frames, each in a fresh context.
    const loads: PageLoad[] = [];
    for (let k = 0; k < LOADS; k++) loads.push(await loadOnce(browser, url));

    // Sim in the page (a loaded game: its own loop keeps running between the timed calls).
    const levels = await levelRuns();
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => (window as unknown as { __ropebound?: { ready: boolean } }).__ropebound?.ready === true, undefined, { timeout: 30_000 });
    const payload = JSON.stringify(levels.map((l) => ({ text: l.text, inputs: l.inputs, ticks: l.ticks })));
    await page.evaluate(`window.__rbLevels = ${payload}; 0`);
    const inPage = (await page.evaluate(
      `(${TIME_LEVELS_SOURCE})((t, i, n) => window.__ropebound.simulate(t, i, n), window.__rbLevels, ${WARM_UP}, ${RUNS})`,
    )) as SimTimes[];
    // Bytes allocated per tick in the page: V8's sampling heap profiler (DevTools protocol), counting
    // objects a GC has already freed, over ALLOC_REPS runs of simulate(ticks) minus as many of
    // simulate(0). An estimate (one sample per ~128 B on average), not an exact count.
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.enable');
    const sampledBytes = async (expression: string): Promise<number> => {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.startSampling', {
        samplingInterval: 128, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true,
      });
      await page.evaluate(expression);
      const { profile } = await cdp.send('HeapProfiler.stopSampling');
      let total = 0;
      const walk = (n: { selfSize: number; children: Array<{ selfSize: number; children: unknown[] }> }): void => {
        total += n.selfSize;
        for (const c of n.children) walk(c as typeof n);
      };
      walk(profile.head);
      return total;
    };
    const inPageAlloc: number[] = [];
    for (let k = 0; k < levels.length; k++) {
      // No hash every 60 ticks here (hashInterval 0): hashing allocates, the steps are measured.
      const run = (ticks: string) => `(() => { const l = window.__rbLevels[${k}]; for (let r = 0; r < ${ALLOC_REPS}; r++) window.__ropebound.simulate(l.text, l.inputs, ${ticks}, 0); return 0; })()`;
      const full = await sampledBytes(run('l.ticks'));
      const empty = await sampledBytes(run('0'));
      inPageAlloc.push((full - empty) / ALLOC_REPS / levels[k].ticks);
    }
    await cdp.detach().catch(() => {});
    await context.close();
    const inNode = timeLevelsInNode((t, i, n) => simulateLevel(t, i, n), levels, WARM_UP, RUNS);

    const rows = levels.map((l, k) => ({
      file: l.file,
      particles: l.particles,
      ticks: l.ticks,
      chromiumMsPer1000: msPer1000(inPage[k], l.ticks),
      nodeMsPer1000: msPer1000(inNode[k], l.ticks),
      sameHash: inPage[k].hash === inNode[k].hash,
      chromiumAllocPerTick: inPageAlloc[k],
    }));
    const largest = [...rows].sort((a, b) => b.particles - a.particles)[0];
    const frameRates: BudgetsResult['frameRates'] = [];
    const largestNumber = Number(largest.file.match(/(\d+)-[^/]*\.json$/)?.[1] ?? 1);
    // Standing still flatters the frame: walking, the players' poses change, dust rises and the
    // camera follows (on Breaking Point both walk into the wall past the first crate and keep
    // walking there).
    // On software GL the rasteriser (SwiftShader, in the GPU process) shares the machine's cores
    // with the page, and the page's GL calls wait on it: the last row skips WebGL's clear and draw
    // calls (everything else runs: the game's drawing, pixi's batching, buffer uploads, uniforms),
    // the main thread's own work as on a machine with a GPU.
    const walk = ['d', 'ArrowRight'];
    const pages: Array<[string, string, FramePlay]> = [
      ['title', '', { heldKeys: [], isRasterSkipped: false }],
      ['level 1', '?level=1', { heldKeys: [], isRasterSkipped: false }],
      [`level ${largestNumber} (largest)`, `?level=${largestNumber}`, { heldKeys: [], isRasterSkipped: false }],
      [`level ${largestNumber}, both walking`, `?level=${largestNumber}`, { heldKeys: walk, isRasterSkipped: false }],
      [`  rasterising skipped`, `?level=${largestNumber}`, { heldKeys: walk, isRasterSkipped: true }],
    ];
    // Each page PAGES times, fresh, the runs interleaved: one page's figure moved 1.0-2.4 ms from
    // one load to the next (software GL's rasteriser shares the machine's cores with the page).
    const samples = pages.map(() => [] as Array<{ fps: number; drawMsPerFrame: number }>);
    for (let k = 0; k < PAGES; k++) {
      for (let p = 0; p < pages.length; p++) samples[p].push(await framesPerSecond(browser, url + pages[p][1], pages[p][2]));
    }
    pages.forEach(([name], p) => frameRates.push({
      page: name,
      fps: median(samples[p].map((x) => x.fps)),
      drawMsPerFrame: median(samples[p].map((x) => x.drawMsPerFrame)),
    }));
    const result: BudgetsResult = { loads, levels: rows, largest: largest.file, frameRates };

    const stat = (xs: number[]) => `${median(xs).toFixed(0).padStart(6)} ms  (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`;
    const nums = (f: (l: PageLoad) => number | null) => loads.map(f).filter((v): v is number => v !== null);
    console.log('');
    console.log(`time to first drawn frame, ms since navigation start (median of ${LOADS} loads, each in a fresh context):`);
    console.log(`  first game frame (ready)   ${stat(nums((l) => l.firstFrame))}`);
    if (nums((l) => l.firstPaint).length) console.log(`  first-paint                ${stat(nums((l) => l.firstPaint))}`);
    if (nums((l) => l.firstContentfulPaint).length) console.log(`  first-contentful-paint     ${stat(nums((l) => l.firstContentfulPaint))}`);
    console.log(`  DOMContentLoaded           ${stat(nums((l) => l.domContentLoaded))}`);
    console.log(`  load                       ${stat(nums((l) => l.load))}`);
    console.log('');
    console.log(`sim per 1,000 ticks, each level's bot run (simulate(ticks) - simulate(0): step + a hash every 60 ticks),`);
    console.log(`median of ${RUNS} after ${WARM_UP} warm-up runs; Node = the same function in this process:`);
    console.log('"alloc" = bytes allocated per tick in the page by the steps alone (no hashes; sampling heap profiler, an estimate):');
    console.log(`  ${'level'.padEnd(30)} ${'particles'.padStart(9)} ${'ticks'.padStart(6)}  ${'Chromium'.padStart(12)}  ${'Node'.padStart(12)}  ${'ratio'.padStart(5)}  ${'alloc B/tick'.padStart(12)}  same hash`);
    for (const r of rows) {
      console.log(`  ${r.file.padEnd(30)} ${String(r.particles).padStart(9)} ${String(r.ticks).padStart(6)}  ${`${r.chromiumMsPer1000.toFixed(1)} ms`.padStart(12)}  ${`${r.nodeMsPer1000.toFixed(1)} ms`.padStart(12)}  ${(r.chromiumMsPer1000 / r.nodeMsPer1000).toFixed(2).padStart(5)}  ${r.chromiumAllocPerTick.toFixed(0).padStart(12)}  ${r.sameHash ? 'yes' : 'NO'}`);
    }
    console.log('');
    console.log(`largest level (most rope particles): ${largest.file}, ${largest.chromiumMsPer1000.toFixed(1)} ms per 1,000 ticks in Chromium ` +
      `(${(largest.chromiumMsPer1000 / 1000).toFixed(3)} ms per tick; a 60 Hz frame is 16.7 ms)`);
    console.log('');
    console.log(`frames drawn per second at 1280x720 (${FPS_SECONDS} s after 1 s of play), and the main-thread time of`);
    console.log(`drawing one (median of ${DRAW_SAMPLES} half-second means, as the F3 overlay shows it); medians of ${PAGES} fresh pages each:`);
    for (const f of frameRates) console.log(`  ${f.page.padEnd(30)} ${f.fps.toFixed(1).padStart(5)} fps  ${f.drawMsPerFrame.toFixed(2).padStart(6)} ms to draw a frame`);
    if (args.includes('--json')) console.log(JSON.stringify(result, null, 2));
    if (rows.some((r) => !r.sameHash)) process.exitCode = 1;
  } finally {
    await cleanUp();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

const started = performance.now();
main()
  .then(() => console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s)`))
  .catch((e: unknown) => {
    console.error(e instanceof Error ? e.stack ?? e.message : e);
    process.exitCode = 1;
  });
