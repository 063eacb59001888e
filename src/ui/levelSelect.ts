// The level select (opened from the title's Play): the campaign's levels with their best times, locked ones greyed with a padlock,
// and the designers' "Unlock all levels" switch. Driven by menu actions (keyboard or gamepad) through
// `handleAction`, which main.ts calls for whichever device produced them, and by the mouse. It never starts a
// locked level. Rows are rebuilt only when the level list or progress changes.

import type { CampaignLevel } from '../app/campaign';
import { formatTicks } from '../app/campaign';
import type { LevelEntry } from '../app/levelCatalog';
import type { MenuAction } from '../input/menuAction';
import './screens.css';
import { el, onPointerHover } from './dom';
import type { MenuSounds } from './menuList';

export interface LevelSelectHandlers {
  onStart(entry: LevelEntry): void;
  onToggleUnlockAll(isOn: boolean): void;
  /** The Back button (the mouse's way to the title; `back` actions are handled by main.ts). */
  onBack?(): void;
  /** The highlighted level changed (the game previews it behind the menu). */
  onSelect?(entry: LevelEntry): void;
  /** A line or two about the level, shown under the list while it is highlighted. */
  describe?(entry: LevelEntry): string;
  sounds?: MenuSounds;
}

export interface LevelSelect {
  /** Shows the menu with these rows; `selectId` moves the cursor to that level. */
  show(levels: readonly CampaignLevel[], unlockAll: boolean, opts?: { selectId?: string; note?: string | null }): void;
  /** Replaces the rows (progress or the switch changed), keeping the cursor. */
  update(levels: readonly CampaignLevel[], unlockAll: boolean): void;
  /** False shows a quiet line saying progress lasts only this session (storage blocked or full). */
  setIsSaved(isSaved: boolean): void;
  hide(): void;
  readonly isVisible: boolean;
  /** Handles a menu action (up, down, confirm); true when this screen used it. */
  handleAction(action: MenuAction): boolean;
}


export function createLevelSelect(parent: HTMLElement, handlers: LevelSelectHandlers): LevelSelect {
  const root = el('div', 'screen menu-screen', parent);
  root.hidden = true;
  const panel = el('div', 'panel', root);
  const header = el('div', 'menu-header', panel);
  const back = el('button', 'back-button', header, '‹ Back');
  back.type = 'button';
  back.tabIndex = -1;
  back.setAttribute('aria-label', 'Back to the title');
  back.addEventListener('click', () => handlers.onBack?.());
  el('h1', 'title', header, 'Choose a level');
  const note = el('p', 'campaign-note', panel);
  note.setAttribute('role', 'status');
  note.hidden = true;
  const list = el('ul', 'level-list', panel);
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Levels');
  const unlock = el('div', 'unlock-all', panel);
  unlock.setAttribute('role', 'switch');
  el('span', 'switch', unlock);
  el('span', 'label', unlock, 'Unlock all levels');
  el('span', 'hint', unlock, 'for level designers');
  const status = el('p', 'menu-status', panel);
  const unsaved = el('p', 'unsaved-note', panel, 'This browser does not let the game save: progress lasts until the tab is closed.');
  unsaved.hidden = true;
  const keys = el('p', 'keys', panel);
  keys.innerHTML = '<kbd>↑</kbd><kbd>↓</kbd> or <kbd>W</kbd><kbd>S</kbd> choose · <kbd>Enter</kbd> play · <kbd>Esc</kbd> back';

  let rows: readonly CampaignLevel[] = [];
  let items: HTMLLIElement[] = [];
  let isUnlockAll = false;
  /** 0..rows.length-1 a level, rows.length the unlock switch. */
  let cursor = 0;
  let shownKey = '';

  const statusText = (): string => {
    const row = rows[cursor];
    if (!row) return isUnlockAll ? 'Every level is open.' : 'Opens every level, finished or not.';
    if (row.isUnlocked) return handlers.describe?.(row.entry) || row.entry.name;
    const before = rows[cursor - 1];
    return `Locked: finish ${before ? `“${before.entry.name}”` : 'the level before'} to open it.`;
  };

  const paintCursor = (): void => {
    items.forEach((item, i) => item.setAttribute('aria-selected', String(i === cursor)));
    unlock.classList.toggle('is-selected', cursor === rows.length);
    status.textContent = statusText();
    status.classList.remove('nudge');
  };

  const moveTo = (i: number): void => {
    const n = rows.length + 1;
    const next = ((i % n) + n) % n;
    if (next === cursor) return;
    cursor = next;
    paintCursor();
    (items[cursor] ?? unlock).scrollIntoView({ block: 'nearest' });
    handlers.sounds?.onMove?.();
    const row = rows[cursor];
    if (row) handlers.onSelect?.(row.entry);
  };

  const build = (levels: readonly CampaignLevel[], unlockAll: boolean): void => {
    // Write the DOM only when something shown changed.
    const key = JSON.stringify([unlockAll, levels.map((r) => [r.entry.id, r.entry.name, r.isUnlocked, r.bestTicks])]);
    rows = levels;
    isUnlockAll = unlockAll;
    if (key === shownKey) return;
    shownKey = key;
    items = levels.map((row, i) => {
      const item = document.createElement('li');
      item.className = 'level';
      item.setAttribute('role', 'option');
      item.dataset.levelId = row.entry.id;
      item.classList.toggle('is-locked', !row.isUnlocked);
      item.classList.toggle('is-finished', row.isFinished);
      item.setAttribute('aria-disabled', String(!row.isUnlocked));
      el('span', 'num', item, String(row.position));
      el('span', 'name', item, row.entry.name);
      const info = el('span', 'info', item);
      if (!row.isUnlocked) {
        el('span', 'lock', info);
        info.append('Locked');
      } else if (row.bestTicks !== null) {
        info.textContent = `Best ${formatTicks(row.bestTicks)}`;
      } else {
        info.textContent = 'New';
      }
      onPointerHover(item, () => moveTo(i));
      item.addEventListener('click', () => {
        moveTo(i);
        activate();
      });
      return item;
    });
    list.replaceChildren(...items);
    unlock.setAttribute('aria-checked', String(unlockAll));
    unlock.classList.toggle('is-on', unlockAll);
    if (cursor > rows.length) cursor = 0;
    paintCursor();
  };

  const activate = (): void => {
    handlers.sounds?.onSelect?.();
    const row = rows[cursor];
    if (!row) {
      handlers.onToggleUnlockAll(!isUnlockAll);
      return;
    }
    if (!row.isUnlocked) {
      // Restart the nudge animation: remove, force a style flush, add.
      status.classList.remove('nudge');
      void status.offsetWidth;
      status.classList.add('nudge');
      return;
    }
    handlers.onStart(row.entry);
  };

  onPointerHover(unlock, () => moveTo(rows.length));
  unlock.addEventListener('click', () => {
    moveTo(rows.length);
    activate();
  });
  // Clicks must not move keyboard focus off the canvas (game keys ignore focused form fields).
  root.addEventListener('mousedown', (e) => e.preventDefault());

  return {
    show(levels, unlockAll, opts = {}) {
      build(levels, unlockAll);
      const i = opts.selectId === undefined ? -1 : rows.findIndex((r) => r.entry.id === opts.selectId);
      cursor = i >= 0 ? i : Math.min(cursor, rows.length);
      paintCursor();
      note.hidden = !opts.note;
      note.textContent = opts.note ?? '';
      root.hidden = false;
      (items[cursor] ?? unlock).scrollIntoView({ block: 'nearest' });
      const row = rows[cursor];
      if (row) handlers.onSelect?.(row.entry);
    },
    update(levels, unlockAll) {
      build(levels, unlockAll);
      paintCursor();
    },
    setIsSaved(isSaved) {
      unsaved.hidden = isSaved;
    },
    hide() {
      root.hidden = true;
    },
    get isVisible() {
      return !root.hidden;
    },
    handleAction(action) {
      if (root.hidden) return false;
      if (action === 'up') moveTo(cursor - 1);
      else if (action === 'down') moveTo(cursor + 1);
      else if (action === 'confirm') activate();
      else if (action === 'back' && handlers.onBack) {
        handlers.sounds?.onSelect?.();
        handlers.onBack();
      } else return false;
      return true;
    },
  };
}
