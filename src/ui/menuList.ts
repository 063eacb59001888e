// A list of menu buttons with one cursor, shared by the title, pause and complete screens. The
// cursor moves with menu actions (keyboard or gamepad, through `handleAction`) and with the mouse;
// confirm or a click activates the item under it. The buttons never take DOM focus: the canvas
// keeps it, so Enter is never both a native button click and a confirm.

import type { MenuAction } from '../input/menuAction';
import { el, onPointerHover } from './dom';

/** Optional hooks for menu sounds (the audio layer plugs in here); every screen takes one. */
export interface MenuSounds {
  /** The cursor moved to another item. */
  onMove?(): void;
  /** An item was activated. */
  onSelect?(): void;
}

export interface MenuItemDef {
  /** Stable name for tests and styling (`data-item`). */
  id: string;
  label: string;
  /** Shortcut key shown before the label, e.g. 'Enter'. */
  key?: string;
  onActivate(): void;
}

export interface MenuList {
  readonly root: HTMLElement;
  /** Puts the cursor on the item `id` (no sound). */
  setCursor(id: string): void;
  /** Changes an item's label (e.g. "next level" / "finish the campaign"). */
  setLabel(id: string, label: string): void;
  /** up/down (and left/right when `isRow`) move, confirm activates; true when the action was used. */
  handleAction(action: MenuAction): boolean;
}

export function createMenuList(
  parent: HTMLElement,
  items: readonly MenuItemDef[],
  opts: { label: string; isRow?: boolean; sounds?: MenuSounds; separator?: string } = { label: 'Menu' },
): MenuList {
  const root = el('div', opts.isRow ? 'menu-list is-row' : 'menu-list', parent);
  root.setAttribute('role', 'menu');
  root.setAttribute('aria-label', opts.label);
  if (opts.isRow) root.setAttribute('aria-orientation', 'horizontal');
  let cursor = 0;

  const buttons = items.map((item, i) => {
    if (i > 0 && opts.separator) root.append(opts.separator);
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
    onPointerHover(b, () => moveTo(i));
    b.addEventListener('click', () => {
      moveTo(i);
      activate();
    });
    return b;
  });

  const paint = (): void => {
    buttons.forEach((b, i) => {
      b.classList.toggle('is-cursor', i === cursor);
      if (i === cursor) b.setAttribute('aria-current', 'true');
      else b.removeAttribute('aria-current');
    });
  };

  function moveTo(i: number, withSound = true): void {
    const n = buttons.length;
    const next = ((i % n) + n) % n;
    if (next === cursor) return;
    cursor = next;
    paint();
    if (withSound) opts.sounds?.onMove?.();
  }

  function activate(): void {
    opts.sounds?.onSelect?.();
    items[cursor].onActivate();
  }

  // Clicks must not move keyboard focus off the canvas.
  root.addEventListener('mousedown', (e) => e.preventDefault());
  paint();

  return {
    root,
    setCursor(id) {
      const i = items.findIndex((item) => item.id === id);
      if (i >= 0) moveTo(i, false);
    },
    setLabel(id, label) {
      const i = items.findIndex((item) => item.id === id);
      const span = buttons[i]?.querySelector('.label');
      if (span) span.textContent = label;
    },
    handleAction(action) {
      const back = opts.isRow ? action === 'up' || action === 'left' : action === 'up';
      const fwd = opts.isRow ? action === 'down' || action === 'right' : action === 'down';
      if (back) moveTo(cursor - 1);
      else if (fwd) moveTo(cursor + 1);
      else if (action === 'confirm') activate();
      else return false;
      return true;
    },
  };
}
