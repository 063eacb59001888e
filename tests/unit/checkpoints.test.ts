// Campaign checkpoints are where a new pair needs them and are safe to come back to: every level
// whose expert replay takes more than 8 s has one, its replay passes each of them, and a death
// right after reaching one puts both players back at it, standing, and alive for 3 s (a checkpoint
// over a pit, in a wall or in a pendulum's path would fail here, although parseLevel accepts it),
// and each lights at its flag (its area holds the respawn points, where the flag is drawn, and
// reaches no further than FLAG_REACH past them).
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { decodeInputs, parseReplay } from '../../src/level/replay';
import {
  Button, DEATH_TICKS, SimEvent, TICK_HZ, captureState, createSimWorld, playerEntity, readEvents, restoreState, step,
  type SimWorld, type StateSnapshot, type WorldDef,
} from '../../src/sim';

/** A replay longer than this (ticks) means a level long enough to need a checkpoint. */
const NEEDS_CHECKPOINT_TICKS = 8 * TICK_HZ;
/** How far a checkpoint's area may reach sideways past its respawn points (the flag), m. */
const FLAG_REACH = 3.5;
/** How long both players must stay alive and standing after a respawn, ticks. */
const SAFE_TICKS = 3 * TICK_HZ;

interface Campaign { file: string; def: WorldDef; masks: Array<[number, number]>; replayTicks: number }

const campaign: Campaign[] = readdirSync('levels').filter((f) => /^\d\d-.*\.json$/.test(f)).sort().map((file) => {
  const parsed = parseLevel(readFileSync(`levels/${file}`, 'utf8'));
  if (!parsed.ok) throw new Error(`${file}: ${parsed.errors.join('; ')}`);
  const replay = parseReplay(readFileSync(`levels/replays/${file.replace(/\.json$/, '.replay.json')}`, 'utf8'));
  if (!replay.ok) throw new Error(`${file}: ${replay.errors.join('; ')}`);
  return { file, def: parsed.def, masks: decodeInputs(replay.replay.inputs), replayTicks: replay.replay.completedTick! + 1 };
});

interface CheckpointRun {
  /** The tick count after which the replay first had checkpoint k as its respawn point, per k (-1: never). */
  ticks: number[];
  /** The world's state at that moment, per k (what stepping the replay that far gives). */
  states: Array<StateSnapshot | null>;
}

const checkpointRuns = new Map<Campaign, CheckpointRun>();

/** One run of the replay per level, shared by its tests: each checkpoint's tick and state there. */
function checkpointRun(c: Campaign): CheckpointRun {
  const known = checkpointRuns.get(c);
  if (known) return known;
  const world = createSimWorld(c.def);
  const ticks = (c.def.checkpoints ?? []).map(() => -1);
  const states: Array<StateSnapshot | null> = ticks.map(() => null);
  let cursor = world.events.count;
  // Up to the last checkpoint: the rest of the replay has nothing more to say here.
  for (let t = 0; t < c.masks.length && ticks.includes(-1); t++) {
    step(world, c.masks[t]);
    cursor = readEvents(world.events, cursor, (type, _tick, _slot, value) => {
      if (type === SimEvent.CheckpointReached && ticks[value] < 0) ticks[value] = t + 1;
    });
    const k = world.rules.checkpoint[0];
    if (k >= 0 && ticks[k] < 0) ticks[k] = t + 1;
    for (let i = 0; i < ticks.length; i++) if (ticks[i] === t + 1 && !states[i]) states[i] = captureState(world);
  }
  const run = { ticks, states };
  checkpointRuns.set(c, run);
  return run;
}

/** Throws both players out of the bottom of the level: the fall-out death, the one every level has. */
function dropOutOfLevel(world: SimWorld): void {
  const { body } = world;
  for (const e of world.queries.players.dense) {
    body.y[e] = body.prevY[e] = body.lastY[e] = world.grid.height + 10;
    body.vx[e] = body.vy[e] = 0;
  }
}

describe('campaign checkpoints', () => {
  it('are read from the level files (the test sees the whole campaign)', () => {
    expect(campaign.length).toBeGreaterThanOrEqual(8);
  });

  for (const c of campaign) {
    const checkpoints = c.def.checkpoints ?? [];
    if (c.replayTicks > NEEDS_CHECKPOINT_TICKS) {
      it(`${c.file} (replay ${(c.replayTicks / TICK_HZ).toFixed(1)} s) has a checkpoint`, () => {
        expect(checkpoints.length).toBeGreaterThan(0);
      });
    }
    if (checkpoints.length === 0) continue;

    it(`${c.file}: each checkpoint lights at its flag: its area holds the respawn points and reaches no more than ${FLAG_REACH} m past them`, () => {
      // The flag is drawn at the respawn points; in 13 checkpoints it stood up to 6 m outside the
      // area, so it lit up away from the players, and walking up to it did nothing; grown to hold
      // it, Crate Gates' still lit 10 m before it (a blind playtest: "530 px short of the flag").
      const halfH = createSimWorld(c.def).settings.playerHalfHeight;
      checkpoints.forEach(({ area, spawns }, k) => {
        const xs = spawns.map((at) => at.x);
        expect(Math.min(...xs) - area.x, `checkpoint ${k}: the area's reach left of the flag`).toBeLessThanOrEqual(FLAG_REACH);
        expect(area.x + area.w - Math.max(...xs), `checkpoint ${k}: the area's reach right of the flag`).toBeLessThanOrEqual(FLAG_REACH);
        for (const [slot, at] of spawns.entries()) {
          const centreY = at.y - halfH;
          const where = `checkpoint ${k}, player ${slot + 1} at (${at.x}, ${at.y}); area x ${area.x}-${area.x + area.w}, y ${area.y}-${area.y + area.h}`;
          expect(at.x >= area.x && at.x <= area.x + area.w, where).toBe(true);
          expect(centreY >= area.y && at.y <= area.y + area.h, where).toBe(true);
        }
      });
    });

    it(`${c.file}: the replay passes each checkpoint, in order`, () => {
      const { ticks } = checkpointRun(c);
      for (const [k, tick] of ticks.entries()) expect(tick, `checkpoint ${k}`).toBeGreaterThan(0);
      expect([...ticks].sort((a, b) => a - b)).toEqual(ticks);
    });

    it(`${c.file}: a death right after each checkpoint respawns both players at it, standing and alive for 3 s`, () => {
      const { states } = checkpointRun(c);
      checkpoints.forEach((cp, k) => {
        // The replay stepped up to the checkpoint (restoring a snapshot and stepping on gives the
        // same ticks as never having stopped: determinism.test.ts).
        const world = createSimWorld(c.def);
        expect(states[k], `checkpoint ${k} reached`).not.toBeNull();
        restoreState(world, states[k]!);
        expect(world.rules.checkpoint[0]).toBe(k);
        dropOutOfLevel(world);
        let cursor = world.events.count;
        const seen: number[][] = [];
        const stepIdle = (n: number) => {
          for (let t = 0; t < n; t++) {
            step(world, [0, 0]);
            cursor = readEvents(world.events, cursor, (type, _tick, _slot, value) => { seen.push([type, value]); });
          }
        };
        stepIdle(DEATH_TICKS + 1);
        expect(seen.filter(([type]) => type === SimEvent.Died).length, `checkpoint ${k}: one death`).toBe(1);
        expect(seen.filter(([type]) => type === SimEvent.Respawned), `checkpoint ${k}: respawned at it`).toEqual([[SimEvent.Respawned, k]]);
        seen.length = 0;
        stepIdle(SAFE_TICKS);
        expect(seen.filter(([type]) => type === SimEvent.Died), `checkpoint ${k}: nobody dies within 3 s`).toEqual([]);
        for (let slot = 0; slot < 2; slot++) {
          const e = playerEntity(world, slot);
          const at = cp.spawns[slot];
          const what = `checkpoint ${k}, player ${slot + 1}`;
          expect(world.player.isGrounded[e], `${what} stands on ground`).toBe(1);
          expect(Math.abs(world.body.x[e] - at.x), `${what} stays where it respawned`).toBeLessThan(0.5);
          expect(Math.abs(world.body.y[e] + world.body.halfH[e] - at.y), `${what}: feet on the respawn point's ground`).toBeLessThan(0.05);
        }
      });
    });

    it(`${c.file}: Back to checkpoint (Retry) after each checkpoint puts the level back as a death's respawn does, at once, with no death`, () => {
      const { states } = checkpointRun(c);
      checkpoints.forEach((_cp, k) => {
        const what = `checkpoint ${k}`;
        // One world respawned by a death, one by Retry, from the same moment.
        const died = createSimWorld(c.def);
        restoreState(died, states[k]!);
        dropOutOfLevel(died);
        for (let t = 0; t < DEATH_TICKS + 1; t++) step(died, [0, 0]);
        const retried = createSimWorld(c.def);
        restoreState(retried, states[k]!);
        const deaths = retried.rules.deaths[0];
        let cursor = retried.events.count;
        const seen: number[][] = [];
        const stepWith = (masks: [number, number], n: number) => {
          for (let t = 0; t < n; t++) {
            step(retried, masks);
            cursor = readEvents(retried.events, cursor, (type, _tick, slot, value) => { seen.push([type, slot, value]); });
          }
        };
        stepWith([0, Button.Retry], 1); // P2 asks: the respawn names P2
        expect(seen.filter(([type]) => type === SimEvent.Respawned), `${what}: respawned at once`).toEqual([[SimEvent.Respawned, 1, k]]);
        expect(seen.filter(([type]) => type === SimEvent.Died), `${what}: no death`).toEqual([]);
        expect(retried.rules.deaths[0]).toBe(deaths);
        expect(retried.rules.dyingTicks[0]).toBe(0);
        // Every body where the death's respawn put it: players, boxes, platforms, rope particles.
        for (const [name, of] of [['players', retried.queries.players.dense], ['boxes', retried.queries.boxes.dense]] as const) {
          for (const e of of) {
            expect([retried.body.x[e], retried.body.y[e]], `${what}: ${name} ${e}`).toEqual([died.body.x[e], died.body.y[e]]);
          }
        }
        expect(Array.from(retried.particle.x), `${what}: rope particles`).toEqual(Array.from(died.particle.x));
        expect(Array.from(retried.particle.y), `${what}: rope particles`).toEqual(Array.from(died.particle.y));
        // Held on, Retry does nothing more until let go and pressed again.
        seen.length = 0;
        stepWith([0, Button.Retry], 30);
        expect(seen.filter(([type]) => type === SimEvent.Respawned), `${what}: held, no second respawn`).toEqual([]);
        stepWith([0, 0], 1);
        stepWith([Button.Retry, 0], 1);
        expect(seen.filter(([type]) => type === SimEvent.Respawned), `${what}: pressed again`).toEqual([[SimEvent.Respawned, 0, k]]);
      });
    });
  }
});
