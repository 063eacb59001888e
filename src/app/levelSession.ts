// The level being played: a fresh sim world for every attempt, and one game tick of it (inputs
// sampled once per tick from the keyboard and pads or a replay, replay speed-ups, the invincibility
// assist, death effects, the finish reported once). Which screen is up is the app's business
// (appMachine.ts): the game ticks the session only while the level is played.

import { PLAYER_COUNT, gemsCollected, step, createSimWorld, type SimWorld, type WorldDef } from '../sim';
import { createAttemptTracker, type AttemptHandlers } from './attempt';
import type { DesignerTools, MaskSource } from './designerTools';
import type { FrameStats } from './frameStats';

export interface LevelSessionDeps {
  /** Keyboard and pads together: the players' buttons. */
  input: MaskSource;
  /** Replays and F8 recording sit between the players' buttons and the sim. */
  designer: Pick<DesignerTools, 'stepsPerTick' | 'sample' | 'afterStep' | 'isReplaying' | 'isRecording'>;
  /** Whether the step about to run is invincible (settings.ts isInvincibleStep: never in replays or recordings). */
  isInvincible(isReplayStep: boolean, isRecording: boolean): boolean;
  /** True while the reconnect message is up: inputs are drained and the sim stands still. */
  isWaitingForReconnect(): boolean;
  /** Death flash and burst, the camera cut on respawn. */
  attempt: AttemptHandlers;
  stats: FrameStats;
  /** True while the F3 overlay is up: the world is then profiled (stats.profiler). */
  isProfiling(): boolean;
  /** Both players reached the goal: `ticks` from the start, the attempt's deaths, whether a replay
   *  played it, and the gems collected of the level's `gemTotal`. */
  onCompleted(ticks: number, deaths: number, isReplay: boolean, gems: number, gemTotal: number): void;
}

export interface LevelSession {
  /** The world of the attempt, or null before the first level. */
  readonly world: SimWorld | null;
  /** A new attempt: a fresh world of `def` from tick 0. */
  start(def: WorldDef): void;
  /** One game tick. `isPlaying` is asked before every step: a finish or a pause ends the tick's steps. */
  tick(isPlaying: () => boolean): void;
}

export function createLevelSession(deps: LevelSessionDeps): LevelSession {
  const inputs = new Uint8Array(PLAYER_COUNT);
  const attempt = createAttemptTracker();
  let world: SimWorld | null = null;

  return {
    get world() {
      return world;
    },
    start(def) {
      world = createSimWorld(def);
      attempt.reset(world);
    },
    tick(isPlaying) {
      if (!world || !isPlaying()) return;
      if (deps.isWaitingForReconnect()) {
        deps.input.sample(inputs); // drained, not stepped: taps made while waiting must not fire later
        return;
      }
      // One sample per tick, so a tap shorter than a frame still reaches exactly one tick.
      // More than one step only for a replay played faster (`&speed=N`).
      const { designer } = deps;
      for (let n = designer.stepsPerTick(); n > 0 && isPlaying(); n--) {
        designer.sample(deps.input, inputs); // keyboard + pads, or a replay's masks; F8 records them
        world.assists.isInvincible = deps.isInvincible(designer.isReplaying, designer.isRecording);
        world.profiler = deps.isProfiling() ? deps.stats.profiler : null;
        const t0 = performance.now();
        step(world, inputs);
        deps.stats.addTick(performance.now() - t0);
        designer.afterStep(world);
        attempt.afterTick(world, deps.attempt);
        if (world.completedTick >= 0) deps.onCompleted(world.completedTick + 1, world.rules.deaths[0], designer.isReplaying, gemsCollected(world), world.gems.length);
      }
    },
  };
}
