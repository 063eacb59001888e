// Two players on one keyboard, by physical key (`KeyboardEvent.code`, so layouts like AZERTY keep
// the same hand positions). Produces one held-button mask per player per sample (one sample per sim
// tick); a tap that starts and ends between two samples is latched so the sim still sees it for one tick.
// The key table comes from the settings (setBindings); the UI keys below can never be player keys.

import { PLAYER_COUNT, Button } from '../sim';
import { SOLO_SWITCH_KEY } from './soloControl';

/** A player's buttons, in the order the settings screen lists them. */
export const PLAYER_ACTIONS = ['left', 'right', 'jump', 'down', 'anchor'] as const;
export type PlayerAction = (typeof PLAYER_ACTIONS)[number];

/** The button bit each action holds. */
export const ACTION_BUTTON: Readonly<Record<PlayerAction, number>> = {
  left: Button.Left, right: Button.Right, jump: Button.Jump, down: Button.Down, anchor: Button.Anchor,
};

/** One player's keys: every action has one or two `KeyboardEvent.code` values. */
export type PlayerKeys = Readonly<Record<PlayerAction, readonly string[]>>;
/** Both players' keys, P1 first. */
export type KeyBindings = readonly [PlayerKeys, PlayerKeys];

/** Most keys one action can have. */
export const MAX_KEYS_PER_ACTION = 2;

/** The keys a fresh install has (two keys share P2's anchor). */
export const DEFAULT_KEYS: KeyBindings = Object.freeze([
  Object.freeze({ left: ['KeyA'], right: ['KeyD'], jump: ['KeyW'], down: ['KeyS'], anchor: ['KeyF'] }),
  Object.freeze({ left: ['ArrowLeft'], right: ['ArrowRight'], jump: ['ArrowUp'], down: ['ArrowDown'], anchor: ['Slash', 'ShiftRight'] }),
]) as KeyBindings;

/**
 * Keys the game or the browser needs whatever the players chose: binding one to a button would
 * make it jump and pause (or restart) at once. Modifier-only keys are left to the browser's shortcuts.
 */
const RESERVED: ReadonlyMap<string, string> = new Map([
  ['Escape', 'menus (back)'], ['KeyP', 'pause'], ['KeyR', 'restart'], ['KeyM', 'mute'],
  ['F3', 'the debug overlay'], ['F8', 'replay recording'], ['Tab', 'the browser'],
  ['F1', 'the browser'], ['F5', 'the browser'], ['F11', 'the browser'], ['F12', 'the browser'],
  ['MetaLeft', 'the browser'], ['MetaRight', 'the browser'], ['ContextMenu', 'the browser'],
  ['ControlLeft', 'the browser'], ['ControlRight', 'the browser'], ['AltLeft', 'the browser'], ['AltRight', 'the browser'],
]);

/** What a reserved key is used for, or null when a player may have it. */
export function reservedKeyUse(code: string): string | null {
  return RESERVED.get(code) ?? null;
}

/** True for a string that looks like a `KeyboardEvent.code` a player may use (not reserved, not junk). */
export function isBindableKey(code: unknown): code is string {
  return typeof code === 'string' && /^[A-Za-z][A-Za-z0-9]{0,31}$/.test(code) && !RESERVED.has(code);
}

/** One key used twice: by (slot, action) `a` and `b`. */
export interface KeyConflict {
  code: string;
  a: { slot: number; action: PlayerAction };
  b: { slot: number; action: PlayerAction };
}

/** Every key that two actions (of one player or of both) share, in table order. */
export function findConflicts(keys: KeyBindings): KeyConflict[] {
  const owner = new Map<string, { slot: number; action: PlayerAction }>();
  const out: KeyConflict[] = [];
  for (let slot = 0; slot < PLAYER_COUNT; slot++) {
    for (const action of PLAYER_ACTIONS) {
      for (const code of keys[slot][action]) {
        const first = owner.get(code);
        if (first && (first.slot !== slot || first.action !== action)) out.push({ code, a: first, b: { slot, action } });
        else if (!first) owner.set(code, { slot, action });
      }
    }
  }
  return out;
}

export type RebindResult =
  | { ok: true; keys: KeyBindings; /** The action that had the key before, and what it has now. */ movedFrom: { slot: number; action: PlayerAction; keys: readonly string[] } | null }
  | { ok: false; reason: string };

/**
 * Gives `code` to (slot, action) as its only key. The new binding wins: if another action had the
 * key, it loses it, and if that leaves it with none it takes the keys this action had (a swap),
 * so no button is ever left without a key. Reserved keys are refused with the reason.
 */
export function rebindKey(keys: KeyBindings, slot: number, action: PlayerAction, code: string): RebindResult {
  const use = reservedKeyUse(code);
  if (use !== null) return { ok: false, reason: `${keyLabel(code)} is kept for ${use}` };
  if (!isBindableKey(code)) return { ok: false, reason: `${code || 'that key'} cannot be used` };
  const next = [{ ...keys[0] }, { ...keys[1] }] as [Record<PlayerAction, readonly string[]>, Record<PlayerAction, readonly string[]>];
  const old = keys[slot][action];
  next[slot][action] = [code];
  let movedFrom: { slot: number; action: PlayerAction; keys: readonly string[] } | null = null;
  for (let s = 0; s < PLAYER_COUNT; s++) {
    for (const other of PLAYER_ACTIONS) {
      if (s === slot && other === action) continue;
      const had = next[s][other];
      if (!had.includes(code)) continue;
      let left = had.filter((c) => c !== code);
      if (left.length === 0) {
        // Swap in this action's old keys, but only ones nobody else uses; with none free (a table
        // that already had a conflict) the key stays shared and the settings screen warns.
        left = old.filter((c) => c !== code && !isUsed(next, c)).slice(0, MAX_KEYS_PER_ACTION);
        if (left.length === 0) continue;
      }
      next[s][other] = left;
      movedFrom = { slot: s, action: other, keys: left };
    }
  }
  return { ok: true, keys: next as unknown as KeyBindings, movedFrom };
}

function isUsed(keys: ReadonlyArray<Readonly<Record<PlayerAction, readonly string[]>>>, code: string): boolean {
  return keys.some((player) => PLAYER_ACTIONS.some((action) => player[action].includes(code)));
}

// A Map, not an object: codes come from stored settings, and `KEY_NAMES['constructor']` on an
// object literal is Object's constructor function (the HUD then crashed on it at start-up).
const KEY_NAMES: ReadonlyMap<string, string> = new Map([
  ['ArrowLeft', '←'], ['ArrowRight', '→'], ['ArrowUp', '↑'], ['ArrowDown', '↓'], ['Space', 'Space'], ['Slash', '/'],
  ['Backslash', '\\'], ['Period', '.'], ['Comma', ','], ['Semicolon', ';'], ['Quote', "'"], ['BracketLeft', '['],
  ['BracketRight', ']'], ['Minus', '-'], ['Equal', '='], ['Backquote', '`'], ['ShiftLeft', 'Left Shift'],
  ['ShiftRight', 'Right Shift'], ['Enter', 'Enter'], ['NumpadEnter', 'Num Enter'], ['Backspace', 'Backspace'],
  ['IntlBackslash', '\\ (ISO)'],
]);

/** A short name for a key code, as printed on a US keyboard (`KeyA` -> `A`, `Slash` -> `/`). */
export function keyLabel(code: string): string {
  const name = KEY_NAMES.get(code);
  if (name !== undefined) return name;
  if (/^Key[A-Z]$/.test(code)) return code.slice(3);
  if (/^Digit[0-9]$/.test(code)) return code.slice(5);
  if (code.startsWith('Numpad')) return `Num ${code.slice(6)}`;
  return code;
}

/** Physical key -> player slot and button bit, flattened from KeyBindings. */
type BindingTable = ReadonlyArray<readonly [code: string, slot: number, bit: number]>;

function flatten(keys: KeyBindings): BindingTable {
  const out: Array<[string, number, number]> = [];
  for (let slot = 0; slot < PLAYER_COUNT; slot++) {
    for (const action of PLAYER_ACTIONS) {
      for (const code of keys[slot][action]) {
        // Never let a reserved key through, whatever the caller hands in.
        if (isBindableKey(code)) out.push([code, slot, ACTION_BUTTON[action]]);
      }
    }
  }
  return out;
}

/** UI keys: not player buttons, so they never reach the sim or its replays. */
export interface KeyboardUiHandlers {
  /** F3. */
  onToggleDebug?: () => void;
  /** R. */
  onRestart?: () => void;
  /** F8: start or stop recording a replay. */
  onToggleRecord?: () => void;
  /** M: mute or unmute. */
  onToggleMute?: () => void;
}

export interface KeyboardInput {
  /** Writes the held mask of slot 0 and slot 1 into `out[0]`, `out[1]`, then clears the latches. */
  sample(out: Uint8Array): void;
  /** Forgets every held key (focus lost, tab hidden). */
  clear(): void;
  /**
   * The level is paused: the keys held now are kept for resume(), unless let go meanwhile (a
   * blind tester held anchor through the pause menu and the partner fell: clearing the keys at
   * the pause and the resume had let go of the anchor).
   */
  suspend(): void;
  /** Back from the pause menu: only keys held since before suspend() count (keys pressed on the
   *  menu do not); without a suspend() first, the same as clear(). */
  resume(): void;
  /** Presses of the solo switch key (SOLO_SWITCH_KEY; auto-repeat not counted) since the last
   *  call; the count starts again at 0. Only solo mode (soloControl.ts) reads it. */
  takeSwitchPresses(): number;
  /** Uses `keys` from now on (the settings changed); held keys are forgotten. */
  setBindings(keys: KeyBindings): void;
  /** Removes every listener. */
  dispose(): void;
}

export function createKeyboardInput(target: Window, handlers: KeyboardUiHandlers = {}, keys: KeyBindings = DEFAULT_KEYS): KeyboardInput {
  let bindings = flatten(keys);
  // A code may drive several bindings (a conflict the settings warn about): both act.
  let bindingsByCode = new Map<string, number[]>();
  // Per binding, not per button: releasing Slash must not release an anchor still held by ShiftRight.
  let isDown = new Uint8Array(0);
  // Buttons pressed since the last sample, per slot (the latch for taps shorter than a tick).
  const latched = new Uint8Array(PLAYER_COUNT);
  // Per binding: held when the level was paused (suspend) and not let go since.
  let keptAtPause = new Uint8Array(0);
  let isSuspended = false;
  let switchPresses = 0;
  /** Keys whose browser default (scrolling, quick find) must never fire while playing. */
  let swallowed = new Set<string>();

  const install = (table: BindingTable): void => {
    bindings = table;
    bindingsByCode = new Map();
    table.forEach(([code], i) => bindingsByCode.set(code, [...(bindingsByCode.get(code) ?? []), i]));
    isDown = new Uint8Array(table.length);
    keptAtPause = new Uint8Array(table.length);
    isSuspended = false;
    latched.fill(0);
    swallowed = new Set(['Space', 'F3', 'F8', SOLO_SWITCH_KEY, ...table.map(([code]) => code)]);
  };
  install(bindings);

  const isTyping = (e: KeyboardEvent): boolean => {
    const el = e.target as HTMLElement | null;
    return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable === true);
  };
  // Ctrl/Cmd/Alt combinations belong to the browser (Ctrl+R, Cmd+W...): never swallow or act on them.
  const hasCommandModifier = (e: KeyboardEvent): boolean => e.ctrlKey || e.metaKey || e.altKey;

  const onKeyDown = (e: KeyboardEvent): void => {
    if (isTyping(e) || hasCommandModifier(e)) return;
    if (swallowed.has(e.code)) e.preventDefault();
    // Counted whatever else the key does (a player may have bound it): holding it never repeats.
    if (e.code === SOLO_SWITCH_KEY && !e.repeat) switchPresses++;
    const found = bindingsByCode.get(e.code);
    if (found !== undefined) {
      for (const i of found) {
        isDown[i] = 1;
        latched[bindings[i][1]] |= bindings[i][2];
      }
      return;
    }
    if (e.repeat) return;
    if (e.code === 'F3') handlers.onToggleDebug?.();
    else if (e.code === 'KeyR') handlers.onRestart?.();
    else if (e.code === 'F8') handlers.onToggleRecord?.();
    else if (e.code === 'KeyM') handlers.onToggleMute?.();
  };
  // Releases always count, even with modifiers held, so no key can get stuck down.
  const onKeyUp = (e: KeyboardEvent): void => {
    const found = bindingsByCode.get(e.code);
    if (found === undefined) return;
    for (const i of found) {
      isDown[i] = 0;
      keptAtPause[i] = 0;
    }
    if (!isTyping(e) && !hasCommandModifier(e)) e.preventDefault();
  };
  const clear = (): void => {
    isDown.fill(0);
    keptAtPause.fill(0);
    isSuspended = false;
    latched.fill(0);
    switchPresses = 0;
  };
  const suspend = (): void => {
    keptAtPause.set(isDown);
    isSuspended = true;
    latched.fill(0);
    switchPresses = 0;
  };
  const resume = (): void => {
    if (!isSuspended) {
      clear();
      return;
    }
    for (let i = 0; i < isDown.length; i++) isDown[i] &= keptAtPause[i];
    keptAtPause.fill(0);
    isSuspended = false;
    latched.fill(0);
    switchPresses = 0;
  };
  const onVisibility = (): void => {
    if (target.document.hidden) clear();
  };

  target.addEventListener('keydown', onKeyDown);
  target.addEventListener('keyup', onKeyUp);
  target.addEventListener('blur', clear);
  target.document.addEventListener('visibilitychange', onVisibility);

  return {
    sample(out: Uint8Array): void {
      for (let slot = 0; slot < PLAYER_COUNT; slot++) out[slot] = latched[slot];
      for (let i = 0; i < bindings.length; i++) {
        if (isDown[i]) out[bindings[i][1]] |= bindings[i][2];
      }
      latched.fill(0);
    },
    takeSwitchPresses(): number {
      const n = switchPresses;
      switchPresses = 0;
      return n;
    },
    clear,
    suspend,
    resume,
    setBindings(next: KeyBindings): void {
      install(flatten(next));
    },
    dispose(): void {
      target.removeEventListener('keydown', onKeyDown);
      target.removeEventListener('keyup', onKeyUp);
      target.removeEventListener('blur', clear);
      target.document.removeEventListener('visibilitychange', onVisibility);
      clear();
    },
  };
}
