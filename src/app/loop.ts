// The browser frame loop: requestAnimationFrame drives a FixedStep; the sim ticks at a fixed rate
// and the renderer draws in between with alpha. While the tab is hidden nothing runs, and the clock
// restarts on return so the game does not jump forward by the time spent away.

import { FixedStep, type FixedStepOptions } from './fixedStep';

export interface LoopCallbacks {
  /** Runs one fixed sim tick. */
  tick(): void;
  /** Draws one frame; `alpha` in [0, 1) interpolates between the last two ticks. */
  render(alpha: number, frameSec: number, ticksRun: number): void;
}

export interface Loop {
  readonly clock: FixedStep;
  /** Starts requesting frames (idempotent). */
  start(): void;
  /** Stops requesting frames. */
  stop(): void;
  /** Forgets pending time and the last timestamp (after a restart). */
  resetClock(): void;
}

export function createLoop(win: Window, callbacks: LoopCallbacks, opts?: FixedStepOptions): Loop {
  const clock = new FixedStep(opts);
  let frameId = 0;
  let isRunning = false;
  // NaN = no previous frame: the next frame counts as 0 s instead of the whole gap.
  let lastMs = Number.NaN;

  const frame = (nowMs: number): void => {
    frameId = win.requestAnimationFrame(frame);
    if (win.document.hidden) {
      lastMs = Number.NaN;
      return;
    }
    const frameSec = Number.isNaN(lastMs) ? 0 : (nowMs - lastMs) / 1000;
    lastMs = nowMs;
    const ticks = clock.advance(frameSec);
    for (let i = 0; i < ticks; i++) callbacks.tick();
    callbacks.render(clock.alpha, frameSec, ticks);
  };

  const resetClock = (): void => {
    clock.reset();
    lastMs = Number.NaN;
  };
  // rAF already stops in hidden tabs; this makes the return explicit and immediate.
  const onVisibility = (): void => {
    if (win.document.hidden) resetClock();
  };

  return {
    clock,
    start(): void {
      if (isRunning) return;
      isRunning = true;
      resetClock();
      win.document.addEventListener('visibilitychange', onVisibility);
      frameId = win.requestAnimationFrame(frame);
    },
    stop(): void {
      if (!isRunning) return;
      isRunning = false;
      win.cancelAnimationFrame(frameId);
      win.document.removeEventListener('visibilitychange', onVisibility);
    },
    resetClock,
  };
}
