// FPS and sim cost for the debug overlay, averaged over half-second windows so the numbers are
// readable and the overlay's text changes twice a second instead of every frame.

const WINDOW_MS = 500;

export class FrameStats {
  fps = 0;
  /** Mean wall time of one sim tick over the last window, ms. */
  simMsPerTick = 0;
  private windowStartMs = Number.NaN;
  private frames = 0;
  private ticks = 0;
  private simMs = 0;

  /** Records the time one tick took, ms. */
  addTick(ms: number): void {
    this.ticks++;
    this.simMs += ms;
  }

  /** Counts a drawn frame at `nowMs`; returns true when a window closed and the numbers changed. */
  addFrame(nowMs: number): boolean {
    if (Number.isNaN(this.windowStartMs)) this.windowStartMs = nowMs;
    this.frames++;
    const elapsed = nowMs - this.windowStartMs;
    if (elapsed < WINDOW_MS) return false;
    this.fps = (this.frames * 1000) / elapsed;
    this.simMsPerTick = this.ticks > 0 ? this.simMs / this.ticks : 0;
    this.windowStartMs = nowMs;
    this.frames = this.ticks = this.simMs = 0;
    return true;
  }
}
