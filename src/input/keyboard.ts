// Two players on one keyboard, by physical key (`KeyboardEvent.code`, so layouts like AZERTY keep
// the same hand positions). Produces one held-button mask per player per sample (one sample per sim
// tick); a tap that starts and ends between two samples is latched so the sim still sees it for one tick.

import { PLAYER_COUNT } from '../sim/constants';
import { Button } from '../sim/input';

/** Physical key -> player slot and button bit. Two keys may share a button (P2 anchor). */
const BINDINGS: ReadonlyArray<readonly [code: string, slot: number, bit: number]> = [
  ['KeyA', 0, Button.Left],
  ['KeyD', 0, Button.Right],
  ['KeyW', 0, Button.Jump],
  ['KeyS', 0, Button.Down],
  ['KeyF', 0, Button.Anchor],
  ['ArrowLeft', 1, Button.Left],
  ['ArrowRight', 1, Button.Right],
  ['ArrowUp', 1, Button.Jump],
  ['ArrowDown', 1, Button.Down],
  ['Slash', 1, Button.Anchor],
  ['ShiftRight', 1, Button.Anchor],
];

const BINDING_BY_CODE = new Map(BINDINGS.map(([code], i) => [code, i]));

/** Keys whose browser default (scrolling, quick find) must never fire while playing. */
const SWALLOWED = new Set(['Space', 'F3', 'F8', ...BINDINGS.map(([code]) => code)]);

/** UI keys: not player buttons, so they never reach the sim or its replays. */
export interface KeyboardUiHandlers {
  /** F3. */
  onToggleDebug?: () => void;
  /** R. */
  onRestart?: () => void;
  /** F8: start or stop recording a replay. */
  onToggleRecord?: () => void;
}

export interface KeyboardInput {
  /** Writes the held mask of slot 0 and slot 1 into `out[0]`, `out[1]`, then clears the latches. */
  sample(out: Uint8Array): void;
  /** Forgets every held key (focus lost, tab hidden). */
  clear(): void;
  /** Removes every listener. */
  dispose(): void;
}

export function createKeyboardInput(target: Window, handlers: KeyboardUiHandlers = {}): KeyboardInput {
  // Per binding, not per button: releasing Slash must not release an anchor still held by ShiftRight.
  const isDown = new Uint8Array(BINDINGS.length);
  // Buttons pressed since the last sample, per slot (the latch for taps shorter than a tick).
  const latched = new Uint8Array(PLAYER_COUNT);

  const isTyping = (e: KeyboardEvent): boolean => {
    const el = e.target as HTMLElement | null;
    return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable === true);
  };
  // Ctrl/Cmd/Alt combinations belong to the browser (Ctrl+R, Cmd+W...): never swallow or act on them.
  const hasCommandModifier = (e: KeyboardEvent): boolean => e.ctrlKey || e.metaKey || e.altKey;

  const onKeyDown = (e: KeyboardEvent): void => {
    if (isTyping(e) || hasCommandModifier(e)) return;
    if (SWALLOWED.has(e.code)) e.preventDefault();
    const i = BINDING_BY_CODE.get(e.code);
    if (i !== undefined) {
      isDown[i] = 1;
      latched[BINDINGS[i][1]] |= BINDINGS[i][2];
      return;
    }
    if (e.repeat) return;
    if (e.code === 'F3') handlers.onToggleDebug?.();
    else if (e.code === 'KeyR') handlers.onRestart?.();
    else if (e.code === 'F8') handlers.onToggleRecord?.();
  };
  // Releases always count, even with modifiers held, so no key can get stuck down.
  const onKeyUp = (e: KeyboardEvent): void => {
    const i = BINDING_BY_CODE.get(e.code);
    if (i === undefined) return;
    isDown[i] = 0;
    if (!isTyping(e) && !hasCommandModifier(e)) e.preventDefault();
  };
  const clear = (): void => {
    isDown.fill(0);
    latched.fill(0);
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
      for (let i = 0; i < BINDINGS.length; i++) {
        if (isDown[i]) out[BINDINGS[i][1]] |= BINDINGS[i][2];
      }
      latched.fill(0);
    },
    clear,
    dispose(): void {
      target.removeEventListener('keydown', onKeyDown);
      target.removeEventListener('keyup', onKeyUp);
      target.removeEventListener('blur', clear);
      target.document.removeEventListener('visibilitychange', onVisibility);
      clear();
    },
  };
}
