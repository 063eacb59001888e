// DOM overlays on top of the canvas: controls hint, "Level complete!" banner, level errors and the
// F3 debug overlay. DOM rather than pixi text: crisp at any DPI, selectable, and easy for tests to read.
// Updates write to the DOM only when a shown value changes.

import './hud.css';

export interface DebugStats {
  fps: number;
  /** Mean sim time per tick over the last measuring window, ms. */
  simMsPerTick: number;
  /** Largest rope segment stretch, fraction (0.01 = 1 %). */
  maxStretch: number;
  tick: number;
  droppedTicks: number;
}

export interface Hud {
  /** Shows the banner when `completedSec` is a time, hides it when null. */
  setCompleted(completedSec: number | null): void;
  /** Shows level errors in a readable box; an empty list hides it. */
  setErrors(title: string, errors: readonly string[]): void;
  toggleDebug(): void;
  readonly isDebugVisible: boolean;
  setDebug(stats: DebugStats): void;
}

// Three groups that each stay on one line; a narrow window wraps between groups, not inside one.
const HINT_HTML =
  '<span class="group"><span class="p1">P1</span> <kbd>A</kbd><kbd>D</kbd> move · <kbd>W</kbd> jump · ' +
  '<kbd>S</kbd> down · <kbd>F</kbd> anchor</span>' +
  '<span class="group"><span class="p2">P2</span> <kbd>←</kbd><kbd>→</kbd> move · <kbd>↑</kbd> jump · ' +
  '<kbd>↓</kbd> down · <kbd>/</kbd> or <kbd>Right Shift</kbd> anchor</span>' +
  '<span class="group"><kbd>R</kbd> restart · <kbd>F3</kbd> debug</span>';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, parent: HTMLElement): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  parent.appendChild(node);
  return node;
}

export function createHud(parent: HTMLElement): Hud {
  const root = el('div', 'hud', parent);
  const hint = el('div', 'hud-hint', root);
  hint.innerHTML = HINT_HTML;

  const banner = el('div', 'hud-banner', root);
  banner.hidden = true;
  banner.setAttribute('role', 'status');
  const bannerTitle = el('h1', '', banner);
  bannerTitle.textContent = 'Level complete!';
  const bannerTime = el('p', '', banner);

  const errorBox = el('div', 'hud-errors', root);
  errorBox.hidden = true;
  errorBox.setAttribute('role', 'alert');
  const errorTitle = el('h2', '', errorBox);
  const errorList = el('ul', '', errorBox);

  const debug = el('div', 'hud-debug', root);
  debug.hidden = true;
  let completedShown: number | null = null;
  let debugText = '';
  let lastStats: DebugStats | null = null;
  const writeDebug = (s: DebugStats): void => {
    const text =
      `FPS ${s.fps.toFixed(0)}\n` +
      `sim ${s.simMsPerTick.toFixed(3)} ms/tick\n` +
      `stretch ${(s.maxStretch * 100).toFixed(2)} %\n` +
      `tick ${s.tick}  dropped ${s.droppedTicks}`;
    if (text !== debugText) debug.textContent = debugText = text;
  };

  return {
    setCompleted(completedSec): void {
      if (completedSec === completedShown) return;
      completedShown = completedSec;
      banner.hidden = completedSec === null;
      if (completedSec !== null) bannerTime.textContent = `Time ${completedSec.toFixed(2)} s — press R to play again`;
    },
    setErrors(title, errors): void {
      errorBox.hidden = errors.length === 0;
      errorTitle.textContent = title;
      errorList.replaceChildren(...errors.map((message) => {
        const item = document.createElement('li');
        item.textContent = message; // text, never HTML: messages quote level content
        return item;
      }));
    },
    toggleDebug(): void {
      debug.hidden = !debug.hidden;
      // Show the last numbers at once rather than an empty box until the next measuring window.
      if (debug.hidden) return;
      if (lastStats) writeDebug(lastStats);
      else debug.textContent = debugText = 'measuring…';
    },
    get isDebugVisible(): boolean {
      return !debug.hidden;
    },
    setDebug(s): void {
      lastStats = s;
      if (!debug.hidden) writeDebug(s);
    },
  };
}
