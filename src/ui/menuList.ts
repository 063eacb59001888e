// A list of menu buttons with one cursor (menuCursor.ts), used by every menu screen (menuScreen.ts).
// The cursor moves with menu actions (keyboard or gamepad, through `handleAction`) and with the
// mouse; confirm or a click activates the item under it. The buttons never take DOM focus: the
// canvas keeps it, so Enter is never both a native button click and a confirm.

import type { MenuAction } from '../input/menuAction';
import { el, onPointerHover, scrollIntoPanel } from './dom';
import { createMenuCursor, markCursor, type MenuSounds } from './menuCursor';

export interface MenuItemDef {
  /** Stable name for tests and styling (`data-item`). */
  id: string;
  label: string;
  /** Shortcut key shown before the label, e.g. 'Enter'. */
  key?: string;
  onActivate(): void;
}

export interface MenuListOptions {
  /** The menu's accessible name. */
  label: string;
  /** A row (left/right move too) instead of a column. */
  isRow?: boolean;
  /** Text between items of a row, e.g. ' · '. */
  separator?: string;
  sounds?: MenuSounds;
}

export interface MenuList {
  readonly root: HTMLElement;
  /** Puts the cursor on the item `id` (no sound). */
  setCursor(id: string): void;
  /** Changes an item's label and tooltip. */
  setLabel(id: string, label: string, title?: string): void;
  /** Hides or shows an item; the cursor skips hidden items. */
  setHidden(id: string, isHidden: boolean): void;
  /** up/down (and left/right when `isRow`) move, confirm activates; true when the action was used. */
  handleAction(action: MenuAction): boolean;
}

export function createMenuList(parent: HTMLElement, items: readonly MenuItemDef[], opts: MenuListOptions): MenuList {
  const root = el('div', opts.isRow ? 'menu-list is-row' : 'menu-list', parent);
  root.setAttribute('role', 'menu');
  root.setAttribute('aria-label', opts.label);
  if (opts.isRow) root.setAttribute('aria-orientation', 'horizontal');

  /** Separator before each item (none before the first). */
  const separators: Array<HTMLElement | null> = [];
  const buttons = items.map((item, i) => {
    separators.push(i > 0 && opts.separator ? el('span', 'separator', root, opts.separator) : null);
    const b = el('button', 'menu-item', root);
    b.type = 'button';
    b.tabIndex = -1;
    b.setAttribute('role', 'menuitem');
    b.dataset.item = item.id;
    if (item.key) {
      el('kbd', '', b, item.key);
      b.append(': ');
    }
    el('span', 'label', b, item.label);
    onPointerHover(b, () => cursor.moveTo(i));
    b.addEventListener('click', () => {
      cursor.moveTo(i);
      activate();
    });
    return b;
  });

  const paint = (): void => {
    buttons.forEach((b, i) => markCursor(b, i === cursor.index));
    const b = buttons[cursor.index];
    if (b) scrollIntoPanel(b);
  };
  const cursor = createMenuCursor({
    count: () => buttons.length,
    onMove: paint,
    isChoosable: (i) => !buttons[i].hidden,
    sounds: opts.sounds,
  });

  function activate(): void {
    opts.sounds?.onSelect?.();
    items[cursor.index].onActivate();
  }

  const indexOf = (id: string): number => items.findIndex((item) => item.id === id);

  // Clicks must not move keyboard focus off the canvas.
  root.addEventListener('mousedown', (e) => e.preventDefault());
  paint();

  return {
    root,
    setCursor(id) {
      const i = indexOf(id);
      if (i < 0) return;
      cursor.set(i);
      paint();
    },
    setLabel(id, label, title) {
      const b = buttons[indexOf(id)];
      const span = b?.querySelector('.label');
      if (span) span.textContent = label;
      if (b && title !== undefined) b.title = title;
    },
    setHidden(id, isHidden) {
      const b = buttons[indexOf(id)];
      if (!b) return;
      b.hidden = isHidden;
      // A separator shows only between two shown items.
      let isAnyBefore = false;
      buttons.forEach((button, i) => {
        const sep = separators[i];
        if (sep) sep.hidden = button.hidden || !isAnyBefore;
        if (!button.hidden) isAnyBefore = true;
      });
    },
    handleAction(action) {
      const back = opts.isRow ? action === 'up' || action === 'left' : action === 'up';
      const fwd = opts.isRow ? action === 'down' || action === 'right' : action === 'down';
      if (back) cursor.step(-1);
      else if (fwd) cursor.step(1);
      else if (action === 'confirm') activate();
      else return false;
      return true;
    },
  };
}
