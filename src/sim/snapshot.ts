// Snapshot and restore: the whole sim state is typed arrays plus a few numbers, so a snapshot is a
// copy of each array in one fixed order. Restoring and stepping on gives the same hash stream as
// never having stopped (tests/unit/determinism.test.ts). Entities are never added or removed after
// building, so the queries need no snapshot of their own.

import type { SimWorld, StateSnapshot } from './worldState';

type NumberArray = StateSnapshot['arrays'][number];

function storeArrays(store: object, out: NumberArray[]): void {
  for (const value of Object.values(store)) {
    if (ArrayBuffer.isView(value)) out.push(value as NumberArray);
  }
}

/**
 * Every typed array that holds sim state, in a fixed order: bodies, players, boxes, anchors,
 * platforms, ropes, particles, then the rules and the ropes' wraps. (The event ring is kept apart, so a level reset can
 * leave it alone.)
 */
export function stateArrays(world: SimWorld): NumberArray[] {
  const out: NumberArray[] = [];
  storeArrays(world.body, out);
  storeArrays(world.player, out);
  storeArrays(world.box, out);
  storeArrays(world.anchor, out);
  storeArrays(world.platform, out);
  storeArrays(world.rope, out);
  storeArrays(world.particle, out);
  storeArrays(world.rules, out);
  storeArrays(world.wrap, out);
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
  if (!isFull) return;
  const events = eventArrays(world);
  for (let k = 0; k < events.length; k++) events[k].set(snap.arrays[state.length + k]);
  world.tick = snap.tick;
  world.completedTick = snap.completedTick;
  world.events.count = snap.eventCount;
}
