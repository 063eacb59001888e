// The render side's pure parts: which player pose the sim state picks, and the event effects
// (dust, sparks, checkpoint flash) read from a real world's event ring into a recording Graphics.
import { describe, expect, test } from 'vitest';
import type { Graphics } from 'pixi.js';
import { createEffects, EffectKind } from '../../src/render/effects';
import { choosePose, nextFacing, Pose, RUN_FRAMES, RUN_STRIDE_M, runFrame } from '../../src/render/playerPose';
import { palette } from '../../src/render/palette';
import { SimEvent, createSimWorld, playerEntity } from '../../src/sim';
import { pushEvent } from '../../src/sim/events';
import { flatWorld, worldFromMap } from '../../tools/scenarios/worlds';
import { RUN_RIGHT, spikeStepWorld } from '../../tools/scenarios/respawnWorld';
import { step } from '../../src/sim';
import { run } from './measure';

/** A stand-in for pixi's Graphics that records the colours filled and stroked. */
function recordingGraphics(): { g: Graphics; colours: number[] } {
  const colours: number[] = [];
  const g: Record<string, unknown> = {};
  for (const name of ['clear', 'circle', 'moveTo', 'lineTo', 'rect', 'roundRect']) g[name] = () => g;
  g.fill = (style: number | { color: number }) => { colours.push(typeof style === 'number' ? style : style.color); return g; };
  g.stroke = (style: { color: number }) => { colours.push(style.color); return g; };
  g.clear = () => { colours.length = 0; return g; };
  return { g: g as unknown as Graphics, colours };
}

describe('player pose', () => {
  test('anchored wins over everything, then ground (idle or run), then the air', () => {
    expect(choosePose(true, true, true, true, 5, 0)).toBe(Pose.Anchor);
    expect(choosePose(true, false, false, false, 0.1, 0)).toBe(Pose.Idle);
    expect(choosePose(true, false, false, false, -3, 0)).toBe(Pose.Run);
    expect(choosePose(false, false, false, false, 2, -4)).toBe(Pose.Jump);
    expect(choosePose(false, false, false, false, 2, 3)).toBe(Pose.Fall);
  });

  test('in the air on a taut tether the player hangs only when the partner is above', () => {
    expect(choosePose(false, false, true, true, 4, 2)).toBe(Pose.Hang);
    expect(choosePose(false, false, true, true, -4, -2)).toBe(Pose.Hang);
    expect(choosePose(false, false, true, false, 4, 2)).toBe(Pose.Fall);
    expect(choosePose(false, false, false, true, 4, 2)).toBe(Pose.Fall);
  });

  test('on the ground against a taut tether, holding away from the partner is a pull', () => {
    expect(choosePose(true, false, true, false, 0.1, 0, true)).toBe(Pose.Pull);
    expect(choosePose(true, false, true, false, 2, 0, true)).toBe(Pose.Pull);
    expect(choosePose(true, false, false, false, 2, 0, true)).toBe(Pose.Run); // slack: just running
    expect(choosePose(false, false, true, false, 2, 3, true)).toBe(Pose.Fall); // in the air: no footing to pull from
    expect(choosePose(true, true, true, false, 0, 0, true)).toBe(Pose.Anchor);
  });

  test('run frames follow distance run and cycle; bad distances give frame 0', () => {
    expect(runFrame(0)).toBe(0);
    expect(runFrame(RUN_STRIDE_M * 1.5)).toBe(1);
    expect(runFrame(RUN_STRIDE_M * (RUN_FRAMES + 2.5))).toBe(2);
    expect(runFrame(Number.NaN)).toBe(0);
    expect(runFrame(Infinity)).toBe(0);
  });

  test('facing flips with clear horizontal speed and holds when slow', () => {
    expect(nextFacing(1, -2)).toBe(-1);
    expect(nextFacing(-1, 2)).toBe(1);
    expect(nextFacing(-1, 0.1)).toBe(-1);
  });
});

describe('event effects', () => {
  test('a real landing makes dust at the feet; events before the world was seen are not replayed', () => {
    const rows: string[] = [];
    for (let r = 0; r < 14; r++) rows.push(r >= 10 ? '#'.repeat(40) : '.'.repeat(40));
    const world = worldFromMap(rows, { x: 5, y: 6 }, { x: 7, y: 6 });
    const { g, colours } = recordingGraphics();
    const fx = createEffects(g);
    const hard: number[] = [];
    fx.readWorld(world, (s) => hard.push(s)); // first sight: only sets the cursor
    run(world, 90, 0, 0);
    fx.readWorld(world, (s) => hard.push(s));
    expect(fx.count(EffectKind.Dust)).toBe(2); // both players fell and landed
    fx.update(1 / 60);
    expect(colours).toContain(palette.dust);
    // Dust fades out after its lifetime.
    for (let i = 0; i < 60; i++) fx.update(1 / 60);
    expect(fx.count(EffectKind.Dust)).toBe(0);
    // A new world: its old landings (from building / earlier ticks) are not news.
    const other = flatWorld();
    pushEvent(other.events, SimEvent.Landed, 0, 0, 0);
    fx.readWorld(other, () => {});
    expect(fx.count(EffectKind.Dust)).toBe(0);
    // Seen now: a landing at tick 0 is the players set down at the start (no dust), a later one is.
    pushEvent(other.events, SimEvent.Landed, 0, 1, 0);
    fx.readWorld(other, () => {});
    expect(fx.count(EffectKind.Dust)).toBe(0);
    pushEvent(other.events, SimEvent.Landed, 12, 1, 0);
    fx.readWorld(other, () => {});
    expect(fx.count(EffectKind.Dust)).toBe(1);
    expect(hard).toEqual([]);
  });

  test('players set down at the checkpoint by a respawn raise no dust; a landing in the same world later does', () => {
    // Bug: the sim reports Respawned and then Landed for both players on the next tick, and each
    // respawn puffed dust at both spawns as if they had jumped there.
    const world = spikeStepWorld();
    const { g } = recordingGraphics();
    const fx = createEffects(g);
    fx.readWorld(world, () => {});
    const seen: string[] = [];
    let respawns = 0;
    const p1 = playerEntity(world, 0);
    for (let t = 0; t < 150; t++) {
      // P1 runs right, letting go for a tick after each respawn (a key held through one does nothing).
      step(world, [world.player.heldThroughDeath[p1] ? 0 : RUN_RIGHT, 0]);
      const before = world.events.count;
      fx.readWorld(world, () => {}); // one read per tick: the Landed comes a tick after Respawned
      for (let n = before - 1; n >= 0 && world.events.tick[n % world.events.capacity] === world.tick - 1; n--) {
        if (world.events.type[n % world.events.capacity] === SimEvent.Respawned) respawns++;
      }
      if (fx.count(EffectKind.Dust) > 0) seen.push(`dust at tick ${world.tick - 1}`);
    }
    expect(respawns).toBe(2);
    expect(seen).toEqual([]);
    // A real landing afterwards still makes dust.
    pushEvent(world.events, SimEvent.Landed, world.tick + 30, 0, 0);
    fx.readWorld(world, () => {});
    expect(fx.count(EffectKind.Dust)).toBe(1);
  });

  test('bumps make sparks, rope snaps ask for a shake, checkpoints flash or glow under reduced motion', () => {
    const world = createSimWorld({
      ...flatWorldDef(),
      checkpoints: [{ area: { x: 10, y: 8, w: 2, h: 2 }, spawns: [{ x: 10, y: 10 }, { x: 11, y: 10 }] }],
    });
    const { g } = recordingGraphics();
    const fx = createEffects(g);
    const hard: number[] = [];
    fx.readWorld(world, (s) => hard.push(s));
    pushEvent(world.events, SimEvent.Bumped, 1, 0, 2, playerEntity(world, 1));
    pushEvent(world.events, SimEvent.RopeSnapped, 1, 255, 300, 1);
    pushEvent(world.events, SimEvent.CheckpointReached, 1, 0, 0);
    fx.readWorld(world, (s) => hard.push(s));
    expect(fx.count(EffectKind.Spark)).toBe(1);
    expect(fx.count(EffectKind.CheckpointFlash)).toBe(1);
    expect(hard.length).toBe(1);
    fx.isReducedMotion = true;
    pushEvent(world.events, SimEvent.CheckpointReached, 2, 1, 0);
    pushEvent(world.events, SimEvent.CheckpointReached, 2, 1, 7); // no such checkpoint: ignored
    fx.readWorld(world, () => {});
    expect(fx.count(EffectKind.CheckpointFlash)).toBe(1);
    expect(fx.count(EffectKind.CheckpointGlow)).toBe(1);
  });
});

function flatWorldDef() {
  const w = flatWorld();
  return { grid: w.grid, spawns: [{ x: 5, y: 10 }, { x: 8, y: 10 }] as const, goal: { x: 0, y: 0, w: 1, h: 1 }, tether: { length: 8, segments: 16 } };
}
