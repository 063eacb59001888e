// A world where P1 runs into spikes two tiles from the spawn: Died, the death pause, Respawned,
// and the players set down at their spawns again (Landed on the next tick), over and over.
// For tests of what a respawn shows and sounds like.

import { parseLevel } from '../../src/level/parseLevel';
import { Button, createSimWorld, type SimWorld } from '../../src/sim';

export const SPIKE_STEP_LEVEL = {
  format: 'ropebound-level', version: 2, id: 'spike-step', name: 'Spike step',
  tiles: ['..........', '..........', '..........', '....^.....', '##########'],
  spawns: [{ id: 'p1', player: 1, x: 1.5, y: 4 }, { id: 'p2', player: 2, x: 2.5, y: 4 }],
  goal: { id: 'goal', x: 8, y: 1, w: 1, h: 3 },
  tether: { length: 3, segments: 8 },
} as const;

/** P1's mask while running into the spikes. */
export const RUN_RIGHT = Button.Right;

export function spikeStepWorld(): SimWorld {
  const parsed = parseLevel(JSON.stringify(SPIKE_STEP_LEVEL));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return createSimWorld(parsed.def);
}
