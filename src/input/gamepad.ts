// Gamepads: polled once a frame with navigator.getGamepads() (events alone are not enough: some
// browsers and the test stubs fire none). The first pad on which a button is pressed takes the next
// free player slot; its held buttons are ORed with the keyboard's for that slot, so the keyboard
// always works too. A joined pad unplugged during play leaves its slot waiting for a pad (the game
// pauses) until any pad presses a button, or the slot is given to the keyboard.
// Outside play (and while a slot waits), presses become menu actions with key-like auto-repeat.

import type { MenuAction } from './menuAction';
import { PLAYER_COUNT } from '../sim';
import { PadControl, playerMaskOf, readPadControls, type GamepadLike } from './gamepadMapping';

/** A held direction repeats its menu action after this long, ms… */
export const MENU_REPEAT_DELAY_MS = 400;
/** …then every this long, ms. */
export const MENU_REPEAT_INTERVAL_MS = 120;

const DIRECTIONS: ReadonlyArray<readonly [bit: number, action: MenuAction]> = [
  [PadControl.Up, 'up'],
  [PadControl.Down, 'down'],
  [PadControl.Left, 'left'],
  [PadControl.Right, 'right'],
];

/** The part of `window` the gamepad input uses (tests pass a fake). */
export interface GamepadHost {
  readonly navigator?: { getGamepads?: () => ArrayLike<GamepadLike | null | undefined> | null | undefined };
  addEventListener?(type: string, listener: (e: Event) => void): void;
  removeEventListener?(type: string, listener: (e: Event) => void): void;
}

export interface GamepadInputOptions {
  /** True while a level is being played: the pads' buttons then belong to the sim (only Start is a
   *  menu action), and an unplugged pad leaves its slot waiting for reconnection. */
  isPlaying(): boolean;
  /** A menu action from a pad: on a press, and repeated while a direction is held. */
  onMenuAction?(action: MenuAction): void;
}

export interface GamepadInput {
  /** Reads the pads: joins, disconnects, held buttons, menu actions. Call once per frame. */
  poll(nowMs: number): void;
  /** ORs each joined pad's held buttons (and presses since the last sample) into `out[slot]`.
   *  Call right after the keyboard's sample, which overwrites `out`. */
  sample(out: Uint8Array): void;
  /** Shoulder-button (LB / RB) presses on joined pads during play since the last call, then 0:
   *  solo mode's switch (soloControl.ts). */
  takeSwitchPresses(): number;
  /** Per player slot, the index of the pad playing it, or null (keyboard only). */
  readonly slots: ReadonlyArray<number | null>;
  /** The first slot whose pad was unplugged during play and that waits for one, or null. */
  readonly waitingForReconnect: number | null;
  /** Pads connected now (joined or not). */
  readonly connectedCount: number;
  /** Gives every waiting slot to the keyboard (Esc / back on the reconnect message). True if one waited. */
  dismissReconnect(): boolean;
  /** Forgets presses not yet sampled; buttons held now count only after they are released. */
  clear(): void;
  /** Removes the listeners. */
  dispose(): void;
}

interface PadState {
  /** Controls held at the last poll (PadControl bits). */
  prev: number;
  /** Controls held since the last clear(): ignored by the sim until released. */
  suppressed: number;
  /** Per direction, when its next menu repeat is due (ms), Infinity when none. */
  repeatAt: [number, number, number, number];
}

function isLive(pad: GamepadLike | null | undefined): pad is GamepadLike {
  return !!pad && typeof pad === 'object' && pad.connected !== false;
}

export function createGamepadInput(win: GamepadHost, opts: GamepadInputOptions): GamepadInput {
  const slotPad: Array<number | null> = new Array<number | null>(PLAYER_COUNT).fill(null);
  const isWaiting: boolean[] = new Array<boolean>(PLAYER_COUNT).fill(false);
  const held = new Uint8Array(PLAYER_COUNT);
  const latched = new Uint8Array(PLAYER_COUNT);
  const pads = new Map<number, PadState>();
  // Pads a gamepaddisconnected event named while getGamepads() may still list them (stale): ignored
  // until the list shows the place empty or a gamepadconnected event names it again.
  const gone = new Set<number>();
  let connectedCount = 0;
  let wasPlaying = false;
  let switchPresses = 0;

  const readPads = (): ArrayLike<GamepadLike | null | undefined> => {
    try {
      // getGamepads throws where a permissions policy forbids gamepads; missing means no support.
      return win.navigator?.getGamepads?.() ?? [];
    } catch {
      return [];
    }
  };

  const slotOf = (padIndex: number): number | null => {
    const slot = slotPad.indexOf(padIndex);
    return slot < 0 ? null : slot;
  };

  const disconnect = (slot: number): void => {
    const index = slotPad[slot];
    if (index !== null) pads.delete(index);
    slotPad[slot] = null;
    held[slot] = 0;
    latched[slot] = 0;
    isWaiting[slot] = opts.isPlaying();
  };

  /** Gives the pad the first waiting slot, else the first free one; null when all are taken. */
  const join = (padIndex: number): { slot: number; wasWaiting: boolean } | null => {
    let slot = isWaiting.indexOf(true);
    const wasWaiting = slot >= 0;
    if (!wasWaiting) slot = slotPad.findIndex((p, s) => p === null && !isWaiting[s]);
    if (slot < 0) return null;
    slotPad[slot] = padIndex;
    isWaiting[slot] = false;
    return { slot, wasWaiting };
  };

  const suppressHeld = (): void => {
    for (const st of pads.values()) {
      st.suppressed = st.prev;
      st.repeatAt.fill(Number.POSITIVE_INFINITY);
    }
    latched.fill(0);
    switchPresses = 0;
  };

  const emit = (action: MenuAction): void => opts.onMenuAction?.(action);

  const menuActions = (st: PadState, controls: number, pressed: number, nowMs: number, isMenuOn: boolean): void => {
    for (let k = 0; k < DIRECTIONS.length; k++) {
      const [bit, action] = DIRECTIONS[k];
      if (pressed & bit) {
        // A direction pressed during play never starts repeating when a menu comes up under it.
        st.repeatAt[k] = isMenuOn ? nowMs + MENU_REPEAT_DELAY_MS : Number.POSITIVE_INFINITY;
        if (isMenuOn) emit(action);
      } else if (!(controls & bit)) {
        st.repeatAt[k] = Number.POSITIVE_INFINITY;
      } else if (nowMs >= st.repeatAt[k]) {
        // After a stall (slow frame), repeat once and restart the rhythm rather than fire a burst.
        const next = st.repeatAt[k] + MENU_REPEAT_INTERVAL_MS;
        st.repeatAt[k] = next <= nowMs ? nowMs + MENU_REPEAT_INTERVAL_MS : next;
        if (isMenuOn) emit(action);
      }
    }
    if (isMenuOn && pressed & PadControl.South) emit('confirm');
    if (isMenuOn && pressed & PadControl.East) emit('back');
    if (pressed & PadControl.Start) emit('pause'); // pausing is a menu action even during play
  };

  const onDisconnected = (e: Event): void => {
    const index = (e as Event & { gamepad?: GamepadLike }).gamepad?.index;
    if (typeof index !== 'number') return;
    gone.add(index);
    const slot = slotOf(index);
    if (slot !== null) disconnect(slot);
    else pads.delete(index);
  };
  const onConnected = (e: Event): void => {
    const index = (e as Event & { gamepad?: GamepadLike }).gamepad?.index;
    if (typeof index === 'number') gone.delete(index);
  };
  win.addEventListener?.('gamepaddisconnected', onDisconnected);
  win.addEventListener?.('gamepadconnected', onConnected);

  return {
    poll(nowMs): void {
      const isPlaying = opts.isPlaying();
      // Buttons held when play starts (A pressed to start the level) act only once released.
      if (isPlaying && !wasPlaying) suppressHeld();
      wasPlaying = isPlaying;
      if (!isPlaying) isWaiting.fill(false); // the reconnect message only exists during play
      const list = readPads();
      for (let slot = 0; slot < PLAYER_COUNT; slot++) {
        const index = slotPad[slot];
        if (index !== null && (!isLive(list[index]) || gone.has(index))) disconnect(slot);
      }
      held.fill(0);
      connectedCount = 0;
      const length = typeof list.length === 'number' ? list.length : 0;
      for (let i = 0; i < length; i++) {
        const pad = list[i];
        if (!isLive(pad)) {
          pads.delete(i);
          gone.delete(i);
          continue;
        }
        if (gone.has(i)) continue;
        connectedCount++;
        let st = pads.get(i);
        // A pad seen for the first time has held nothing yet: a button already down when it
        // appears (browsers expose a pad on its first press) counts as a press.
        if (!st) pads.set(i, (st = { prev: 0, suppressed: 0, repeatAt: [Infinity, Infinity, Infinity, Infinity] }));
        const controls = readPadControls(pad);
        const pressed = controls & ~st.prev;
        st.prev = controls;
        st.suppressed &= controls;
        const isMenuOn = !isPlaying || isWaiting.includes(true);
        let slot = slotOf(i);
        let isJoinPress = false;
        if (slot === null && pressed !== 0) {
          const joined = join(i);
          slot = joined?.slot ?? null;
          // The press that takes a slot back, or joins during play, is only that: no menu action.
          isJoinPress = joined !== null && (joined.wasWaiting || isPlaying);
        }
        if (slot !== null) {
          const live = controls & ~st.suppressed;
          held[slot] |= playerMaskOf(live);
          latched[slot] |= playerMaskOf(pressed & live);
          if (isPlaying && pressed & live & PadControl.Shoulder) switchPresses++;
        }
        if (!isJoinPress) menuActions(st, controls, pressed, nowMs, isMenuOn);
      }
    },
    sample(out): void {
      for (let slot = 0; slot < PLAYER_COUNT; slot++) out[slot] |= held[slot] | latched[slot];
      latched.fill(0);
    },
    takeSwitchPresses(): number {
      const n = switchPresses;
      switchPresses = 0;
      return n;
    },
    get slots(): ReadonlyArray<number | null> {
      return slotPad.slice();
    },
    get waitingForReconnect(): number | null {
      const slot = isWaiting.indexOf(true);
      return slot < 0 ? null : slot;
    },
    get connectedCount(): number {
      return connectedCount;
    },
    dismissReconnect(): boolean {
      const had = isWaiting.includes(true);
      isWaiting.fill(false);
      return had;
    },
    clear: suppressHeld,
    dispose(): void {
      win.removeEventListener?.('gamepaddisconnected', onDisconnected);
      win.removeEventListener?.('gamepadconnected', onConnected);
      slotPad.fill(null);
      isWaiting.fill(false);
      held.fill(0);
      latched.fill(0);
      pads.clear();
    },
  };
}

/**
 * The HUD's line about pads: which player each joined pad plays, and a hint to join while a pad is
 * connected and a player has none. Null when no pad is connected or joined.
 */
export function describePadSlots(slots: ReadonlyArray<number | null>, connectedCount: number, waitingSlot: number | null = null): string | null {
  const joined = slots.filter((p) => p !== null).length;
  if (connectedCount === 0 && joined === 0 && waitingSlot === null) return null;
  // A slot whose pad was unplugged is neither on the keyboard nor on a pad until it is answered.
  const parts = slots.map((p, slot) => `P${slot + 1}: ${slot === waitingSlot ? 'gamepad lost' : p === null ? 'keyboard' : 'gamepad'}`);
  if (connectedCount > joined && joined < slots.length) parts.push('press a button on a gamepad to join');
  return parts.join(' · ');
}
