// `window.__ropebound`: a read-only view of the running game for browser tests and the console.
// It only copies numbers out; nothing here can change the sim, so tests observe real play.
// `simulate` runs a separate world of its own (determinism checks), never the one being played.

import { PLAYER_COUNT } from '../sim/constants';
import { hashHex } from '../sim/hash';
import { ropeMaxStretch } from '../sim/physics/solveRope';
import type { SimWorld } from '../sim/world';
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

export interface DebugHandle {
  /** True once the first frame has been drawn. */
  readonly ready: boolean;
  /** The current world's state, or null when no level is loaded (see `errors`). */
  getState(): GameSnapshot | null;
  /** Level and start-up errors shown to the player (a copy). */
  readonly errors: string[];
  /**
   * Builds a fresh world from `levelText` and steps it `ticks` times with `inputs` (button masks,
   * flat pairs p1, p2 per tick); hashes every 60 ticks. Leaves the running game alone.
   */
  simulate(levelText: string, inputs: number[], ticks: number): SimulationResult;
}

export interface DebugSource {
  isReady(): boolean;
  world(): SimWorld | null;
  errors(): readonly string[];
}

export function snapshotWorld(world: SimWorld): GameSnapshot {
  const { body, player } = world;
  const players: PlayerSnapshot[] = [];
  for (let slot = 0; slot < PLAYER_COUNT; slot++) {
    const e = world.players[slot];
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
  for (let k = 0; k < world.boxes.length; k++) {
    const e = world.boxes[k];
    // Render-side trig is fine here: the snapshot is read by tests, never fed back into the sim.
    boxes.push({ x: body.x[e], y: body.y[e], vx: body.vx[e], vy: body.vy[e], angle: Math.atan2(body.rotS[e], body.rotC[e]) });
  }
  const ropes: RopeSnapshot[] = [];
  const levelRopes = world.ropes.length;
  for (let k = 0; k < world.ropeOrder.length; k++) {
    const r = world.ropeOrder[k];
    const active = world.rope.isActive[r] === 1;
    ropes.push({
      kind: k === 0 ? 'tether' : k <= levelRopes ? 'level' : 'spare',
      active,
      tension: world.rope.tension[r],
      maxStretch: active ? ropeMaxStretch(world, r) : 0,
    });
  }
  return {
    tick: world.tick, players, boxes, ropes,
    maxStretch: world.maxStretch, completedTick: world.completedTick, hash: hashHex(world),
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
    simulate(levelText: string, inputs: number[], ticks: number) {
      return simulateLevel(levelText, inputs, ticks);
    },
  });
  Object.defineProperty(win, '__ropebound', { value: handle, configurable: true, enumerable: false, writable: false });
  return handle;
}
