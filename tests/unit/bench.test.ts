// The bench's metrics (bench/metrics.ts) and its harness (bench/run.ts) in --quick mode: the numbers
// it prints are right, not fast. Timings are never asserted here.

import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EngineWorld, Scenario } from '../../bench/engine';
import { buildRopebound } from '../../bench/engines/ropebound';
import { MetricsRecorder, maxStretchOf, median, ropeEnergy, ropeEnergyAtRest, segmentStretches } from '../../bench/metrics';
import { GRAVITY, PARTICLE_MASS, TICK, bSpread, scenarioA } from '../../tools/scenarios/benchScenes';
import { childCommand, parseArgs, pinnedCpu, type EngineResult } from '../../bench/run';
import { cpus } from 'node:os';

const ROOT = resolve(__dirname, '../..');

/** A fake engine whose one rope is at the positions `frame(t)` gives after tick t (t = 0: start). */
function fakeWorld(frame: (t: number) => number[]): EngineWorld {
  let t = 0;
  return {
    step() { t++; },
    readRope(_r, out) { out.set(frame(t)); },
    moveFirst() {},
    moveLast() {},
    applyImpulse() {},
    projectionsPerTick: () => 0,
  };
}

function oneRope(segments: number, segmentLength: number, endMass = PARTICLE_MASS): Scenario {
  return {
    name: 'test', gravity: GRAVITY,
    ropes: [{ x: 0, y: 0, dirX: 0, dirY: 1, segments, segmentLength, particleMass: PARTICLE_MASS, endMass, pinFirst: true, pinLast: false }],
  };
}

describe('bench metrics', () => {
  it('computes segment stretch from positions as by hand', () => {
    // Segments of rest 0.25: (0,0)-(0.3,0) is 0.3 long (+20 %), (0.3,0)-(0.3,0.4) is 0.4 (+60 %),
    // (0.3,0.4)-(0.3,0.6) is 0.2 (-20 %).
    const pos = [0, 0, 0.3, 0, 0.3, 0.4, 0.3, 0.6];
    const out = new Float64Array(3);
    segmentStretches(Float64Array.from(pos), 3, 0.25, out);
    expect(out[0]).toBeCloseTo(0.2, 12);
    expect(out[1]).toBeCloseTo(0.6, 12);
    expect(out[2]).toBeCloseTo(-0.2, 12);
    expect(maxStretchOf(Float64Array.from(pos), 3, 0.25)).toBeCloseTo(0.6, 12);

    const rec = new MetricsRecorder(oneRope(3, 0.25), TICK);
    const w = fakeWorld(() => pos);
    rec.start(w);
    for (let t = 0; t < 10; t++) { w.step(); rec.observe(w); }
    const m = rec.result();
    expect(m.ticks).toBe(10);
    expect(m.maxStretch).toBeCloseTo(0.6, 12);
    expect(m.meanStretch).toBeCloseTo((0.2 + 0.6 + 0.2) / 3, 12);
    expect(m.health).toBe('ok');
  });

  it('trips on a NaN and on a blow-up, at the tick it happens', () => {
    const straight = [0, 0, 0, 1, 0, 2];
    const rec = new MetricsRecorder(oneRope(2, 1), TICK);
    const w = fakeWorld((t) => (t >= 3 ? [0, 0, NaN, 1, 0, 2] : straight));
    rec.start(w);
    for (let t = 0; t < 6; t++) { w.step(); rec.observe(w); }
    expect(rec.result().health).toBe('NaN');
    expect(rec.result().badTick).toBe(3);

    const rec2 = new MetricsRecorder(oneRope(2, 1), TICK);
    const w2 = fakeWorld((t) => (t >= 2 ? [0, 0, 0, 1, 0, 1e6] : straight));
    rec2.start(w2);
    for (let t = 0; t < 4; t++) { w2.step(); rec2.observe(w2); }
    expect(rec2.result().health).toBe('blow-up');
    expect(rec2.result().badTick).toBe(2);
  });

  it('energy: constant for a rope at rest, and for a particle in free fall (midpoint rule)', () => {
    const rest = [0, 0, 0, 0.25, 0, 0.5];
    const rec = new MetricsRecorder(oneRope(2, 0.25, 5), TICK);
    const w = fakeWorld(() => rest);
    rec.start(w);
    for (let t = 0; t < 30; t++) { w.step(); rec.observe(w); }
    expect(rec.result().energyDrift).toBe(0);
    expect(rec.result().energyDriftMax).toBe(0);
    // E at rest: -g * sum(m y) = -9.81 * (0.1 * 0.25 + 5 * 0.5).
    expect(ropeEnergyAtRest(Float64Array.from(rest), 3, 0.1, 5, GRAVITY)).toBeCloseTo(-GRAVITY * (0.025 + 2.5), 12);
    // Exact free fall y = g t^2 / 2: kinetic and potential at mid-tick sum to a constant.
    const e: number[] = [];
    for (let t = 1; t < 50; t++) {
      const y0 = 0.5 * GRAVITY * ((t - 1) * TICK) ** 2;
      const y1 = 0.5 * GRAVITY * (t * TICK) ** 2;
      e.push(ropeEnergy(Float64Array.from([0, y0]), Float64Array.from([0, y1]), 1, 2, 2, GRAVITY, TICK));
    }
    for (const x of e) expect(x).toBeCloseTo(e[0], 9);
  });

  it('energy of a rope hanging at rest in our sim stays constant', () => {
    const sc = oneRope(16, 0.25);
    const world = buildRopebound(sc, { substeps: 8, iterations: 1 });
    const rec = new MetricsRecorder(sc, TICK);
    rec.start(world);
    for (let t = 0; t < 120; t++) { world.step(); rec.observe(world); }
    const m = rec.result();
    expect(m.health).toBe('ok');
    expect(Math.abs(m.energyDrift)).toBeLessThan(1e-6);
    expect(Math.abs(m.energyDriftMax)).toBeLessThan(1e-6);
    expect(m.maxStretch).toBeLessThan(1e-6);
  });

  it('scenario helpers: B spreads to 150 % and back, median', () => {
    expect(bSpread(59)).toBeCloseTo(0.5, 12);
    expect(bSpread(90)).toBe(0.5);
    expect(bSpread(179)).toBeCloseTo(0, 12);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(scenarioA(10).scenario.ropes[0].endMass).toBeCloseTo(10 * PARTICLE_MASS, 12);
  });
});

describe('bench harness', () => {
  it('pins every engine to one CPU: --cpu N, none or auto (the last CPU where taskset runs)', () => {
    expect(parseArgs([]).cpu).toBe('auto');
    expect(parseArgs(['--cpu', '1']).cpu).toBe(1);
    expect(parseArgs(['--cpu', 'none']).cpu).toBe('none');
    expect(() => parseArgs(['--cpu', 'fast'])).toThrow(/--cpu/);
    expect(pinnedCpu('none')).toBeNull();
    expect(pinnedCpu(3)).toBe(3);
    const auto = pinnedCpu('auto');
    const hasTaskset = process.platform === 'linux' && spawnSync('taskset', ['-c', '0', 'true']).status === 0;
    expect(auto).toBe(hasTaskset ? cpus().length - 1 : null);
    expect(childCommand(null, ['a.js'])).toEqual([process.execPath, ['a.js']]);
    expect(childCommand(1, ['--import', 'tsx', 'a.js'])).toEqual(['taskset', ['-c', '1', process.execPath, '--import', 'tsx', 'a.js']]);
    if (hasTaskset) {
      // The pinned process runs on that CPU alone (its affinity as Linux reports it).
      const [command, args] = childCommand(0, ['-e', "process.stdout.write(require('node:fs').readFileSync('/proc/self/status', 'utf8').match(/Cpus_allowed_list:\\s*(\\S+)/)[1])"]);
      const r = spawnSync(command, args, { encoding: 'utf8' });
      expect(r.stdout).toBe('0');
    }
  });

  it('--quick: each engine tuned to the same stretch on the scenario, then timed in interleaved rounds, ratios per round', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--quick', '--json', '--rounds', '2', '--engines', 'ropebound,planck-rope', '--scenarios', 'A10'], {
      cwd: ROOT, encoding: 'utf8', timeout: 120_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { engines: EngineResult[]; machine: { pinnedCpu: number | null } };
    expect(out.machine.pinnedCpu).toBe(pinnedCpu('auto'));
    expect(out.engines.map((e) => e.name)).toEqual(['ropebound', 'planck-rope']);
    for (const e of out.engines) {
      expect(e.error).toBeUndefined();
      const [s] = e.scenarios;
      expect(s.scenario).toBe('A10');
      expect(s.error).toBeUndefined();
      // The setting chosen held the target in its tuning run and holds it on the scene timed.
      const chosen = s.tune!.chosen!;
      expect(s.tune!.attempts).toContainEqual(expect.objectContaining({ quality: chosen, ok: true }));
      expect(s.tune!.attempts.every((a) => a.ok === a.stretch <= 0.01)).toBe(true);
      const m = s.tuned!.metrics;
      expect(m.health).toBe('ok');
      expect(m.maxExcessStretch).toBeLessThanOrEqual(0.01);
      expect(m.maxExcessStretch).toBeCloseTo(m.maxStretch, 12); // A forces no stretch
      // Released from horizontal: energy can only be lost by a solver, not gained (beyond noise).
      expect(m.energyDrift).toBeLessThan(1e-3);
      expect(s.defaults!.metrics.ticks).toBe(60);
      expect(s.runMs).toHaveLength(2);
      expect(s.runMs!.every((ms) => ms > 0)).toBe(true);
    }
    // Ours iterates nothing: only substeps were tried. Ratios are per round, to ours in that round.
    const [ours, peer] = out.engines;
    expect(ours.scenarios[0].tune!.attempts.every((a) => a.quality.iterations === 1)).toBe(true);
    expect(ours.scenarios[0].ratios).toEqual([1, 1]);
    peer.scenarios[0].ratios!.forEach((ratio, k) => {
      expect(ratio).toBeCloseTo(peer.scenarios[0].runMs![k] / ours.scenarios[0].runMs![k], 9);
    });
  }, 120_000);
});
