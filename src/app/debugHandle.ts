// `window.__ropebound`: a read-only view of the running game for browser tests and the console.
// It only copies numbers out; nothing here can change the sim, so tests observe real play.

import { PLAYER_COUNT } from '../sim/constants';
import { hashHex } from '../sim/hash';
import type { SimWorld } from '../sim/world';

export interface PlayerSnapshot {
  x: number;
  y: number;
  vx: number;
  vy: number;
  grounded: boolean;
  anchored: boolean;
  taut: boolean;
}

export interface GameSnapshot {
  tick: number;
  players: PlayerSnapshot[];
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
  return { tick: world.tick, players, maxStretch: world.maxStretch, completedTick: world.completedTick, hash: hashHex(world) };
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
  });
  Object.defineProperty(win, '__ropebound', { value: handle, configurable: true, enumerable: false, writable: false });
  return handle;
}
