// One attempt at a level, from load or restart to completion: hands the sim's Died, Respawned and
// CheckpointReached events to the screen effects, once each. The deaths of the attempt are the
// sim's own count (world.rules.deaths: a restart or a reload builds a new world), and where a
// player died is where it is in the tick of its death (the world holds still until the respawn).

import { PLAYER_COUNT, playerEntity, SimEvent, readEvents, type SimWorld } from '../sim';

export interface AttemptHandlers {
  /** A player died; `x, y` is its centre (m) in that tick, `cause` the event value. */
  onDied?(slot: number, x: number, y: number, cause: number): void;
  /** Both players were put back at the last checkpoint. */
  onRespawned?(slot: number): void;
  /** A player reached checkpoint `index` (in the level's order) of `total`. */
  onCheckpoint?(index: number, total: number): void;
}

export interface AttemptTracker {
  /** Starts a new attempt on `world` (a fresh or restarted world): earlier events are not read. */
  reset(world: SimWorld): void;
  /** Call right after `step(world)`: reads the tick's events. */
  afterTick(world: SimWorld, handlers: AttemptHandlers): void;
}

export function createAttemptTracker(): AttemptTracker {
  let cursor = 0;
  let world: SimWorld | null = null;
  let handlers: AttemptHandlers = {};
  const visit = (type: number, _tick: number, slot: number, value: number): void => {
    if (type === SimEvent.Died && world) {
      const e = playerEntity(world, slot < PLAYER_COUNT ? slot : 0);
      handlers.onDied?.(slot, world.body.x[e], world.body.y[e], value);
    } else if (type === SimEvent.Respawned) {
      handlers.onRespawned?.(slot);
    } else if (type === SimEvent.CheckpointReached && world) {
      handlers.onCheckpoint?.(value, world.checkpoints.length);
    }
  };
  return {
    reset(next) {
      cursor = next.events.count;
    },
    afterTick(next, h) {
      world = next;
      handlers = h;
      cursor = readEvents(next.events, cursor, visit);
      handlers = {};
      world = null;
    },
  };
}
