// The settings screen: volumes, mute, reduced motion, fullscreen, the two assists, both players'
// keys, over the title or the pause menu. Every row works with menu actions alone (keyboard or pad:
// up/down move, left/right change, confirm activates, back closes) and with the mouse. Every change
// goes straight to the settings store, which saves it; closing only reports `onClose` to the app.

import {
  PLAYER_ACTIONS, findConflicts, keyLabel, rebindKey, type KeyBindings, type PlayerAction,
} from '../input/keyboard';
import type { MenuAction } from '../input/menuAction';
import './screens.css';
import './settings.css';
import { el, onPointerHover } from './dom';
import { isFullscreen, toggleFullscreen } from './fullscreen';
import { createMenuCursor, markCursor, type MenuSounds } from './menuCursor';

/** The settings this screen shows and changes (app/settings.ts's Settings; ui does not import app). */
export interface EditableSettings {
  musicVolume: number;
  effectsVolume: number;
  isMuted: boolean;
  isReducedMotion: boolean;
  keys: KeyBindings;
  gameSpeed: number;
  isInvincible: boolean;
}

/** The store the screen edits (app/settings.ts's SettingsStore): it checks, saves and announces changes. */
export interface EditableSettingsStore {
  readonly settings: Readonly<EditableSettings>;
  readonly isPersistent: boolean;
  /** Why they are not saved, or that the stored record was damaged (app/settings.ts's note); null when all is well. */
  readonly storageNote?: string | null;
  /** Changes some fields; the store checks them (clamps, snaps the game speed to its steps). */
  update(patch: Partial<EditableSettings>): void;
  reset(part: 'keys'): void;
  subscribe(listener: () => void): () => void;
}

export interface SettingsScreenOptions {
  /** The game speed assist's range: slowest speed and step, fractions of normal speed. */
  gameSpeed: { min: number; step: number };
  /** The player closed the screen (back, P, or the Back row). */
  onClose(): void;
  /** What Fullscreen puts in fullscreen (default: the document's root element). */
  fullscreenTarget?: HTMLElement;
  sounds?: MenuSounds;
}

export interface SettingsScreen {
  /** Shows the screen, cursor on the first row. */
  open(): void;
  /** Closes it without reporting onClose (the app shows another screen). */
  hide(): void;
  readonly isVisible: boolean;
  /** up/down move, left/right change, confirm activates, back closes; true when used. */
  handleAction(action: MenuAction): boolean;
}

const ACTION_NAMES: Readonly<Record<PlayerAction, string>> = {
  left: 'Left', right: 'Right', jump: 'Jump', down: 'Down', anchor: 'Anchor',
};
/** Volume change per left/right, fraction. */
const VOLUME_STEP = 0.1;

type Row =
  | { kind: 'slider'; id: string; label: string; get(s: EditableSettings): number; set(x: number): void; step: number; min: number; format(x: number): string }
  | { kind: 'toggle'; id: string; label: string; get(s: EditableSettings): boolean; set(on: boolean): void }
  | { kind: 'button'; id: string; label: string; activate(): void }
  | { kind: 'keys'; id: string; action: PlayerAction };

export function createSettingsScreen(parent: HTMLElement, store: EditableSettingsStore, opts: SettingsScreenOptions): SettingsScreen {
  const doc = parent.ownerDocument;
  const win = doc.defaultView ?? window;
  const fullscreenTarget = opts.fullscreenTarget ?? doc.documentElement;

  const root = el('div', 'screen settings-screen', parent);
  root.hidden = true;
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-label', 'Settings');
  const panel = el('div', 'panel', root);
  el('h1', 'title', panel, 'Settings');
  const columns = el('div', 'settings-columns', panel);
  const left = el('div', 'settings-column', columns);
  const right = el('div', 'settings-column', columns);
  const footer = el('div', 'settings-footer', panel);
  const notice = el('p', 'settings-notice', panel);
  notice.setAttribute('role', 'status');
  const unsaved = el('p', 'unsaved-note', panel);
  unsaved.setAttribute('role', 'status');
  unsaved.hidden = true;
  const hint = el('p', 'keys', panel);
  hint.innerHTML = '<kbd>↑</kbd><kbd>↓</kbd> choose · <kbd>←</kbd><kbd>→</kbd> change · <kbd>Enter</kbd> select · <kbd>Esc</kbd> back';

  const update = (patch: Partial<EditableSettings>): void => store.update(patch);
  const pct = (x: number): string => `${Math.round(x * 100)} %`;

  const rows: Row[] = [
    { kind: 'slider', id: 'music', label: 'Music volume', get: (s) => s.musicVolume, set: (x) => update({ musicVolume: x }), step: VOLUME_STEP, min: 0, format: pct },
    { kind: 'slider', id: 'effects', label: 'Effects volume', get: (s) => s.effectsVolume, set: (x) => update({ effectsVolume: x }), step: VOLUME_STEP, min: 0, format: pct },
    { kind: 'toggle', id: 'mute', label: 'Mute (M)', get: (s) => s.isMuted, set: (on) => update({ isMuted: on }) },
    { kind: 'toggle', id: 'reduced-motion', label: 'Reduced motion', get: (s) => s.isReducedMotion, set: (on) => update({ isReducedMotion: on }) },
    { kind: 'button', id: 'fullscreen', label: 'Fullscreen (Alt+Enter)', activate: () => void goFullscreen() },
    { kind: 'slider', id: 'game-speed', label: 'Game speed', get: (s) => s.gameSpeed, set: (x) => update({ gameSpeed: x }), step: opts.gameSpeed.step, min: opts.gameSpeed.min, format: pct },
    { kind: 'toggle', id: 'invincible', label: 'Invincibility', get: (s) => s.isInvincible, set: (on) => update({ isInvincible: on }) },
    ...PLAYER_ACTIONS.map((action): Row => ({ kind: 'keys', id: `keys-${action}`, action })),
    { kind: 'button', id: 'reset-keys', label: 'Reset keys', activate: () => { store.reset('keys'); say('Both players have the default keys again.'); } },
    { kind: 'button', id: 'back', label: 'Back', activate: () => opts.onClose() },
  ];
  /** Which player's key the cursor is on in a key row (left/right switch it). */
  let keySlot = 0;
  /** The key cell waiting for a key press, or null. */
  let waiting: { slot: number; action: PlayerAction } | null = null;
  const cursor = createMenuCursor({
    count: () => rows.length,
    onMove(i) {
      paint();
      elements[i].scrollIntoView?.({ block: 'nearest' });
    },
    sounds: opts.sounds,
  });

  // ---- Building the rows ----

  const elements: HTMLElement[] = [];
  const valueOf = new Map<string, HTMLElement>();
  const fillOf = new Map<string, HTMLElement>();
  const keyCells = new Map<string, HTMLElement>(); // `${slot}-${action}`

  const section = (column: HTMLElement, title: string, note?: string): HTMLElement => {
    const box = el('section', 'settings-section', column);
    const h = el('h2', 'settings-heading', box, title);
    if (note) el('span', 'settings-heading-note', h, note);
    return box;
  };
  const sound = section(left, 'Sound and display');
  const assists = section(left, 'Assists', 'make the game easier');
  assists.classList.add('is-assists');
  const keys = section(right, 'Keys');
  const keyHead = el('div', 'settings-keys-head', keys);
  el('span', '', keyHead);
  el('span', 'p1', keyHead, 'P1');
  el('span', 'p2', keyHead, 'P2');
  const keyList = el('div', 'settings-key-list', keys);
  const conflicts = el('p', 'settings-conflicts', keys);
  conflicts.setAttribute('role', 'alert');

  rows.forEach((row, i) => {
    const home = row.kind === 'keys' ? keyList : row.id === 'reset-keys' ? keys
      : row.id === 'game-speed' || row.id === 'invincible' ? assists
        : row.id === 'back' ? footer : sound;
    const item = el('div', `settings-row is-${row.kind}`, home);
    item.dataset.row = row.id;
    item.setAttribute('role', row.kind === 'toggle' ? 'switch' : row.kind === 'slider' ? 'slider' : 'button');
    onPointerHover(item, () => cursor.moveTo(i)); // a real move, not a menu appearing under a still mouse
    elements.push(item);
    if (row.kind === 'keys') {
      el('span', 'label', item, ACTION_NAMES[row.action]);
      for (let slot = 0; slot < 2; slot++) {
        const cell = el('span', `key-cell p${slot + 1}`, item);
        cell.dataset.slot = String(slot);
        onPointerHover(cell, () => { keySlot = slot; paint(); });
        cell.addEventListener('click', () => { cursor.moveTo(i); keySlot = slot; startWaiting(); });
        keyCells.set(`${slot}-${row.action}`, cell);
      }
      return;
    }
    el('span', 'label', item, row.label);
    if (row.kind === 'slider') {
      const less = el('button', 'step', item, '‹');
      const bar = el('span', 'bar', item);
      const fill = el('span', 'fill', bar);
      const more = el('button', 'step', item, '›');
      for (const b of [less, more]) { b.type = 'button'; b.tabIndex = -1; }
      less.setAttribute('aria-label', `${row.label} down`);
      more.setAttribute('aria-label', `${row.label} up`);
      less.addEventListener('click', () => { cursor.moveTo(i); change(-1); });
      more.addEventListener('click', () => { cursor.moveTo(i); change(1); });
      // A click on the bar sets the value where it lands, in whole steps.
      bar.addEventListener('click', (e) => {
        cursor.moveTo(i);
        const box = bar.getBoundingClientRect();
        const t = box.width > 0 ? Math.min(1, Math.max(0, (e.clientX - box.left) / box.width)) : 0;
        row.set(Math.round((row.min + t * (1 - row.min)) / row.step) * row.step);
      });
      fillOf.set(row.id, fill);
      valueOf.set(row.id, el('span', 'value', item));
    } else if (row.kind === 'toggle') {
      el('span', 'switch', item);
      valueOf.set(row.id, el('span', 'value', item));
      item.addEventListener('click', () => { cursor.moveTo(i); activate(); });
    } else {
      item.addEventListener('click', () => { cursor.moveTo(i); activate(); });
    }
  });
  // Clicks must not move keyboard focus off the canvas (the game's keys listen on the window).
  root.addEventListener('mousedown', (e) => e.preventDefault());

  // ---- Painting ----

  const say = (text: string, isWarning = false): void => {
    notice.textContent = text;
    notice.classList.toggle('is-warning', isWarning);
  };

  function paint(): void {
    const s = store.settings;
    rows.forEach((row, i) => {
      const item = elements[i];
      markCursor(item, i === cursor.index);
      if (row.kind === 'slider') {
        const x = row.get(s);
        valueOf.get(row.id)!.textContent = row.format(x);
        fillOf.get(row.id)!.style.width = `${((x - row.min) / (1 - row.min)) * 100}%`;
        item.setAttribute('aria-valuenow', String(Math.round(x * 100)));
      } else if (row.kind === 'toggle') {
        const on = row.get(s);
        item.classList.toggle('is-on', on);
        item.setAttribute('aria-checked', String(on));
        valueOf.get(row.id)!.textContent = on ? 'On' : 'Off';
      } else if (row.id === 'fullscreen') {
        item.querySelector('.label')!.textContent = isFullscreen(doc) ? 'Leave fullscreen (Alt+Enter)' : 'Fullscreen (Alt+Enter)';
      }
    });
    // Key cells: the keys, the one under the cursor, the one waiting, and conflicts.
    const clashing = new Set<string>();
    const found = findConflicts(s.keys);
    for (const c of found) {
      clashing.add(`${c.a.slot}-${c.a.action}`);
      clashing.add(`${c.b.slot}-${c.b.action}`);
    }
    for (const [id, cell] of keyCells) {
      const [slotText, action] = id.split('-') as [string, PlayerAction];
      const slot = Number(slotText);
      const isWaiting = waiting?.slot === slot && waiting.action === action;
      cell.textContent = isWaiting ? 'press a key…' : s.keys[slot][action].map(keyLabel).join(' or ');
      cell.classList.toggle('is-waiting', isWaiting);
      cell.classList.toggle('has-conflict', clashing.has(id));
      const row = rows[cursor.index];
      cell.classList.toggle('is-cursor', row.kind === 'keys' && row.action === action && keySlot === slot);
    }
    conflicts.hidden = found.length === 0;
    conflicts.textContent = found.map((c) =>
      `⚠ ${keyLabel(c.code)} is both P${c.a.slot + 1} ${ACTION_NAMES[c.a.action]} and P${c.b.slot + 1} ${ACTION_NAMES[c.b.action]}`).join(' · ');
    const note = store.storageNote !== undefined
      ? store.storageNote
      : store.isPersistent ? null : 'This browser does not let the game save: settings last until the tab is closed.';
    unsaved.hidden = note === null;
    if (unsaved.textContent !== (note ?? '')) unsaved.textContent = note ?? '';
  }

  // ---- Acting ----

  /** left (-1) / right (+1) on the cursor's row; false when the row has nothing to change. */
  function change(dir: -1 | 1): boolean {
    const row = rows[cursor.index];
    const s = store.settings;
    if (row.kind === 'slider') {
      const x = Math.min(1, Math.max(row.min, Math.round((row.get(s) + dir * row.step) / row.step) * row.step));
      row.set(Math.round(x * 100) / 100);
    } else if (row.kind === 'toggle') {
      row.set(dir > 0);
    } else if (row.kind === 'keys') {
      keySlot = dir > 0 ? 1 : 0;
      paint();
    } else return false;
    opts.sounds?.onMove?.();
    return true;
  }

  function activate(): void {
    const row = rows[cursor.index];
    opts.sounds?.onSelect?.();
    if (row.kind === 'toggle') row.set(!row.get(store.settings));
    else if (row.kind === 'slider') change(row.get(store.settings) >= 1 ? -1 : 1);
    else if (row.kind === 'button') row.activate();
    else startWaiting();
  }

  async function goFullscreen(): Promise<void> {
    const message = await toggleFullscreen(fullscreenTarget, doc);
    if (message) say(message, true);
    paint();
  }

  // ---- Waiting for a key ----

  // Capture phase on the window: runs before the game's own key listeners, and stops them, so the
  // key pressed to bind is not also a jump, a pause or a menu move.
  const onCaptureKey = (e: KeyboardEvent): void => {
    if (!waiting) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (e.repeat) return;
    if (e.code === 'Escape') {
      stopWaiting();
      say('Nothing changed.');
      return;
    }
    const { slot, action } = waiting;
    const result = rebindKey(store.settings.keys, slot, action, e.code);
    if (!result.ok) {
      say(`${result.reason}: press another key (Esc cancels).`, true);
      return;
    }
    stopWaiting();
    store.update({ keys: result.keys });
    const moved = result.movedFrom;
    if (moved) {
      say(`${keyLabel(e.code)} was P${moved.slot + 1} ${ACTION_NAMES[moved.action]}'s key: P${moved.slot + 1} ${ACTION_NAMES[moved.action]} now uses ${moved.keys.map(keyLabel).join(' or ')}.`, true);
    } else {
      say(`P${slot + 1} ${ACTION_NAMES[action]}: ${keyLabel(e.code)}.`);
    }
  };
  // Keys released after binding must not reach the game either (a stray keyup is harmless, but
  // the game also reads keyup for held buttons).
  const onCaptureKeyUp = (e: KeyboardEvent): void => {
    if (waiting) e.stopImmediatePropagation();
  };

  function startWaiting(): void {
    const row = rows[cursor.index];
    if (row.kind !== 'keys') return;
    waiting = { slot: keySlot, action: row.action };
    say(`Press a key for P${keySlot + 1} ${ACTION_NAMES[row.action]} (Esc cancels).`);
    win.addEventListener('keydown', onCaptureKey, true);
    win.addEventListener('keyup', onCaptureKeyUp, true);
    paint();
  }

  function stopWaiting(): void {
    waiting = null;
    win.removeEventListener('keydown', onCaptureKey, true);
    win.removeEventListener('keyup', onCaptureKeyUp, true);
    paint();
  }

  // ---- Open and close ----

  const unsubscribe = { fn: null as (() => void) | null };
  const onFullscreenChange = (): void => paint();

  function hide(): void {
    if (root.hidden) return;
    if (waiting) stopWaiting();
    root.hidden = true;
    unsubscribe.fn?.();
    unsubscribe.fn = null;
    doc.removeEventListener('fullscreenchange', onFullscreenChange);
  }

  return {
    open() {
      cursor.set(0);
      keySlot = 0;
      say('');
      unsubscribe.fn?.();
      unsubscribe.fn = store.subscribe(() => paint());
      doc.addEventListener('fullscreenchange', onFullscreenChange);
      root.hidden = false;
      paint();
    },
    hide,
    get isVisible() {
      return !root.hidden;
    },
    handleAction(action) {
      if (root.hidden) return false;
      if (waiting) {
        // A pad cannot press keyboard keys: its back cancels, everything else waits.
        if (action === 'back' || action === 'pause') {
          stopWaiting();
          say('Nothing changed.');
        }
        return true;
      }
      switch (action) {
        case 'up': cursor.step(-1); return true;
        case 'down': cursor.step(1); return true;
        case 'left': return change(-1);
        case 'right': return change(1);
        case 'confirm': activate(); return true;
        case 'back':
        case 'pause':
          opts.sounds?.onSelect?.();
          opts.onClose();
          return true;
      }
    },
  };
}
