// The fixed-step accumulator (DESIGN §2), kept pure so tests can feed it any frame time: it turns
// a real frame time into a number of fixed ticks plus the interpolation alpha for drawing.

import { DT } from '../sim';

export interface FixedStepOptions {
  /** Length of one tick, s. */
  dtSec?: number;
  /** Longest frame time accepted, s (a stall, a breakpoint or a slept laptop). */
  maxFrameSec?: number;
  /**
   * Most ticks run in one frame; time beyond them is dropped, not banked. Default: the ticks of
   * one clamped frame (15 at 60 Hz and 0.25 s), so the game keeps real time down to 4 frames a
   * second; it was 5 (real time only down to 12 fps, slow motion below). A tick costs at most
   * ~0.15 ms (`npm run tick-cost`), so 15 in a frame cannot start a spiral of slow frames.
   */
  maxTicksPerFrame?: number;
  /** Game speed (assist): sim time per wall time, in (0, 1]. */
  speed?: number;
}

export class FixedStep {
  readonly dtSec: number;
  readonly maxFrameSec: number;
  readonly maxTicksPerFrame: number;
  /** Time not yet simulated, s; always in [0, dtSec) after `advance`. */
  accumulatorSec = 0;
  /** Ticks dropped so far because of the cap (for the debug overlay). */
  droppedTicks = 0;
  /**
   * Game speed (assist): ticks run at speed × (1 / dtSec) per second of wall time. The ticks
   * themselves stay dtSec long, so the sim and its replays are the same at any speed.
   */
  speed = 1;

  constructor(opts: FixedStepOptions = {}) {
    this.dtSec = opts.dtSec ?? DT;
    this.maxFrameSec = opts.maxFrameSec ?? 0.25;
    this.maxTicksPerFrame = opts.maxTicksPerFrame ?? Math.round(this.maxFrameSec / this.dtSec);
    this.setSpeed(opts.speed ?? 1);
  }

  /** Sets the game speed; anything not a number in (0, 1] is treated as 1 (normal speed). */
  setSpeed(speed: number): void {
    this.speed = speed > 0 && speed <= 1 ? speed : 1;
  }

  /**
   * Adds one frame's time and returns how many ticks to run now. Frame times that are not finite
   * or not positive add nothing (a clock going backwards must not rewind the game).
   */
  advance(frameSec: number): number {
    if (!(frameSec > 0) || !Number.isFinite(frameSec)) return 0;
    this.accumulatorSec += Math.min(frameSec, this.maxFrameSec) * this.speed;
    let ticks = Math.floor(this.accumulatorSec / this.dtSec);
    if (ticks > this.maxTicksPerFrame) {
      // Banking the rest would make the next frames run fast-forward: drop it, keep the fraction.
      this.droppedTicks += ticks - this.maxTicksPerFrame;
      ticks = this.maxTicksPerFrame;
      this.accumulatorSec -= Math.floor(this.accumulatorSec / this.dtSec) * this.dtSec;
    } else {
      this.accumulatorSec -= ticks * this.dtSec;
    }
    // Rounding can leave a hair below 0 or at dt; keep alpha in [0, 1).
    if (this.accumulatorSec < 0 || this.accumulatorSec >= this.dtSec) this.accumulatorSec = 0;
    return ticks;
  }

  /** How far between the last two ticks to draw, in [0, 1). */
  get alpha(): number {
    return this.accumulatorSec / this.dtSec;
  }

  /** Forgets pending time (restart, return from a hidden tab). */
  reset(): void {
    this.accumulatorSec = 0;
  }
}
