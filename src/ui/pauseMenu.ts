// The pause menu over a frozen level: Resume, Restart level, Settings, Controls, Quit to title.
// main.ts stops the sim while it is up; this file only shows the menu and reports the choice.
// Driven by menu actions through `handleAction` (keyboard or gamepad) and the mouse.

import type { MenuAction } from '../input/menuAction';
import './screens.css';
import { el } from './dom';
import { createMenuList, type MenuSounds } from './menuList';

export interface PauseHandlers {
  onResume(): void;
  onRestart(): void;
  onSettings(): void;
  onControls(): void;
  onQuit(): void;
  sounds?: MenuSounds;
}

export interface PauseMenu {
  /** Shows the menu for the level `levelName`; the cursor starts on Resume unless `keepCursor`. */
  show(levelName: string, opts?: { keepCursor?: boolean }): void;
  hide(): void;
  readonly isVisible: boolean;
  /** up/down move, confirm activates, back and pause resume; true when this screen used the action. */
  handleAction(action: MenuAction): boolean;
}

export function createPauseMenu(parent: HTMLElement, handlers: PauseHandlers): PauseMenu {
  const root = el('div', 'screen pause-screen', parent);
  root.hidden = true;
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-label', 'Paused');
  const panel = el('div', 'panel', root);
  el('h1', 'title', panel, 'Paused');
  const name = el('p', 'level-name', panel);
  const menu = createMenuList(panel, [
    { id: 'resume', label: 'Resume', onActivate: handlers.onResume },
    { id: 'restart', label: 'Restart level', onActivate: handlers.onRestart },
    { id: 'settings', label: 'Settings', onActivate: handlers.onSettings },
    { id: 'controls', label: 'Controls', onActivate: handlers.onControls },
    { id: 'quit', label: 'Quit to title', onActivate: handlers.onQuit },
  ], { label: 'Pause menu', sounds: handlers.sounds });
  const keys = el('p', 'keys', panel);
  keys.innerHTML = '<kbd>↑</kbd><kbd>↓</kbd> choose · <kbd>Enter</kbd> select · <kbd>Esc</kbd> / <kbd>P</kbd> resume';

  return {
    show(levelName, opts = {}) {
      name.textContent = levelName;
      if (!opts.keepCursor) menu.setCursor('resume');
      root.hidden = false;
    },
    hide() {
      root.hidden = true;
    },
    get isVisible() {
      return !root.hidden;
    },
    handleAction(action) {
      if (root.hidden) return false;
      if (action === 'back' || action === 'pause') {
        handlers.sounds?.onSelect?.();
        handlers.onResume();
        return true;
      }
      return menu.handleAction(action);
    },
  };
}
