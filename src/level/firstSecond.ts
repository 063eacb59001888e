// The last check, for a level that passed every other: its first second of play. The world is
// built and run for one second with nobody pressing anything, and both players must still be alive
// and inside the grid at the end of it; otherwise the players would never get control (a spawn in
// spikes died at tick 0 and again after every respawn). The static checks (standingRoom.ts) name
// the usual causes; this one also catches what moves into a player: a pendulum, a falling spiked
// box, a platform, a rope tied to a player that drags it off a ledge.
// Deterministic like every run of the sim, so a level passes or fails the same way everywhere.

import { DeathCause, SimEvent, TICK_HZ, boxEntity, createSimWorld, playerEntity, readEvents, step, type WorldDef } from '../sim';
import type { LevelFile } from './levelSchema';

/** How long both players must stay alive and in the level with no input, ticks (one second). */
export const FIRST_SECOND_TICKS = TICK_HZ;

const NO_INPUT = [0, 0];

export function checkFirstSecond(def: WorldDef, level: LevelFile, errors: string[]): void {
  const world = createSimWorld(def);
  const players = [playerEntity(world, 0), playerEntity(world, 1)];
  let cursor = world.events.count;
  let problem: { slot: number; tick: number; what: string } | null = null;
  for (let t = 0; t < FIRST_SECOND_TICKS && problem === null; t++) {
    step(world, NO_INPUT);
    cursor = readEvents(world.events, cursor, (type, tick, slot, value, entity) => {
      if (type !== SimEvent.Died || problem !== null) return;
      problem = { slot, tick, what: `dies (${causeName(world, level, value, entity)})` };
    });
    if (problem !== null) break;
    for (let slot = 0; slot < 2; slot++) {
      const x = world.body.x[players[slot]];
      const y = world.body.y[players[slot]];
      if (!(x >= 0 && x <= def.grid.width && y >= 0 && y <= def.grid.height)) {
        problem = { slot, tick: world.tick, what: `leaves the ${def.grid.width}x${def.grid.height} grid` };
        break;
      }
    }
  }
  if (problem === null) return;
  const { slot, tick, what } = problem;
  const i = level.spawns.findIndex((s) => s.player === slot + 1);
  const spawn = level.spawns[i];
  errors.push(
    `$.spawns[${i}]: spawn '${spawn.id}': with nobody pressing anything, player ${slot + 1} ${what} ` +
    `${(tick / TICK_HZ).toFixed(2)} s after the start; both players need a safe first second (standing room, clear of hazards that reach them)`,
  );
}

function causeName(world: ReturnType<typeof createSimWorld>, level: LevelFile, cause: number, entity: number): string {
  if (cause === DeathCause.SpikeTiles) return 'spike tiles';
  if (cause === DeathCause.FellOut) return 'fell out of the level';
  if (cause === DeathCause.Crushed) return 'crushed by a moving platform';
  const k = (level.boxes ?? []).findIndex((_, j) => boxEntity(world, j) === entity);
  return k >= 0 ? `spiked box '${level.boxes![k].id}'` : 'a spiked box';
}
