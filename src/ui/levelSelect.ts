// The level select (opened from the title's Play): the campaign's levels with their best times, locked ones greyed with a padlock,
// and the designers' "Unlock all levels" switch. Driven by menu actions (keyboard or gamepad) through
// `handleAction`, which the app calls for whichever device produced them, and by the mouse. It never starts a
// locked level. Rows are rebuilt only when the level list or progress changes. Levels are named by
// the key the app gives each row (two files with the same level id are two rows): the app owns
// the catalogue, this screen only shows rows.

import type { MenuAction } from '../input/menuAction';
import { balanceIsolates } from '../level/levelText';
import type { WorldNumber } from '../level/levelSchema';
import { WORLD_NAMES } from '../level/levelWorlds';
import './screens.css';
import { el, onPointerHover } from './dom';
import { createMenuCursor, type MenuSounds } from './menuCursor';

/** One level as the list shows it. */
export interface LevelRow {
  /** Names the row to the app (its catalogue key); unique in the list. */
  key: string;
  /** The level's id (shown to tests as data-level-id). */
  id: string;
  name: string;
  /** 1-based position in the campaign (what the player sees). */
  position: number;
  isUnlocked: boolean;
  isFinished: boolean;
  /** The best time as shown ('12.35 s'), or null when never finished. */
  best: string | null;
  /** The most gems collected in one clear, of the level's total; null (or absent) for a level without gems. */
  gems?: { most: number; total: number } | null;
  /** The level's world (1-3): a heading with the world's name goes above its first level. */
  world: number;
}

export interface LevelSelectHandlers {
  onStart(levelKey: string): void;
  onToggleUnlockAll(): void;
  /** "Edit a copy": opens a copy of the level in the level editor. */
  onEditCopy?(levelKey: string): void;
  /** Back: Esc, a pad's B, or the Back button (the app goes to the title). */
  onBack(): void;
  /** The highlighted level changed (the game previews it behind the menu). */
  onSelect?(levelKey: string): void;
  /** A line or two about the level, shown under the list while it is highlighted. */
  describe?(levelKey: string): string;
  sounds?: MenuSounds;
}

export interface LevelSelect {
  /** Shows the menu with these rows; `selectKey` moves the cursor to that level. */
  show(levels: readonly LevelRow[], unlockAll: boolean, opts?: { selectKey?: string | null; note?: string | null }): void;
  /** Replaces the rows (progress or the switch changed), keeping the cursor. */
  update(levels: readonly LevelRow[], unlockAll: boolean): void;
  /** A line about the saved progress (it cannot be saved, or was damaged and partly read); null hides it. */
  setStorageNote(note: string | null): void;
  hide(): void;
  readonly isVisible: boolean;
  /** Handles a menu action (up, down, confirm, back); true when this screen used it. */
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
  back.addEventListener('click', () => handlers.onBack());
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
  const unsaved = el('p', 'unsaved-note', panel);
  unsaved.setAttribute('role', 'status');
  unsaved.hidden = true;
  const keys = el('p', 'keys', panel);
  keys.innerHTML = '<kbd>↑</kbd><kbd>↓</kbd> or <kbd>W</kbd><kbd>S</kbd> choose · <kbd>Enter</kbd> play · <kbd>Esc</kbd> back';

  let rows: readonly LevelRow[] = [];
  let items: HTMLLIElement[] = [];
  let isUnlockAll = false;
  let shownKey = '';

  /** The status line: level text (a name, a description) in <bdi> elements, isolated from the words around it. */
  const statusParts = (): Array<string | HTMLElement> => {
    const row = rows[cursor.index];
    const bdi = (text: string) => { const b = document.createElement('bdi'); b.textContent = balanceIsolates(text); return b; };
    if (!row) return [isUnlockAll ? 'Every level is open.' : 'Opens every level, finished or not.'];
    if (row.isUnlocked) return [bdi(handlers.describe?.(row.key) || row.name)];
    const before = rows[cursor.index - 1];
    return before ? ['Locked: finish “', bdi(before.name), '” to open it.'] : ['Locked: finish the level before to open it.'];
  };

  const paintCursor = (): void => {
    items.forEach((item, i) => item.setAttribute('aria-selected', String(i === cursor.index)));
    unlock.classList.toggle('is-selected', cursor.index === rows.length);
    status.replaceChildren(...statusParts());
    status.classList.remove('nudge');
  };

  /** Fades the list's top or bottom edge while rows are scrolled out of view there: with 24 levels
   *  a window shows a third of them, and a list cut at a row's edge looks like the whole list. */
  const paintEdges = (): void => {
    list.classList.toggle('is-more-above', list.scrollTop > 1);
    list.classList.toggle('is-more-below', list.scrollTop + list.clientHeight < list.scrollHeight - 1);
  };
  list.addEventListener('scroll', paintEdges, { passive: true });

  /** Shows the cursor's row: in view, and previewed behind the menu. */
  const reveal = (): void => {
    const shown = items[cursor.index] ?? unlock;
    // A world's first level brings its heading into view too (the row itself wins if both do not fit).
    const above = shown.previousElementSibling;
    if (above?.classList.contains('world-heading')) above.scrollIntoView({ block: 'nearest' });
    // The row after it too, so a player walking down the list sees where it goes (the row wins).
    if (shown.parentElement === list) shown.nextElementSibling?.scrollIntoView({ block: 'nearest' });
    shown.scrollIntoView({ block: 'nearest' });
    // At either end of the list, all the way there: no sliver of margin left to fade.
    if (shown.parentElement === list && !shown.nextElementSibling) list.scrollTop = list.scrollHeight;
    if (cursor.index === 0) list.scrollTop = 0;
    paintEdges();
    const row = rows[cursor.index];
    if (row) handlers.onSelect?.(row.key);
  };

  /** 0..rows.length-1 a level, rows.length the unlock switch. */
  const cursor = createMenuCursor({
    count: () => rows.length + 1,
    onMove() {
      paintCursor();
      reveal();
    },
    sounds: handlers.sounds,
  });

  const build = (levels: readonly LevelRow[], unlockAll: boolean): void => {
    // Write the DOM only when something shown changed.
    const key = JSON.stringify([unlockAll, levels.map((r) => [r.key, r.name, r.isUnlocked, r.best, r.world, r.gems?.most, r.gems?.total])]);
    rows = levels;
    isUnlockAll = unlockAll;
    if (key === shownKey) return;
    shownKey = key;
    items = levels.map((row, i) => {
      const item = document.createElement('li');
      item.className = 'level';
      item.setAttribute('role', 'option');
      item.dataset.levelId = row.id;
      item.dataset.levelKey = row.key;
      item.classList.toggle('is-locked', !row.isUnlocked);
      item.classList.toggle('is-finished', row.isFinished);
      item.setAttribute('aria-disabled', String(!row.isUnlocked));
      el('span', 'num', item, String(row.position));
      el('bdi', 'name', item, balanceIsolates(row.name));
      const info = el('span', 'info', item);
      if (!row.isUnlocked) {
        el('span', 'lock', info);
        info.append('Locked');
      } else if (row.best !== null) {
        info.textContent = `Best ${row.best}`;
      } else {
        info.textContent = 'New';
      }
      if (row.isUnlocked && row.gems) {
        const gems = el('span', 'gems', item, `${row.gems.most}/${row.gems.total}`);
        gems.classList.toggle('is-all', row.gems.most === row.gems.total);
        gems.title = `Gems: the most collected in one clear, of ${row.gems.total}`;
      }
      if (row.isUnlocked && handlers.onEditCopy) {
        const edit = el('button', 'edit-copy', item, 'Edit a copy');
        edit.type = 'button';
        edit.title = 'Open a copy of this level in the level editor';
        edit.addEventListener('click', (e) => {
          e.stopPropagation(); // not a click on the row, which would start the level
          handlers.onEditCopy?.(row.key);
        });
      }
      onPointerHover(item, () => cursor.moveTo(i));
      item.addEventListener('click', () => {
        cursor.moveTo(i);
        activate();
      });
      return item;
    });
    // A world's name above its first level: a heading in the list, not an option the cursor visits.
    list.replaceChildren(...items.flatMap((item, i) => {
      const world = levels[i].world;
      if (i > 0 && levels[i - 1].world === world) return [item];
      const heading = document.createElement('li');
      heading.className = 'world-heading';
      heading.textContent = `World ${world} · ${WORLD_NAMES[world as WorldNumber] ?? ''}`;
      heading.setAttribute('role', 'presentation');
      return [heading, item];
    }));
    unlock.setAttribute('aria-checked', String(unlockAll));
    unlock.classList.toggle('is-on', unlockAll);
    if (cursor.index > rows.length) cursor.set(0);
    paintCursor();
  };

  const activate = (): void => {
    handlers.sounds?.onSelect?.();
    const row = rows[cursor.index];
    if (!row) {
      handlers.onToggleUnlockAll();
      return;
    }
    if (!row.isUnlocked) {
      // Restart the nudge animation: remove, force a style flush, add.
      status.classList.remove('nudge');
      void status.offsetWidth;
      status.classList.add('nudge');
      return;
    }
    handlers.onStart(row.key);
  };

  onPointerHover(unlock, () => cursor.moveTo(rows.length));
  unlock.addEventListener('click', () => {
    cursor.moveTo(rows.length);
    activate();
  });
  // Clicks must not move keyboard focus off the canvas (game keys ignore focused form fields).
  root.addEventListener('mousedown', (e) => e.preventDefault());

  return {
    show(levels, unlockAll, opts = {}) {
      build(levels, unlockAll);
      const i = opts.selectKey == null ? -1 : rows.findIndex((r) => r.key === opts.selectKey);
      cursor.set(i >= 0 ? i : Math.min(cursor.index, rows.length));
      paintCursor();
      note.hidden = !opts.note;
      note.textContent = opts.note ?? '';
      root.hidden = false;
      reveal();
    },
    update(levels, unlockAll) {
      build(levels, unlockAll);
      paintCursor();
    },
    setStorageNote(text) {
      unsaved.hidden = text === null;
      unsaved.textContent = text ?? '';
    },
    hide() {
      root.hidden = true;
    },
    get isVisible() {
      return !root.hidden;
    },
    handleAction(action) {
      if (root.hidden) return false;
      if (action === 'up') cursor.step(-1);
      else if (action === 'down') cursor.step(1);
      else if (action === 'confirm') activate();
      else if (action === 'back') {
        handlers.sounds?.onSelect?.();
        handlers.onBack();
      } else return false;
      return true;
    },
  };
}
