// `window.__ropebound`: a read-only view of the running game for browser tests and the console.
// It only copies numbers out; nothing here can change the sim, so tests observe real play.
// `simulate` runs a separate world of its own (determinism checks), never the one being played.

import { MAX_WRAPS, PLAYER_COUNT, hashHex, playerEntity, ropeMaxStretch, worldMaxStretch, type SimWorld } from '../sim';
import type { EditorDebug } from '../editor/ui/editor';
import type { ScreenName } from './appState';
import type { Progress, ProgressReadState, SaveProblem } from './progress';
import type { ReplayStatus } from './replayMode';
import { simulateLevel, type SimulationResult } from './simulate';

export interface PlayerSnapshot {
  x: number;
  y: number;
  vx: number;
  vy: number;
  grounded: boolean;
  anchored: boolean;
  taut: boolean;
}

export interface BoxSnapshot {
  /** Centre, m. */
  x: number;
  y: number;
  /** Velocity, m/s. */
  vx: number;
  vy: number;
  /** Rotation, rad (y down: positive turns clockwise on screen). */
  angle: number;
}

export interface RopeSnapshot {
  /** 'tether' (the players' rope), 'level' (a level rope) or 'spare' (a half that exists after a snap). */
  kind: 'tether' | 'level' | 'spare';
  active: boolean;
  /** Tension over the last tick, N. */
  tension: number;
  /** Largest segment stretch, fraction (0.01 = 1 %); 0 for an inactive rope. */
  maxStretch: number;
  /** The tile corners it is bent round (physics.ropeWrap), [x, y] from end A to end B. */
  pivots: Array<[number, number]>;
}

export interface GameSnapshot {
  tick: number;
  players: PlayerSnapshot[];
  /** The level's boxes, in the level file's order. */
  boxes: BoxSnapshot[];
  /** Every rope in solve order: the tether, the level's ropes in file order, then spare halves. */
  ropes: RopeSnapshot[];
  maxStretch: number;
  completedTick: number;
  /** hashHex of the world: equal hashes mean equal sim state. */
  hash: string;
}

/**
 * Which screen is up: the title, 'menu' (the level select), a level being played, paused, or
 * completed, the settings / controls screen (over the title or the pause menu), or 'crashed' (an
 * error stopped the game; see `errors`). appState.ts's View says what each holds.
 */
export type { ScreenName };

/** Visual effects on screen now (tests look for the death feedback). */
export interface EffectsSnapshot {
  /** Seconds left of the red death flash, 0 when none. */
  deathFlashSec: number;
  /** Death bursts drawn at the place of a death. */
  deathBursts: number;
  /** Event effects drawn now (src/render/effects.ts): landing dust, bump sparks, checkpoint
   *  flashes, and the steady checkpoint glows shown instead of flashes under reduced motion. */
  dust: number;
  sparks: number;
  checkpointFlashes: number;
  checkpointGlows: number;
  /** Screen shake offset of the view now, m (always 0 under reduced motion). */
  shakeM: number;
}

/** The progress as the debug handle shows it. */
export type ProgressSnapshot = Progress & { isPersistent: boolean; saveProblem: SaveProblem | null; readState: ProgressReadState };

export interface DebugHandle {
  /** True once the first frame has been drawn. */
  readonly ready: boolean;
  /** The screen shown (see ScreenName; 'menu' is the level select). */
  readonly screen: ScreenName;
  /** Deaths (the sim's Died events) since the level was loaded or restarted. */
  readonly deaths: number;
  /** Id of the level being played or just completed; null on the menu. */
  readonly levelId: string | null;
  readonly effects: EffectsSnapshot;
  /** Campaign progress as the game holds it (a copy), by level key; `isPersistent` is false while
   *  only in memory (`saveProblem` says why); `readState` is how the stored record read at start. */
  readonly progress: ProgressSnapshot;
  /** The current world's state, or null when no level is loaded (see `errors`). */
  getState(): GameSnapshot | null;
  /** Level and start-up errors shown to the player (a copy). */
  readonly errors: string[];
  /**
   * Builds a fresh world from `levelText` and steps it `ticks` times with `inputs` (button masks,
   * flat pairs p1, p2 per tick); hashes every 60 ticks (every `hashInterval`; 0: only the end).
   * Leaves the running game alone.
   */
  simulate(levelText: string, inputs: number[], ticks: number, hashInterval?: number): SimulationResult;
  /** True while F8 is recording a replay. */
  readonly isRecording: boolean;
  /** The last replay recorded with F8 (the text that was offered as a download, and the state
   *  hashes the played world had every 60 ticks), or null. */
  readonly lastReplay: { fileName: string; text: string; liveHashes: string[] } | null;
  /** Replay mode's progress and state hashes (every 60 ticks), or null when no replay plays. */
  replayStatus(): ReplayStatus | null;
  /** The camera as last drawn: centre (m) and zoom (px per m), or null before the first frame. */
  camera(): { x: number; y: number; zoom: number } | null;
  /** The last ~200 sounds the audio layer asked for (after throttling), oldest first (a copy). */
  sounds(): Array<{ name: string; tick: number; volume: number }>;
  /** The level editor's state (its draft, selection, tool, timings), or null before it was opened. */
  editor(): EditorDebug | null;
  /** Solo mode (one player drives both): whether it is on, the slot driven, and per slot whether
   *  an anchor is held for it by the latch. */
  solo(): SoloSnapshot;
  /** Frames drawn per second and the main-thread time of drawing one (the renderer's draw), ms,
   *  averaged over the last half second (what the F3 overlay shows). */
  frameCost(): { fps: number; drawMsPerFrame: number };
}

export interface SoloSnapshot {
  isOn: boolean;
  /** 0 = P1. */
  controlled: number;
  anchorLatched: boolean[];
}

export interface DebugSource {
  isReady(): boolean;
  world(): SimWorld | null;
  errors(): readonly string[];
  screen?(): ScreenName;
  deaths?(): number;
  levelId?(): string | null;
  effects?(): Partial<EffectsSnapshot>;
  progress?(): ProgressSnapshot;
  isRecording?(): boolean;
  lastReplay?(): { fileName: string; text: string; liveHashes: readonly string[] } | null;
  replayStatus?(): ReplayStatus | null;
  camera?(): { x: number; y: number; zoom: number } | null;
  sounds?(): ReadonlyArray<{ name: string; tick: number; volume: number }>;
  editor?(): EditorDebug | null;
  solo?(): SoloSnapshot;
  frameCost?(): { fps: number; drawMsPerFrame: number };
}

export function snapshotWorld(world: SimWorld): GameSnapshot {
  const { body, player } = world;
  const players: PlayerSnapshot[] = [];
  for (let slot = 0; slot < PLAYER_COUNT; slot++) {
    const e = playerEntity(world, slot);
    players.push({
      x: body.x[e],
      y: body.y[e],
      vx: body.vx[e],
      vy: body.vy[e],
      grounded: player.isGrounded[e] === 1,
      anchored: player.isAnchored[e] === 1,
      taut: player.isTaut[e] === 1,
    });
  }
  const boxes: BoxSnapshot[] = [];
  const boxQuery = world.queries.boxes.dense;
  for (let k = 0; k < boxQuery.length; k++) {
    const e = boxQuery[k];
    // Render-side trig is fine here: the snapshot is read by tests, never fed back into the sim.
    boxes.push({ x: body.x[e], y: body.y[e], vx: body.vx[e], vy: body.vy[e], angle: Math.atan2(body.rotS[e], body.rotC[e]) });
  }
  const ropes: RopeSnapshot[] = [];
  const ropeQuery = world.queries.ropes.dense;
  for (let k = 0; k < ropeQuery.length; k++) {
    const r = ropeQuery[k];
    const active = world.rope.isActive[r] === 1;
    ropes.push({
      kind: r === world.tetherRope ? 'tether' : world.rope.halfOf[r] === 0 ? 'level' : 'spare',
      active,
      tension: world.rope.tension[r],
      maxStretch: active ? ropeMaxStretch(world, r) : 0,
      pivots: Array.from({ length: world.wrap.count[r] }, (_, k): [number, number] => [world.wrap.x[r * MAX_WRAPS + k], world.wrap.y[r * MAX_WRAPS + k]]),
    });
  }
  return {
    tick: world.tick, players, boxes, ropes,
    maxStretch: worldMaxStretch(world), completedTick: world.completedTick, hash: hashHex(world),
  };
}

/** Installs the frozen handle on `win.__ropebound`. */
export function installDebugHandle(win: Window, source: DebugSource): DebugHandle {
  const handle: DebugHandle = Object.freeze({
    get ready() {
      return source.isReady();
    },
    getState() {
      const world = source.world();
      return world ? snapshotWorld(world) : null;
    },
    get errors() {
      return [...source.errors()];
    },
    get screen() {
      return source.screen?.() ?? 'playing';
    },
    get deaths() {
      return source.deaths?.() ?? 0;
    },
    get levelId() {
      return source.levelId?.() ?? null;
    },
    get effects() {
      const e = source.effects?.();
      return {
        deathFlashSec: e?.deathFlashSec ?? 0, deathBursts: e?.deathBursts ?? 0, dust: e?.dust ?? 0, sparks: e?.sparks ?? 0,
        checkpointFlashes: e?.checkpointFlashes ?? 0, checkpointGlows: e?.checkpointGlows ?? 0, shakeM: e?.shakeM ?? 0,
      };
    },
    get progress() {
      const p = source.progress?.();
      const none: ProgressSnapshot = { unlockAll: false, levels: {}, isPersistent: false, saveProblem: 'blocked', readState: 'empty' };
      return p ? structuredClone(p) : none;
    },
    simulate(levelText: string, inputs: number[], ticks: number, hashInterval?: number) {
      return simulateLevel(levelText, inputs, ticks, hashInterval);
    },
    get isRecording() {
      return source.isRecording?.() ?? false;
    },
    get lastReplay() {
      const last = source.lastReplay?.() ?? null;
      return last ? { fileName: last.fileName, text: last.text, liveHashes: [...last.liveHashes] } : null;
    },
    replayStatus() {
      return source.replayStatus?.() ?? null;
    },
    camera() {
      return source.camera?.() ?? null;
    },
    sounds() {
      return (source.sounds?.() ?? []).map((s) => ({ name: s.name, tick: s.tick, volume: s.volume }));
    },
    editor() {
      const e = source.editor?.() ?? null;
      return e ? structuredClone(e) : null;
    },
    solo() {
      const s = source.solo?.();
      return s ? { isOn: s.isOn, controlled: s.controlled, anchorLatched: [...s.anchorLatched] } : { isOn: false, controlled: 0, anchorLatched: [false, false] };
    },
    frameCost() {
      const c = source.frameCost?.();
      return { fps: c?.fps ?? 0, drawMsPerFrame: c?.drawMsPerFrame ?? 0 };
    },
  });
  Object.defineProperty(win, '__ropebound', { value: handle, configurable: true, enumerable: false, writable: false });
  return handle;
}
