// Timing the tick from outside: a StageProfiler on world.profiler makes step() and physicsSystem
// time each system and each substep stage with the clock it is given (the sim never reads a clock
// itself; DESIGN.md section 1). Zero cost when world.profiler is null, as in play.

import { substepStages } from './physics/substepStages';
import { systems } from './step';
import type { StageProfiler } from './worldState';

/** A profiler with zeroed times, reading the clock it is handed (`now`, from outside the sim). */
export function createStageProfiler(now: () => number): StageProfiler {
  return {
    now,
    systemTimes: new Float64Array(systems.length),
    stageTimes: new Float64Array(substepStages.length),
    ticks: 0,
  };
}

/** Zeroes the sums (to measure a new span of ticks). */
export function resetStageProfiler(profiler: StageProfiler): void {
  profiler.systemTimes.fill(0);
  profiler.stageTimes.fill(0);
  profiler.ticks = 0;
}

/** Average time per tick of every system and every substep stage, in the clock's unit, by name. */
export function stageTimesPerTick(profiler: StageProfiler): { systems: Array<[string, number]>; stages: Array<[string, number]> } {
  const per = profiler.ticks > 0 ? 1 / profiler.ticks : 0;
  return {
    systems: systems.map((s, i) => [s.name, profiler.systemTimes[i] * per]),
    stages: substepStages.map((s, i) => [s.name, profiler.stageTimes[i] * per]),
  };
}
