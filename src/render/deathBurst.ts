// The mark left where a player died: a ring of spokes bursting out in the player's colour around a
// vermillion X, fading over DEATH_BURST_SEC of real (frame) time. Drawn in the scene, in metres
// scaled to drawing units, so it sits on the spot of death however the camera moves. One Graphics
// redrawn only while a burst is alive; a fixed pool of bursts, so nothing is allocated per frame.

import type { Graphics } from 'pixi.js';
import { palette } from './palette';
import { CM_PER_M as U } from './units';

/** How long a burst stays on screen, s. */
export const DEATH_BURST_SEC = 0.6;
const SPOKES = 10;
const MAX_BURSTS = 4;
const X_COLOUR = 0xd55e00; // Okabe-Ito vermillion, the game's "danger" colour (palette.ropeStrained)

export interface DeathBursts {
  /** Starts a burst centred at (x, y) m for player `slot`. */
  add(slot: number, xM: number, yM: number): void;
  /** Ages the bursts by `frameSec` and redraws them. */
  update(frameSec: number): void;
  /** Bursts still on screen. */
  readonly activeCount: number;
  /** Removes every burst (a new level). */
  clear(): void;
}

export function createDeathBursts(g: Graphics): DeathBursts {
  const x = new Float64Array(MAX_BURSTS);
  const y = new Float64Array(MAX_BURSTS);
  const age = new Float64Array(MAX_BURSTS).fill(Infinity);
  const slotOf = new Uint8Array(MAX_BURSTS);
  let next = 0;
  let isDrawn = false;
  // Stroke styles built once and updated per burst (no style objects per burst per frame).
  const spokes = { width: 0.14 * U, color: 0, alpha: 1, cap: 'round' as const };
  const xHalo = { width: 0.26 * U, color: 0xffffff, alpha: 1, cap: 'round' as const };
  const xMark = { width: 0.16 * U, color: X_COLOUR, alpha: 1, cap: 'round' as const };

  const count = (): number => {
    let n = 0;
    for (let i = 0; i < MAX_BURSTS; i++) if (age[i] < DEATH_BURST_SEC) n++;
    return n;
  };

  return {
    add(slot, xM, yM) {
      x[next] = xM * U;
      y[next] = yM * U;
      age[next] = 0;
      slotOf[next] = slot;
      next = (next + 1) % MAX_BURSTS;
    },
    update(frameSec) {
      if (!isDrawn && count() === 0) return;
      g.clear();
      isDrawn = false;
      for (let i = 0; i < MAX_BURSTS; i++) {
        if (!(age[i] < DEATH_BURST_SEC)) continue;
        const t = age[i] / DEATH_BURST_SEC; // 0 -> 1
        const fade = 1 - t * t;
        const ease = 1 - (1 - t) * (1 - t) * (1 - t); // fast out, slow settle
        const inner = (0.25 + 0.55 * ease) * U;
        const outer = (0.55 + 0.95 * ease) * U;
        const colour = palette.player[slotOf[i] % palette.player.length];
        for (let k = 0; k < SPOKES; k++) {
          // Render-side trig is fine: this never feeds back into the sim.
          const a = (k / SPOKES) * Math.PI * 2 + 0.3;
          const c = Math.cos(a);
          const s = Math.sin(a);
          g.moveTo(x[i] + c * inner, y[i] + s * inner).lineTo(x[i] + c * outer, y[i] + s * outer);
        }
        spokes.color = colour;
        spokes.alpha = fade;
        g.stroke(spokes);
        const arm = (0.32 + 0.08 * ease) * U;
        g.moveTo(x[i] - arm, y[i] - arm).lineTo(x[i] + arm, y[i] + arm)
          .moveTo(x[i] + arm, y[i] - arm).lineTo(x[i] - arm, y[i] + arm);
        xHalo.alpha = fade;
        g.stroke(xHalo);
        g.moveTo(x[i] - arm, y[i] - arm).lineTo(x[i] + arm, y[i] + arm)
          .moveTo(x[i] + arm, y[i] - arm).lineTo(x[i] - arm, y[i] + arm);
        xMark.alpha = fade;
        g.stroke(xMark);
        isDrawn = true;
        age[i] += frameSec;
      }
    },
    get activeCount() {
      return count();
    },
    clear() {
      age.fill(Infinity);
      g.clear();
      isDrawn = false;
    },
  };
}
