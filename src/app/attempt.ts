// One attempt at a level, from load or restart to completion: counts the sim's Died events and
// remembers where each player was just before the tick it died in. That position is the place of
// death whether the sim resets the level in the same tick (it did at first) or waits before
// putting the players back at a checkpoint.

import { PLAYER_COUNT } from '../sim/constants';
import { SimEvent, readEvents } from '../sim/events';
import type { SimWorld } from '../sim/world';

export interface AttemptHandlers {
  /** A player died; `x, y` is its centre (m) at the start of that tick, `cause` the event value. */
  onDied?(slot: number, x: number, y: number, cause: number): void;
  /** Players were put back (after a fall, or after a death once the sim delays the reset). */
  onRespawned?(slot: number): void;
}

export interface AttemptTracker {
  /** Died events since the attempt started. */
  readonly deaths: number;
  /** Starts a new attempt on `world` (a fresh or restarted world): earlier events are not counted. */
  reset(world: SimWorld): void;
  /** Call right before `step(world)`. */
  beforeTick(world: SimWorld): void;
  /** Call right after `step(world)`: reads the tick's events. */
  afterTick(world: SimWorld, handlers: AttemptHandlers): void;
}

export function createAttemptTracker(): AttemptTracker {
  let deaths = 0;
  let cursor = 0;
  const lastX = new Float64Array(PLAYER_COUNT);
  const lastY = new Float64Array(PLAYER_COUNT);
  let handlers: AttemptHandlers = {};
  const visit = (type: number, _tick: number, slot: number, value: number): void => {
    if (type === SimEvent.Died) {
      deaths++;
      const s = slot < PLAYER_COUNT ? slot : 0;
      handlers.onDied?.(slot, lastX[s], lastY[s], value);
    } else if (type === SimEvent.Respawned) {
      handlers.onRespawned?.(slot);
    }
  };
  return {
    get deaths() {
      return deaths;
    },
    reset(world) {
      deaths = 0;
      cursor = world.events.count;
    },
    beforeTick(world) {
      for (let slot = 0; slot < PLAYER_COUNT; slot++) {
        const e = world.players[slot];
        lastX[slot] = world.body.x[e];
        lastY[slot] = world.body.y[e];
      }
    },
    afterTick(world, h) {
      handlers = h;
      cursor = readEvents(world.events, cursor, visit);
      handlers = {};
    },
  };
}
