// The "Reconnect controller" message: shown while a player's gamepad was unplugged during play (the
// sim does not tick meanwhile). Any pad pressing a button takes the player back (src/input/gamepad.ts);
// Esc / B, or the button here, gives the player to the keyboard. Main.ts decides when it shows.

import './screens.css';
import './reconnect.css';
import { el } from './dom';

export interface ReconnectOverlay {
  /** Shows the message for player slot `slot` (0-based), or hides it for null. Writes the DOM only on change. */
  update(slot: number | null): void;
  readonly isVisible: boolean;
}

export function createReconnectOverlay(parent: HTMLElement, handlers: { onUseKeyboard(): void }): ReconnectOverlay {
  const root = el('div', 'screen reconnect-screen', parent);
  root.hidden = true;
  root.setAttribute('role', 'alertdialog');
  root.setAttribute('aria-live', 'assertive');
  const panel = el('div', 'panel', root);
  const title = el('h1', 'title', panel);
  el('p', 'reconnect-why', panel, 'A controller was disconnected. The game is paused.');
  const how = el('p', 'reconnect-how', panel);
  const keys = el('p', 'keys', panel);
  el('kbd', '', keys, 'Esc');
  keys.append(' / ');
  el('kbd', '', keys, 'B');
  keys.append(' ');
  const useKeyboard = el('button', 'reconnect-keyboard', keys);
  useKeyboard.type = 'button';
  useKeyboard.addEventListener('click', () => handlers.onUseKeyboard());
  let shown: number | null = null;

  return {
    update(slot): void {
      if (slot === shown) return;
      shown = slot;
      root.hidden = slot === null;
      if (slot === null) return;
      const player = `Player ${slot + 1}`;
      title.textContent = `Reconnect controller (${player})`;
      title.className = `title p${slot + 1}`;
      how.textContent = `Press any button on a controller to play ${player} with it.`;
      useKeyboard.textContent = `play ${player} on the keyboard`;
    },
    get isVisible(): boolean {
      return !root.hidden;
    },
  };
}
