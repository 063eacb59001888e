// The pause menu over a frozen level: Resume, Back to checkpoint, Restart level, Settings, Controls,
// Quit to title.
// The app stops the sim while it is up; this file only shows the menu and reports the choice.
// Driven by menu actions through `handleAction` (keyboard or gamepad) and the mouse.

import { balanceIsolates } from '../level/levelText';
import { el } from './dom';
import type { MenuSounds } from './menuCursor';
import { createMenuScreen, type MenuScreen } from './menuScreen';

export interface PauseHandlers {
  onResume(): void;
  /** Back to the last checkpoint (or the start), as after a death but with none counted. */
  onBackToCheckpoint(): void;
  onRestart(): void;
  onSettings(): void;
  onControls(): void;
  onQuit(): void;
  /** Esc, P, a pad's B or Start (the app resumes). */
  onBack(): void;
  /** "Edit a copy in the level editor" (a level from the campaign, a file or a link). */
  onEditCopy?(): void;
  sounds?: MenuSounds;
}

export interface PauseMenu extends Omit<MenuScreen, 'root' | 'menu' | 'show'> {
  /** Shows the menu for the level `levelName`; the cursor starts on Resume unless `keepCursor`. */
  show(levelName: string, opts?: { keepCursor?: boolean }): void;
}

export function createPauseMenu(parent: HTMLElement, handlers: PauseHandlers): PauseMenu {
  let name: HTMLElement | null = null;
  const screen = createMenuScreen(parent, {
    className: 'pause-screen',
    dialogLabel: 'Paused',
    body(panel) {
      el('h1', 'title', panel, 'Paused');
      name = el('bdi', '', el('p', 'level-name', panel)); // isolated: level text
    },
    items: [
      { id: 'resume', label: 'Resume', onActivate: handlers.onResume },
      { id: 'checkpoint', label: 'Back to checkpoint', onActivate: handlers.onBackToCheckpoint },
      { id: 'restart', label: 'Restart level', onActivate: handlers.onRestart },
      { id: 'settings', label: 'Settings', onActivate: handlers.onSettings },
      { id: 'controls', label: 'Controls', onActivate: handlers.onControls },
      { id: 'quit', label: 'Quit to title', onActivate: handlers.onQuit },
    ],
    menu: { label: 'Pause menu' },
    hint: '<kbd>↑</kbd><kbd>↓</kbd> choose · <kbd>Enter</kbd> select · <kbd>Esc</kbd> / <kbd>P</kbd> resume',
    onBack: handlers.onBack,
    isPauseBack: true,
    sounds: handlers.sounds,
  });
  // Not a menu item (the keys' order stays the players'): a button under the menu for designers.
  if (handlers.onEditCopy) {
    const edit = el('button', 'edit-copy', screen.root.querySelector<HTMLElement>('.panel') ?? screen.root, 'Edit a copy in the level editor');
    edit.type = 'button';
    edit.addEventListener('click', () => handlers.onEditCopy?.());
  }
  return {
    show(levelName, opts = {}) {
      if (name) name.textContent = balanceIsolates(levelName);
      screen.show(opts.keepCursor ? undefined : 'resume');
    },
    hide: screen.hide,
    get isVisible() {
      return screen.isVisible;
    },
    handleAction: screen.handleAction,
  };
}
