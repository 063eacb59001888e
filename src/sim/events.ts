// Sim -> outside world: a fixed-capacity ring of events written during a tick. Readers (render,
// audio, UI, tests) keep their own cursor, so the sim never waits for or allocates for them.

export const SimEvent = {
  Jumped: 1,
  Landed: 2,
  /** The tether went from slack to taut; value = closing speed, m/s. */
  RopeTaut: 3,
  Anchored: 4,
  /** value 1: the anchor was torn loose (its platform carried it away from an anchored partner, or
   *  into a wall); 0: the key was let go. */
  Unanchored: 5,
  /** Both players are inside the goal. */
  LevelComplete: 6,
  /** After a death pause both players were put back at the last checkpoint (or their spawns). */
  Respawned: 7,
  /** Non-finite state was found and replaced by the last good state. */
  NaNQuarantined: 8,
  /** A player pulled up onto a ledge. */
  LedgeClimbed: 9,
  /** A player bumped a box; entity = the box, value = the impulse exchanged, N s. */
  Bumped: 10,
  /** A rope snapped; entity = the rope, value = its tension, N. */
  RopeSnapped: 11,
  /** A player died; value = the cause (DeathCause), entity = the spiked box or 0. After a short
   *  pause both players respawn (Respawned). */
  Died: 12,
  /** A player reached checkpoint number `value` (its index in the level's list). */
  CheckpointReached: 13,
  /** A grounded player ran another stride (~0.45 m); value = running speed, m/s. (footstepSystem) */
  Footstep: 14,
  /** A box hit a solid tile hard; entity = the box, value = the speed it lost into the tile, m/s. */
  BoxHitWall: 15,
  /** A loaded rope swings (at most one per rope every ~20 ticks); entity = the rope, value = the
   *  hanging end's sideways speed, m/s; slot = the hanging player, or 255 for a box. */
  RopeCreak: 16,
  /** A player collected gem number `value` (its index in the level's list). (gemSystem) */
  GemCollected: 17,
} as const;
/** Why a player died (the value of a Died event). */
export const DeathCause = {
  SpikeTiles: 1,
  SpikedBox: 2,
  FellOut: 3,
  /** Squeezed between a moving platform and a solid tile (the Died event's entity: the platform). */
  Crushed: 4,
} as const;

export type SimEventType = (typeof SimEvent)[keyof typeof SimEvent];

export interface EventRing {
  capacity: number;
  /** Total events ever written; the newest is at index (count - 1) % capacity. */
  count: number;
  type: Uint8Array;
  tick: Uint32Array;
  /** Player slot (0 or 1) the event is about, or 255 for none. */
  slot: Uint8Array;
  /** Entity the event is about (a box, a rope), or 0. */
  entity: Uint32Array;
  value: Float64Array;
}

export function createEventRing(capacity = 256): EventRing {
  return {
    capacity,
    count: 0,
    type: new Uint8Array(capacity),
    tick: new Uint32Array(capacity),
    slot: new Uint8Array(capacity),
    entity: new Uint32Array(capacity),
    value: new Float64Array(capacity),
  };
}

/**
 * Writes an event; returns its index in the ring. A fractional value is written by the caller at
 * that index (`ring.value[pushEvent(...)] = speed`) rather than passed: a fractional number handed
 * to a call V8 does not inline becomes a heap number, an allocation in the tick (npm run tick-cost).
 */
export function pushEvent(
  ring: EventRing, type: SimEventType, tick: number, slot: number, value: number, entity = 0,
): number {
  const i = ring.count % ring.capacity;
  ring.type[i] = type;
  ring.tick[i] = tick;
  ring.slot[i] = slot;
  ring.entity[i] = entity;
  ring.value[i] = value;
  ring.count++;
  return i;
}

/**
 * Calls `visit` for every event written since `cursor` (the value of `ring.count` the reader saw
 * last), oldest first, and returns the new cursor. Events overwritten before being read are skipped.
 */
export function readEvents(
  ring: EventRing,
  cursor: number,
  visit: (type: number, tick: number, slot: number, value: number, entity: number) => void,
): number {
  const from = Math.max(cursor, ring.count - ring.capacity);
  for (let n = from; n < ring.count; n++) {
    const i = n % ring.capacity;
    visit(ring.type[i], ring.tick[i], ring.slot[i], ring.value[i], ring.entity[i]);
  }
  return ring.count;
}
