// The controls screen: both players' keys (read fresh each time it opens, since the settings can
// remap them), the gamepad layout, and the keys that work everywhere. Opened from the title and
// the pause menu; back, P or the Back button report `onClose`, and the app decides where that leads.

import { DEFAULT_KEYS, keyLabel, type KeyBindings, type PlayerAction } from '../input/keyboard';
import { SOLO_SWITCH_KEY } from '../input/soloControl';
import { el } from './dom';
import type { MenuSounds } from './menuCursor';
import { createMenuScreen, type MenuScreen } from './menuScreen';

export interface ControlsOptions {
  /** The keys in use now; defaults to the keyboard's defaults. Called on every open. */
  describeBindings?: () => KeyBindings;
  /** True while solo mode is on: the solo line is then marked as the one in use. Called on every open. */
  isSolo?: () => boolean;
  /** The player closed the screen (back, P, or the Back button). */
  onClose(): void;
  sounds?: MenuSounds;
}

export interface ControlsScreen extends Omit<MenuScreen, 'root' | 'menu' | 'show'> {
  /** Shows the screen with the keys in use now. `hide()` closes it without reporting onClose. */
  open(): void;
}

/** Rows of the key table: what a player does, and which actions' keys do it. */
const ROWS: ReadonlyArray<{ label: string; actions: readonly PlayerAction[] }> = [
  { label: 'Move', actions: ['left', 'right'] },
  { label: 'Jump', actions: ['jump'] },
  { label: 'Down / rappel', actions: ['down'] },
  { label: 'Anchor (hold)', actions: ['anchor'] },
];

// A pad seen from above: d-pad and stick left, face buttons right (bottom one = jump, left one =
// anchor, as on Xbox A/X and PlayStation ✕/□), triggers on top. Colours as screens.css.
const PAD_SVG = `
<svg class="pad-art" viewBox="0 0 260 150" role="img" aria-label="Gamepad layout" xmlns="http://www.w3.org/2000/svg">
  <rect class="trigger" x="180" y="6" width="44" height="18" rx="6" /><text x="202" y="19" class="pad-label">RT</text>
  <path class="body" d="M 40 34 Q 130 22 220 34 Q 256 40 254 92 Q 252 140 220 140 Q 196 140 180 112 L 80 112 Q 64 140 40 140 Q 8 140 6 92 Q 4 40 40 34 Z" />
  <g class="dpad" transform="translate(44 62)">
    <rect x="-7" y="-20" width="14" height="40" rx="3" /><rect x="-20" y="-7" width="40" height="14" rx="3" />
  </g>
  <circle class="stick" cx="92" cy="92" r="15" />
  <rect class="start" x="138" y="52" width="18" height="9" rx="4.5" /><text x="147" y="74" class="pad-label small">Start</text>
  <circle class="face" cx="210" cy="48" r="9" />
  <circle class="face anchor" cx="192" cy="66" r="9" /><text x="192" y="70" class="pad-label">X</text>
  <circle class="face" cx="228" cy="66" r="9" />
  <circle class="face jump" cx="210" cy="84" r="9" /><text x="210" y="88" class="pad-label">A</text>
</svg>`;

function keysOf(keys: KeyBindings, slot: number, actions: readonly PlayerAction[]): string[] {
  return actions.flatMap((a) => keys[slot]?.[a] ?? []).map(keyLabel);
}

export function createControlsScreen(parent: HTMLElement, opts: ControlsOptions): ControlsScreen {
  const describeBindings = opts.describeBindings ?? (() => DEFAULT_KEYS);
  let body: HTMLElement | null = null;
  let soloLine: HTMLElement | null = null;
  const screen = createMenuScreen(parent, {
    className: 'controls-screen',
    dialogLabel: 'Controls',
    body(panel) {
      el('h1', 'title', panel, 'Controls');
      const columns = el('div', 'controls-columns', panel);

      const table = el('table', 'key-table', columns);
      const head = el('tr', '', el('thead', '', table));
      el('th', '', head);
      el('th', 'p1', head, 'Player 1');
      el('th', 'p2', head, 'Player 2');
      body = el('tbody', '', table);

      const pad = el('div', 'pad', columns);
      el('h2', '', pad, 'Gamepad');
      el('div', 'pad-art-box', pad).innerHTML = PAD_SVG;
      const padList = el('ul', 'pad-list', pad);
      for (const [what, how] of [
        ['Move', 'left stick or d-pad'],
        ['Jump', 'A (bottom button)'],
        ['Anchor', 'RT or X (left button)'],
        ['Pause', 'Start'],
      ]) {
        const li = el('li', '', padList);
        el('span', 'what', li, what);
        el('span', 'how', li, how);
      }
      el('p', 'pad-join', pad, 'Press a button on a pad to join.');

      // Always listed (it is how one person plays); highlighted while solo is on.
      soloLine = el('p', 'solo-keys', panel);
      soloLine.innerHTML = `<strong>Solo</strong> (title: Play solo): either player's keys or the first pad move one ` +
        `character; <kbd>${keyLabel(SOLO_SWITCH_KEY)}</kbd> or a pad's <kbd>LB</kbd> / <kbd>RB</kbd> switches to the other. ` +
        'One left holding anchor keeps anchoring until you come back and let go.';

      el('p', 'keys', panel).innerHTML =
        '<kbd>Esc</kbd> / <kbd>P</kbd> pause · <kbd>R</kbd> restart · <kbd>F3</kbd> debug · <kbd>F8</kbd> record replay<br>' +
        'Menus: <kbd>↑</kbd><kbd>↓</kbd><kbd>←</kbd><kbd>→</kbd> or <kbd>W</kbd><kbd>A</kbd><kbd>S</kbd><kbd>D</kbd> move · ' +
        '<kbd>Enter</kbd> / <kbd>Space</kbd> select · <kbd>Esc</kbd> back';
    },
    items: [{ id: 'back', label: 'Back', key: 'Esc', onActivate: () => opts.onClose() }],
    menu: { label: 'Controls menu' },
    onBack: () => opts.onClose(),
    isPauseBack: true,
    sounds: opts.sounds,
  });

  const fill = (): void => {
    let keys: KeyBindings;
    try {
      keys = describeBindings();
    } catch {
      keys = DEFAULT_KEYS; // a broken settings store must not keep the screen from opening
    }
    let isSolo = false;
    try {
      isSolo = opts.isSolo?.() === true;
    } catch {
      isSolo = false;
    }
    soloLine?.classList.toggle('is-on', isSolo);
    body?.replaceChildren(...ROWS.map((row) => {
      const tr = document.createElement('tr');
      el('th', '', tr, row.label);
      for (let slot = 0; slot < 2; slot++) {
        const td = el('td', slot === 0 ? 'p1' : 'p2', tr);
        td.dataset.action = row.actions.join('+');
        keysOf(keys, slot, row.actions).forEach((label, i) => {
          if (i > 0) td.append(' ');
          el('kbd', '', td, label);
        });
      }
      return tr;
    }));
  };

  return {
    open() {
      fill();
      screen.show();
    },
    hide: screen.hide,
    get isVisible() {
      return screen.isVisible;
    },
    handleAction: screen.handleAction,
  };
}
