// Small effects driven by sim events: dust where a player lands, sparks where a player bumps a box,
// and a flash on a checkpoint when it is reached (a steady glow instead under reduced motion).
// Reads world.events with its own cursor (sim/events.ts), so the sim never knows it exists. A fixed
// pool of effects drawn into one Graphics that is redrawn only while one is alive: nothing is
// allocated per frame, and a world's old events are never replayed when another world is shown.

import type { Graphics } from 'pixi.js';
import { PLAYER_COUNT, playerEntity, readEvents, SimEvent, type SimWorld } from '../sim';
import { CHECKPOINT_POLE_M } from './drawLevelMarks';
import { palette } from './palette';
import { CM_PER_M as U } from './units';

export const EffectKind = { Dust: 1, Spark: 2, CheckpointFlash: 3, CheckpointGlow: 4 } as const;
export type EffectKindValue = (typeof EffectKind)[keyof typeof EffectKind];

/** Lifetime per kind, s (index = kind). The glow is long and steady: it must not read as a flash. */
const LIFE_SEC = [0, 0.55, 0.3, 0.7, 1.6];
const MAX_EFFECTS = 24;

export interface Effects {
  /** Turns new sim events of `world` into effects; `onHardEvent(strength)` gets rope snaps (for shake). */
  readWorld(world: SimWorld, onHardEvent: (strength: number) => void): void;
  /** Starts an effect at (x, y) m; `dir` is a horizontal hint (+1 / -1) for sparks. */
  add(kind: EffectKindValue, xM: number, yM: number, dir: number): void;
  /** Ages and redraws the effects. */
  update(frameSec: number): void;
  /** Effects of `kind` alive now. */
  count(kind: EffectKindValue): number;
  clear(): void;
  isReducedMotion: boolean;
}

export function createEffects(g: Graphics): Effects {
  const kind = new Uint8Array(MAX_EFFECTS);
  const x = new Float64Array(MAX_EFFECTS);
  const y = new Float64Array(MAX_EFFECTS);
  const dir = new Float64Array(MAX_EFFECTS);
  const age = new Float64Array(MAX_EFFECTS).fill(Infinity);
  let next = 0;
  let isDrawn = false;
  let seenWorld: SimWorld | null = null;
  let cursor = 0;
  let world: SimWorld | null = null;
  /** Tick of the last Respawned read from this world (-2: none). */
  let respawnTick = -2;
  let hard: (strength: number) => void = () => {};
  // Mutated in place rather than built per effect (pixi copies a style when it strokes).
  const line = { width: 5, color: 0, alpha: 1, cap: 'round' as const };
  const fill = { color: 0, alpha: 1 }; // reused like line: no style object per effect per frame

  const isAlive = (i: number): boolean => age[i] < LIFE_SEC[kind[i]];

  const effects: Effects = {
    isReducedMotion: false,
    readWorld(w, onHardEvent) {
      if (w !== seenWorld) {
        // Another world (a new level, a restart, the menu's preview): its past is not news.
        seenWorld = w;
        cursor = w.events.count;
        respawnTick = -2;
        return;
      }
      world = w;
      hard = onHardEvent;
      cursor = readEvents(w.events, cursor, visit);
      world = null;
    },
    add(k, xM, yM, d) {
      kind[next] = k;
      x[next] = xM * U;
      y[next] = yM * U;
      dir[next] = d;
      age[next] = 0;
      next = (next + 1) % MAX_EFFECTS;
    },
    update(frameSec) {
      if (!isDrawn && !hasAny()) return;
      g.clear();
      isDrawn = false;
      for (let i = 0; i < MAX_EFFECTS; i++) {
        if (!isAlive(i)) continue;
        const t = age[i] / LIFE_SEC[kind[i]]; // 0 -> 1
        if (kind[i] === EffectKind.Dust) drawDust(i, t);
        else if (kind[i] === EffectKind.Spark) drawSpark(i, t);
        else if (kind[i] === EffectKind.CheckpointFlash) drawFlash(i, t);
        else drawGlow(i, t);
        isDrawn = true;
        age[i] += frameSec > 0 ? Math.min(frameSec, 0.1) : 0;
      }
    },
    count(k) {
      let n = 0;
      for (let i = 0; i < MAX_EFFECTS; i++) if (kind[i] === k && isAlive(i)) n++;
      return n;
    },
    clear() {
      age.fill(Infinity);
      g.clear();
      isDrawn = false;
    },
  };

  function hasAny(): boolean {
    for (let i = 0; i < MAX_EFFECTS; i++) if (isAlive(i)) return true;
    return false;
  }

  function visit(type: number, tick: number, slot: number, value: number, entity: number): void {
    const w = world!;
    const { body } = w;
    // The players are set down, not landing, as the level starts (tick 0) and on the tick after a
    // respawn (the sim reports Respawned, then Landed); src/audio/soundCues.ts skips the same ones.
    if (type === SimEvent.Respawned) respawnTick = tick;
    else if (type === SimEvent.Landed && tick > 0 && tick !== respawnTick + 1 && tick !== respawnTick && slot < PLAYER_COUNT) {
      const e = playerEntity(w, slot);
      effects.add(EffectKind.Dust, body.x[e], body.y[e] + body.halfH[e], 0);
    } else if (type === SimEvent.Bumped && slot < PLAYER_COUNT && entity > 0) {
      // At the player's side facing the box: where the two met.
      const e = playerEntity(w, slot);
      const side = body.x[entity] >= body.x[e] ? 1 : -1;
      effects.add(EffectKind.Spark, body.x[e] + side * body.halfW[e], body.y[e], side);
    } else if (type === SimEvent.CheckpointReached) {
      const cp = w.checkpoints[value];
      if (!cp) return;
      const [a, b] = cp.spawns;
      const k = effects.isReducedMotion ? EffectKind.CheckpointGlow : EffectKind.CheckpointFlash;
      effects.add(k, (a.x + b.x) / 2, Math.max(a.y, b.y) - CHECKPOINT_POLE_M, 0); // on the flag's lamp
    } else if (type === SimEvent.GemCollected) {
      const gem = w.gems[value];
      if (!gem) return;
      effects.add(EffectKind.Spark, gem.x, gem.y, -1); // a burst both ways where it was
      effects.add(EffectKind.Spark, gem.x, gem.y, 1);
    } else if (type === SimEvent.RopeSnapped) {
      hard(0.6);
    }
  }

  /** Puffs rolling out to both sides of the feet and rising a little as they fade. */
  function drawDust(i: number, t: number): void {
    const ease = 1 - (1 - t) * (1 - t);
    const alpha = 0.9 * (1 - t * t);
    for (let side = -1; side <= 1; side += 2) {
      for (let k = 0; k < 3; k++) {
        const out = (0.12 + (0.25 + 0.18 * k) * ease) * U;
        const r = (0.07 + 0.05 * (2 - k) + 0.06 * ease) * U;
        g.circle(x[i] + side * out, y[i] - (0.06 + 0.1 * ease + 0.04 * k) * U, r);
      }
    }
    fill.color = palette.dust;
    fill.alpha = alpha;
    g.fill(fill);
  }

  /** Short streaks flying out from the contact, biased away from the player. */
  function drawSpark(i: number, t: number): void {
    const inner = (0.08 + 0.35 * t) * U;
    const outer = inner + (0.22 * (1 - t) + 0.04) * U;
    for (let k = 0; k < 6; k++) {
      const a = (k - 2.5) * 0.45; // a fan of +-65 degrees around the push direction
      const c = Math.cos(a) * dir[i];
      const s = Math.sin(a);
      g.moveTo(x[i] + c * inner, y[i] + s * inner).lineTo(x[i] + c * outer, y[i] + s * outer);
    }
    line.width = 0.06 * U;
    line.color = palette.spark;
    line.alpha = 1 - t * t;
    g.stroke(line);
  }

  /** A ring bursting out of the flag and a bright disc that fades. */
  function drawFlash(i: number, t: number): void {
    fill.color = palette.checkpointFlash;
    fill.alpha = 0.45 * (1 - t);
    g.circle(x[i], y[i], (0.6 + 0.6 * t) * U).fill(fill);
    g.circle(x[i], y[i], (0.7 + 1.6 * t) * U);
    line.width = 0.12 * U;
    line.color = palette.checkpoint;
    line.alpha = 1 - t;
    g.stroke(line);
  }

  /** Reduced motion: a halo that holds still and only fades at the end (no flash, no growth). */
  function drawGlow(i: number, t: number): void {
    const alpha = t < 0.7 ? 0.3 : 0.3 * (1 - (t - 0.7) / 0.3);
    fill.color = palette.checkpoint;
    fill.alpha = alpha;
    g.circle(x[i], y[i], 1.1 * U).fill(fill);
  }

  return effects;
}
