// FPS, sim cost and drawing cost for the debug overlay, averaged over half-second windows so the
// numbers are readable and the overlay's text changes twice a second instead of every frame. While the overlay
// is up, the world being played carries `profiler` (world.profiler), and each window also reports
// where a tick went: the substep stages and the other systems (src/sim/physics/substepStages.ts).

import { createStageProfiler, resetStageProfiler, stageTimesPerTick, type StageProfiler } from '../sim';

const WINDOW_MS = 500;
/** The most expensive entries shown in the overlay. */
const SHOWN_STAGES = 5;

export class FrameStats {
  fps = 0;
  /** Mean wall time of one sim tick over the last window, ms. */
  simMsPerTick = 0;
  /** Mean main-thread time of drawing one frame (the renderer's draw: the scene's shapes, pixi's
   *  batching and the WebGL calls) over the last window, ms. */
  drawMsPerFrame = 0;
  /** The costliest substep stages and systems (physics itself left out: its stages are listed), ms per tick. */
  stages: Array<[string, number]> = [];
  /** Put on the played world while the overlay is up (null otherwise). */
  readonly profiler: StageProfiler = createStageProfiler(() => performance.now());
  private windowStartMs = Number.NaN;
  private frames = 0;
  private ticks = 0;
  private simMs = 0;
  private drawMs = 0;
  private draws = 0;

  /** Records the time one tick took, ms. */
  addTick(ms: number): void {
    this.ticks++;
    this.simMs += ms;
  }

  /** Records the time drawing one frame took, ms. */
  addDraw(ms: number): void {
    this.draws++;
    this.drawMs += ms;
  }

  /** Counts a drawn frame at `nowMs`; returns true when a window closed and the numbers changed. */
  addFrame(nowMs: number): boolean {
    if (Number.isNaN(this.windowStartMs)) this.windowStartMs = nowMs;
    this.frames++;
    const elapsed = nowMs - this.windowStartMs;
    if (elapsed < WINDOW_MS) return false;
    this.fps = (this.frames * 1000) / elapsed;
    this.simMsPerTick = this.ticks > 0 ? this.simMs / this.ticks : 0;
    this.drawMsPerFrame = this.draws > 0 ? this.drawMs / this.draws : 0;
    if (this.profiler.ticks > 0) {
      const times = stageTimesPerTick(this.profiler);
      this.stages = [...times.stages, ...times.systems.filter(([name]) => name !== 'physics')]
        .sort((a, b) => b[1] - a[1]).slice(0, SHOWN_STAGES);
      resetStageProfiler(this.profiler);
    }
    this.windowStartMs = nowMs;
    this.frames = this.ticks = this.simMs = this.draws = this.drawMs = 0;
    return true;
  }
}
