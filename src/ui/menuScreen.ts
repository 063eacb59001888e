// A full-screen menu over the canvas (the title, pause, complete and controls screens): the screen's
// box and panel, what the screen shows above its menu, one menu list with a cursor, and a key hint,
// shown and hidden as one. Back (Esc, a pad's B; also P / Start where `isPauseBack`) goes to
// `onBack`, which reports it to the app; the app decides what back means on each screen.

import type { MenuAction } from '../input/menuAction';
import './screens.css';
import { el, scrollIntoPanel } from './dom';
import type { MenuSounds } from './menuCursor';
import { createMenuList, type MenuItemDef, type MenuList, type MenuListOptions } from './menuList';

export interface MenuScreenOptions {
  /** The screen's class, which screens.css styles it by ('pause-screen'). */
  className: string;
  /** The dialog's accessible name; none for the title, which is the page itself, not a dialog. */
  dialogLabel?: string;
  /** Fills the panel above the menu; returns the element the menu goes in (default: the panel). */
  body?(panel: HTMLElement): HTMLElement | void;
  items: readonly MenuItemDef[];
  menu: Omit<MenuListOptions, 'sounds'>;
  /** The key hint under the menu: fixed HTML with <kbd> keys, never level content. */
  hint?: string;
  /** Back was pressed. Without it the screen leaves back unused. */
  onBack?(): void;
  /** P (a pad's Start) is back too: the pause menu and the screens over it. */
  isPauseBack?: boolean;
  sounds?: MenuSounds;
}

export interface MenuScreen {
  readonly root: HTMLElement;
  readonly menu: MenuList;
  /** Shows the screen; `cursorId` first puts the cursor on that item. */
  show(cursorId?: string): void;
  hide(): void;
  readonly isVisible: boolean;
  /** Moves the cursor, activates, or goes back; true when this screen used the action. */
  handleAction(action: MenuAction): boolean;
}

export function createMenuScreen(parent: HTMLElement, opts: MenuScreenOptions): MenuScreen {
  const root = el('div', `screen ${opts.className}`, parent);
  root.hidden = true;
  if (opts.dialogLabel) {
    root.setAttribute('role', 'dialog');
    root.setAttribute('aria-label', opts.dialogLabel);
  }
  const panel = el('div', 'panel', root);
  const menuParent = opts.body?.(panel) ?? panel;
  const menu = createMenuList(menuParent, opts.items, { ...opts.menu, sounds: opts.sounds });
  if (opts.hint) el('p', 'keys', panel).innerHTML = opts.hint;

  return {
    root,
    menu,
    show(cursorId) {
      if (cursorId) menu.setCursor(cursorId);
      root.hidden = false;
      // A tiny window scrolls the panel: the cursor's item must be in view (it has a size only now).
      const current = panel.querySelector<HTMLElement>('.is-cursor');
      if (current) scrollIntoPanel(current);
    },
    hide() {
      root.hidden = true;
    },
    get isVisible() {
      return !root.hidden;
    },
    handleAction(action) {
      if (root.hidden) return false;
      const isBack = action === 'back' || (action === 'pause' && opts.isPauseBack === true);
      if (isBack && opts.onBack) {
        opts.sounds?.onSelect?.();
        opts.onBack();
        return true;
      }
      return menu.handleAction(action);
    },
  };
}
