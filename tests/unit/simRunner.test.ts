// The headless runner: argument parsing, replay files, the JSON state it prints, and the CLI's
// promise of one line on stderr and exit code 2 for anything the user got wrong. The command runs in
// this process (runSimCli); two smoke tests spawn it as `npm run sim` does (tsx tools/sim.ts).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { Button, createSimWorld, hashHex, step, playerEntity, boxEntity } from '../../src/sim';
import { parseReplayInputs } from '../../tools/replayInputs';
import { DEFAULT_TICKS, UsageError, parseSimArgs } from '../../tools/simArgs';
import { runSimCli } from '../../tools/sim';
import { formatSummary, round6, runSim, type RunnerLevel } from '../../tools/simRunner';
import { playSwingYard } from '../../tools/bots/swing-yard';

const LEVEL2 = 'levels/10-swing-yard.json';

function level2(): RunnerLevel {
  const parsed = parseLevel(readFileSync(LEVEL2, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return { id: parsed.id, def: parsed.def, ids: parsed.ids, spawnIds: ['p1-start', 'p2-start'] };
}

/** Masks for `ticks` ticks of P1 holding Right. */
function holdRight(ticks: number): Uint8Array {
  const inputs = new Uint8Array(ticks * 2);
  for (let t = 0; t < ticks; t++) inputs[2 * t] = Button.Right;
  return inputs;
}

describe('sim runner: arguments', () => {
  it('reads the level and every option, in both --name value and --name=value forms', () => {
    expect(parseSimArgs(['a.json'])).toEqual({ levelPath: 'a.json', trace: [], every: 1, json: false, help: false });
    expect(parseSimArgs(['--json', 'a.json', '--ticks', '90', '--replay=r.json', '--trace', 'p1,crate,p1', '--every=5'])).toEqual({
      levelPath: 'a.json', ticks: 90, replayPath: 'r.json', trace: ['p1', 'crate'], every: 5, json: true, help: false,
    });
    expect(parseSimArgs(['--help']).help).toBe(true);
  });

  it.each([
    [['a.json', '--ticks', '-1'], "--ticks must be a whole number from 0 to 1000000 (got '-1')"],
    [['a.json', '--ticks', '1.5'], "--ticks must be a whole number from 0 to 1000000 (got '1.5')"],
    [['a.json', '--ticks=abc'], "--ticks must be a whole number from 0 to 1000000 (got 'abc')"],
    [['a.json', '--ticks', '1000001'], "--ticks must be a whole number from 0 to 1000000 (got '1000001')"],
    [['a.json', '--ticks'], '--ticks needs a value'],
    [['a.json', '--ticks', '--json'], '--ticks needs a value'],
    [['a.json', '--ticks', '5', '--ticks', '6'], '--ticks given twice'],
    [['a.json', '--every', '0'], "--every must be a whole number from 1 to 1000000 (got '0')"],
    [['a.json', '--trace', 'p1,,p2'], "--trace needs comma-separated ids, like --trace p1,crate (got 'p1,,p2')"],
    [['a.json', '--fast'], "unknown option '--fast' (try --help)"],
    [['a.json', 'b.json'], "one level file only (got 'a.json' and 'b.json')"],
    [['--json'], 'which level? usage: npm run sim -- <level.json> [options] (try --help)'],
  ])('rejects %j: %s', (argv, message) => {
    expect(() => parseSimArgs(argv)).toThrow(new UsageError(message));
  });
});

describe('sim runner: replay inputs', () => {
  it('reads one [p1, p2] per tick, or run-length [ticks, p1, p2]', () => {
    expect([...parseReplayInputs('{"inputs": [[2, 0], [6, 1]]}')]).toEqual([2, 0, 6, 1]);
    expect([...parseReplayInputs('{"runs": [[2, 2, 0], [1, 0, 16]]}')]).toEqual([2, 0, 2, 0, 0, 16]);
    expect(parseReplayInputs('{"runs": []}').length).toBe(0);
  });

  it.each([
    ['[1]', 'replay: must be a JSON object'],
    ['{"inputs": [], "runs": []}', 'replay: needs exactly one of "inputs"'],
    ['{}', 'replay: needs exactly one of "inputs"'],
    ['{"inputs": [[2, 0], [2]]}', 'replay: $.inputs[1] must be [p1, p2]'],
    ['{"inputs": [[2, 64]]}', 'replay: $.inputs[0][1] must be a button mask, a whole number from 0 to 63 (got 64)'],
    ['{"inputs": [[1.5, 0]]}', 'replay: $.inputs[0][0] must be a button mask'],
    ['{"runs": [[0, 2, 0]]}', 'replay: $.runs[0][0] (ticks) must be a whole number from 1 to 1000000 (got 0)'],
    // 1e309 parses to Infinity, which JSON.stringify wrote as "(got null)".
    ['{"runs": [[1e309, 2, 0]]}', 'replay: $.runs[0][0] (ticks) must be a whole number from 1 to 1000000 (got a number too large to hold — 1e309 and beyond read as Infinity)'],
    ['{"inputs": [[2, -1e309]]}', 'replay: $.inputs[0][1] must be a button mask, a whole number from 0 to 63 (got a number too far below zero to hold — -1e309 and beyond read as -Infinity)'],
    ['{"runs": [[600000, 2, 0], [600000, 0, 0]]}', 'replay: $.runs add up to more than 1000000 ticks'],
    ['{"runs": ', 'replay: not valid JSON'],
  ])('rejects %s', (text, message) => {
    expect(() => parseReplayInputs(text)).toThrow(UsageError);
    expect(() => parseReplayInputs(text)).toThrow(message);
  });
});

describe('sim runner: output', () => {
  it('describes a box by its level id with the position, angle and mass of the same world stepped directly', () => {
    const out = runSim(level2(), { ticks: 40, inputs: holdRight(40) });
    const world = createSimWorld(level2().def);
    for (let t = 0; t < 40; t++) step(world, [Button.Right, 0]);
    const e = boxEntity(world, 0);
    const angle = Math.atan2(world.body.rotS[e], world.body.rotC[e]);
    expect(Math.abs(angle)).toBeGreaterThan(0.05); // the bumped box has turned
    expect(out.entities.bumper).toEqual({
      type: 'box', x: round6(world.body.x[e]), y: round6(world.body.y[e]), vx: round6(world.body.vx[e]), vy: round6(world.body.vy[e]),
      angle: round6(angle), omega: round6(world.body.omega[e]), mass: 20,
    });
    expect(out.entities['spike-ball']).toMatchObject({ type: 'box', spiked: true, mass: 40 });
    expect(out.entities.hook).toEqual({ type: 'anchor', x: 5.5, y: 13 });
    expect(out.entities.p1).toMatchObject({ type: 'player', x: round6(world.body.x[playerEntity(world, 0)]), mass: 70 });
    expect(out.tick).toBe(40);
    expect(out.hash).toBe(hashHex(world));
    expect(out.completedTick).toBeNull();
    expect(out.events).toContainEqual({ tick: 17, type: 'Bumped', player: 'p1', entity: 'bumper', impulse: expect.any(Number) });
  });

  it('reports deaths and the last checkpoint reached', () => {
    const level = {
      format: 'ropebound-level', version: 2, id: 'runner-rules', name: 'Runner rules',
      tiles: ['..........', '..........', '......^...', '##########'],
      spawns: [{ id: 'p1', player: 1, x: 1, y: 3 }, { id: 'p2', player: 2, x: 2, y: 3 }],
      goal: { id: 'goal', x: 8, y: 0, w: 2, h: 3 },
      tether: { length: 3, segments: 8 },
      checkpoints: [{ id: 'halfway', x: 3, y: 0, w: 1, h: 3, p1: [4, 3], p2: [3, 3] }],
    };
    const parsed = parseLevel(JSON.stringify(level));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const runnerLevel = { id: parsed.id, def: parsed.def, ids: parsed.ids };
    expect(runSim(runnerLevel, { ticks: 1 })).toMatchObject({ deaths: 0, checkpoint: null });
    const inputs = new Uint8Array(Array.from({ length: 90 }, () => [Button.Right, Button.Right]).flat());
    const out = runSim(runnerLevel, { ticks: 90, inputs });
    expect(out.deaths).toBe(1); // into the spikes at x 6 (tick ~35), then 45 ticks of pause
    expect(out.checkpoint).toBe('halfway');
  });

  it('lists every rope with its points, rest and current length, stretch and tension', () => {
    const out = runSim(level2(), { ticks: 10 });
    expect(Object.keys(out.ropes)).toEqual(['tether', 'bumper-rope', 'pendulum', 'crate-rope']);
    const r = out.ropes['bumper-rope'];
    expect(r.points.length).toBe(13); // 12 segments
    expect(r.points[0]).toEqual([5.5, 13]); // the anchor
    expect(r.length).toBe(2.7);
    expect(r.currentLength).toBeCloseTo(2.7, 3);
    expect(r.maxSegmentStretch).toBeLessThan(0.001);
    // A 20 kg box at g = 40, and the rope's own weight (11 inner particles of 70 g, hanging straight).
    expect(r.tension).toBeCloseTo((20 + 11 * 0.07) * 40, -1);
    expect(r.snapped).toBe(false);
    expect(r.far).toBeUndefined();
  });

  it('a snapped rope reports both halves, and the scripted crossing completes the level', () => {
    const world = createSimWorld(level2().def);
    const masks = playSwingYard(world);
    const inputs = new Uint8Array(masks.flat());
    const out = runSim(level2(), { ticks: masks.length + 30, inputs });
    expect(out.completedTick).toBe(world.completedTick);
    const crate = out.ropes['crate-rope'];
    expect(crate.snapped).toBe(true);
    expect(crate.far?.points.length).toBeGreaterThan(1);
    // The segment that broke is gone: n segments of length / n before, n - 1 after.
    const made = (JSON.parse(readFileSync(LEVEL2, 'utf8')) as { ropes: Array<{ id: string; length: number; segments: number }> })
      .ropes.find((r) => r.id === 'crate-rope')!;
    expect(crate.length + (crate.far?.length ?? 0)).toBeCloseTo((made.length * (made.segments - 1)) / made.segments, 5);
    const snaps = out.events.filter((e) => e.type === 'RopeSnapped');
    expect(snaps).toEqual([
      { tick: expect.any(Number), type: 'RopeSnapped', entity: 'crate-rope', tension: expect.any(Number) },
    ]);
    // The peak a designer tunes breakTension by: over the limit, in the tick it snapped, with the
    // snap's tension (the rope carries nothing after it).
    expect(crate.peakTension).toBe(snaps[0].tension);
    expect(crate.peakTensionTick).toBe(snaps[0].tick);
    expect(crate.peakTension).toBeGreaterThan(2500);
    // The last game event (sound cues such as a pendulum's RopeCreak, or a landing from the jump
    // that reached the goal, go on after the finish).
    const cues = new Set(['Footstep', 'BoxHitWall', 'RopeCreak', 'Landed']);
    expect(out.events.filter((e) => !cues.has(e.type)).at(-1)).toEqual({ tick: world.completedTick, type: 'LevelComplete' });
  });

  it('traces the chosen entities every K ticks as [tick, x, y] (boxes add angle and spin), by id, spawn id or anchor', () => {
    const out = runSim(level2(), { ticks: 30, inputs: holdRight(30), trace: ['p1-start', 'bumper', 'hook'], every: 10 });
    expect(Object.keys(out.trace ?? {})).toEqual(['p1-start', 'bumper', 'hook']);
    const p1 = out.trace!['p1-start'] as number[][];
    expect(p1.map((s) => s[0])).toEqual([0, 10, 20, 30]);
    expect(p1[0]).toEqual([0, 3, 16.3]);
    for (const sample of p1) expect(sample).toHaveLength(3);
    expect(p1[3]).toEqual([30, out.entities.p1.x, out.entities.p1.y]);
    expect(out.trace!.hook).toEqual([[0, 5.5, 13], [10, 5.5, 13], [20, 5.5, 13], [30, 5.5, 13]]);
    expect(runSim(level2(), { ticks: 5 }).trace).toBeUndefined();
  });

  it('traces a box with its angle and spin, and a rope with its tension, stretch and points', () => {
    const out = runSim(level2(), { ticks: 40, inputs: holdRight(40), trace: ['bumper', 'bumper-rope', 'tether'], every: 1 });
    const bumper = out.trace!.bumper as number[][];
    expect(bumper).toHaveLength(41);
    for (const sample of bumper) expect(sample).toHaveLength(5);
    const last = out.entities.bumper as { x: number; y: number; angle: number; omega: number };
    expect(bumper[40]).toEqual([40, last.x, last.y, last.angle, last.omega]);
    expect(bumper[0].slice(3)).toEqual([0, 0]); // hanging still before P1 runs into it
    expect(Math.max(...bumper.map((s) => Math.abs(s[4])))).toBeGreaterThan(1); // bumped: it spins
    const rope = out.trace!['bumper-rope'] as Array<{ tick: number; tension: number; stretch: number; points: Array<[number, number]> }>;
    expect(rope.map((s) => s.tick)).toEqual(bumper.map((s) => s[0]));
    expect(rope[40]).toEqual({
      tick: 40, tension: out.ropes['bumper-rope'].tension, stretch: out.ropes['bumper-rope'].maxSegmentStretch,
      points: out.ropes['bumper-rope'].points,
    });
    // The peak over the run is the largest traced tension (every tick traced; tick t's sample holds
    // the tension of the tick before, numbered t - 1 as events number it).
    const top = rope.reduce((best, s) => (s.tension > best.tension ? s : best));
    expect(out.ropes['bumper-rope'].peakTension).toBe(top.tension);
    expect(out.ropes['bumper-rope'].peakTensionTick).toBe(top.tick - 1);
    expect(out.ropes['bumper-rope'].peakTension).toBeGreaterThan(20 * 9.81); // more than the box's weight
    expect((out.trace!.tether as unknown[]).length).toBe(41);
  });

  it('names unknown trace ids in one clear message, with the ids it knows', () => {
    expect(() => runSim(level2(), { ticks: 1, trace: ['p1', 'crat'] })).toThrow(new UsageError(
      "--trace: level 'swing-yard' has no player, box, platform, anchor or rope with id 'crat' " +
        '(ids: p1, p2, bumper, spike-ball, crate, hook, pivot, crane, tether, bumper-rope, pendulum, crate-rope)',
    ));
  });

  it("keeps an id like '__proto__' as a plain key (no prototype pollution)", () => {
    const text = readFileSync(LEVEL2, 'utf8').replaceAll('"hook"', '"__proto__"');
    const parsed = parseLevel(text);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const out = runSim({ id: parsed.id, def: parsed.def, ids: parsed.ids }, { ticks: 1, trace: ['__proto__'] });
    expect(Object.hasOwn(out.entities, '__proto__')).toBe(true);
    expect(JSON.parse(JSON.stringify(out)).entities.__proto__).toEqual({ type: 'anchor', x: 5.5, y: 13 });
    expect(out.trace?.['__proto__']).toHaveLength(2);
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });

  it('prints a summary with the tick, the hash and one line per entity', () => {
    const out = runSim(level2(), { ticks: 60 });
    const text = formatSummary(out);
    expect(text.split('\n')[0]).toBe(`level swing-yard: tick 60 (1.00 s), hash ${out.hash}, not completed`);
    for (const id of ['p1', 'p2', 'hook', 'bumper', 'spike-ball', 'crate', 'tether', 'crate-rope']) {
      expect(text).toMatch(new RegExp(`^  ${id} +(player|anchor|box|rope) `, 'm'));
    }
  });
});

/** runSimCli in this process: the exit code and everything written to each stream. */
function runCli(...args: string[]): { status: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const status = runSimCli(args, { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; } });
  return { status, stdout, stderr };
}

describe('sim runner: command line', () => {
  it('prints only JSON with --json, running the default number of ticks', () => {
    const result = runCli(LEVEL2, '--json');
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    const out = JSON.parse(result.stdout);
    expect(out.level).toBe('swing-yard');
    expect(out.tick).toBe(DEFAULT_TICKS);
  });

  it('reads a run-length replay and runs to its end', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-'));
    const file = join(dir, 'replay.json');
    writeFileSync(file, JSON.stringify({ runs: [[40, Button.Right, 0], [5, 0, 0]] }));
    const result = runCli(LEVEL2, '--replay', file, '--json');
    expect(result.status).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.tick).toBe(45);
    expect(out.entities.p1.x).toBeGreaterThan(5);
  });

  it.each([
    [['levels/no-such-level.json'], "sim: cannot read level file 'levels/no-such-level.json': no such file"],
    [['package.json'], 'sim: package.json is not a valid level: $.format: must be "ropebound-level"'],
    [[LEVEL2, '--ticks', 'ten'], "sim: --ticks must be a whole number from 0 to 1000000 (got 'ten')"],
    [[LEVEL2, '--trace', 'nobody'], "sim: --trace: level 'swing-yard' has no player, box, platform, anchor or rope with id 'nobody'"],
  ])('exits with code 2 and one line on stderr for %j', (args, message) => {
    const result = runCli(...args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr.startsWith(message)).toBe(true);
  });
});

describe('sim runner: the real command (a process, as `npm run sim` starts it)', () => {
  const tsx = join('node_modules', '.bin', 'tsx');
  const spawnSim = (...args: string[]) => spawnSync(tsx, ['tools/sim.ts', ...args], { encoding: 'utf8' });

  it('prints the JSON state on stdout and exits 0', () => {
    const result = spawnSim(LEVEL2, '--ticks', '30', '--json');
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({ level: 'swing-yard', tick: 30 });
  }, 30_000);

  it('exits with code 2 and one line on stderr for a bad argument', () => {
    const result = spawnSim(LEVEL2, '--ticks', 'ten');
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe("sim: --ticks must be a whole number from 0 to 1000000 (got 'ten')\n");
  }, 30_000);
});
