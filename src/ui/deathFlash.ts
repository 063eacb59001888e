// A vermillion vignette over the whole view when a player dies, fading out over DEATH_FLASH_SEC of
// real time. Driven from the frame loop (not a CSS animation) so it ages with the game's frames and
// stops with them; opacity is written only when it changes.

import './screens.css';

/** How long the flash lasts, s. */
export const DEATH_FLASH_SEC = 0.6;

export interface DeathFlash {
  trigger(): void;
  /** Ages the flash by `frameSec` and updates the overlay. */
  update(frameSec: number): void;
  /** Seconds left, 0 when not showing. */
  readonly remainingSec: number;
  clear(): void;
}

export function createDeathFlash(parent: HTMLElement): DeathFlash {
  const root = document.createElement('div');
  root.className = 'death-flash';
  root.hidden = true;
  parent.appendChild(root);
  let remaining = 0;
  let shownOpacity = '';
  // The frame that shows a new flash does not age it: it starts at full strength however long the frame.
  let isFresh = false;

  const paint = (): void => {
    const t = remaining / DEATH_FLASH_SEC; // 1 -> 0
    // Hold near full strength briefly, then ease out.
    const opacity = remaining > 0 ? Math.min(1, t * 1.4).toFixed(2) : '0';
    if (opacity === shownOpacity) return;
    shownOpacity = opacity;
    root.style.opacity = opacity;
    root.hidden = remaining <= 0;
  };

  return {
    trigger() {
      remaining = DEATH_FLASH_SEC;
      isFresh = true;
      paint();
    },
    update(frameSec) {
      if (remaining <= 0) return;
      if (isFresh) {
        isFresh = false;
        return;
      }
      remaining = Math.max(0, remaining - frameSec);
      paint();
    },
    get remainingSec() {
      return remaining;
    },
    clear() {
      remaining = 0;
      paint();
    },
  };
}
