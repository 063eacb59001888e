// Steps a fresh world from level text with given inputs and reports state hashes. The same function
// runs in Node (tests) and in the page (`window.__ropebound.simulate`), so comparing the two checks
// that Chromium and Node compute bit-identical games. Pure: no DOM, no clock.

import { parseLevel } from '../level/parseLevel';
import { PLAYER_COUNT, hashHex, step, createSimWorld } from '../sim';

/** Ticks between two entries of `hashes` (a replay's hash interval, DESIGN.md section 4). */
export const HASH_INTERVAL_TICKS = 60;

export interface SimulationResult {
  /** Hash of the world after the last tick. */
  hash: string;
  /** Hash after tick 60, 120, ... (floor(ticks / 60) entries). */
  hashes: string[];
}

/**
 * Builds a world from `levelText` (parseLevel + createSimWorld, as the game does) and steps it
 * `ticks` times. `inputs` holds button masks as flat pairs per tick (p1, p2, p1, p2, ...); missing
 * entries count as no buttons. Throws with the level's errors if it does not parse.
 * `hashInterval` 0 hashes only the end (`hashes` empty): hashing allocates (hash.ts), and a measure
 * of what the steps allocate must leave it out.
 */
export function simulateLevel(levelText: string, inputs: ArrayLike<number>, ticks: number, hashInterval = HASH_INTERVAL_TICKS): SimulationResult {
  const parsed = parseLevel(levelText);
  if (!parsed.ok) throw new Error(`the level does not load:\n${parsed.errors.join('\n')}`);
  const world = createSimWorld(parsed.def);
  const tickInputs = new Uint8Array(PLAYER_COUNT);
  const hashes: string[] = [];
  for (let t = 0; t < ticks; t++) {
    for (let slot = 0; slot < PLAYER_COUNT; slot++) tickInputs[slot] = inputs[t * PLAYER_COUNT + slot] ?? 0;
    step(world, tickInputs);
    if (hashInterval > 0 && (t + 1) % hashInterval === 0) hashes.push(hashHex(world));
  }
  return { hash: hashHex(world), hashes };
}
