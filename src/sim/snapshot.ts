// Snapshot and restore: the whole sim state is typed arrays plus a few numbers, so a snapshot is a
// copy of each array in one fixed order. Restoring and stepping on gives the same hash stream as
// never having stopped (tests/unit/determinism.test.ts).

import type { SimWorld } from './world';

type NumberArray = Float64Array | Float32Array | Uint32Array | Int32Array | Uint8Array | Int8Array;

export interface StateSnapshot {
  /** Copies of every state array, in the order of {@link stateArrays}. */
  arrays: NumberArray[];
  tick: number;
  completedTick: number;
  maxStretch: number;
  poolUsed: number;
  eventCount: number;
}

function storeArrays(store: object, out: NumberArray[]): void {
  for (const value of Object.values(store)) {
    if (ArrayBuffer.isView(value)) out.push(value as NumberArray);
  }
}

/**
 * Every typed array that holds sim state, in a fixed order: bodies, players, boxes, anchors,
 * platforms, ropes, the particle pool, the rules, then the event ring (last, so a level reset can leave it alone).
 */
export function stateArrays(world: SimWorld): NumberArray[] {
  const out: NumberArray[] = [];
  storeArrays(world.body, out);
  storeArrays(world.player, out);
  storeArrays(world.box, out);
  storeArrays(world.anchor, out);
  storeArrays(world.platform, out);
  storeArrays(world.rope, out);
  storeArrays(world.pool, out);
  storeArrays(world.rules, out);
  return out;
}

function eventArrays(world: SimWorld): NumberArray[] {
  const out: NumberArray[] = [];
  storeArrays(world.events, out);
  return out;
}

/** A deep copy of the world's state (allocates: for tests, replays and level resets, not per tick). */
export function captureState(world: SimWorld): StateSnapshot {
  const arrays = [...stateArrays(world), ...eventArrays(world)].map((a) => a.slice());
  return {
    arrays,
    tick: world.tick,
    completedTick: world.completedTick,
    maxStretch: world.maxStretch,
    poolUsed: world.pool.used,
    eventCount: world.events.count,
  };
}

/**
 * Copies `snap` back into the world's own arrays (no allocation). With `isFull` false only the
 * level's physical state comes back: the tick, the completion time and the event ring stay.
 */
export function restoreState(world: SimWorld, snap: StateSnapshot, isFull = true): void {
  const state = stateArrays(world);
  for (let k = 0; k < state.length; k++) state[k].set(snap.arrays[k]);
  world.pool.used = snap.poolUsed;
  world.maxStretch = snap.maxStretch;
  if (!isFull) return;
  const events = eventArrays(world);
  for (let k = 0; k < events.length; k++) events[k].set(snap.arrays[state.length + k]);
  world.tick = snap.tick;
  world.completedTick = snap.completedTick;
  world.events.count = snap.eventCount;
}
