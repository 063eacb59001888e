// Gamepad input with fake pads: dead zone and mapping, joining slots in press order, ORing with the
// keyboard's masks, reconnecting after an unplug, menu actions with auto-repeat, and pads or
// browsers that lack things (no getGamepads, null entries, few buttons, a throwing API).
import { describe, expect, test } from 'vitest';
import { createGamepadInput, describePadSlots, MENU_REPEAT_DELAY_MS, MENU_REPEAT_INTERVAL_MS, type GamepadHost } from '../../src/input/gamepad';
import { PadControl, playerMaskOf, readPadControls, stickControls, type GamepadLike } from '../../src/input/gamepadMapping';
import type { MenuAction } from '../../src/input/menuAction';
import { Button } from '../../src/sim';

interface FakePad {
  index: number;
  id: string;
  connected: boolean;
  mapping: string;
  buttons: { pressed: boolean; value: number }[];
  axes: number[];
}

function fakePad(index: number, buttonCount = 17): FakePad {
  return {
    index, id: `fake ${index}`, connected: true, mapping: 'standard',
    buttons: Array.from({ length: buttonCount }, () => ({ pressed: false, value: 0 })),
    axes: [0, 0, 0, 0],
  };
}

function press(pad: FakePad, button: number, isDown = true): void {
  pad.buttons[button] = { pressed: isDown, value: isDown ? 1 : 0 };
}

/** A window with controllable pads, a `playing` switch and the menu actions received. */
function rig(opts: { playing?: boolean } = {}) {
  const list: Array<FakePad | null> = [null, null, null, null];
  const listeners = new Map<string, (e: Event) => void>();
  const host: GamepadHost = {
    navigator: { getGamepads: () => list },
    addEventListener: (type, fn) => listeners.set(type, fn),
    removeEventListener: (type) => listeners.delete(type),
  };
  const state = { playing: opts.playing ?? false };
  const actions: MenuAction[] = [];
  const input = createGamepadInput(host, { isPlaying: () => state.playing, onMenuAction: (a) => actions.push(a) });
  const sample = (keyboard: [number, number] = [0, 0]): number[] => {
    const out = Uint8Array.from(keyboard);
    input.sample(out);
    return [...out];
  };
  const plug = (index: number): FakePad => (list[index] = fakePad(index));
  return { list, listeners, state, actions, input, sample, plug };
}

describe('gamepad mapping', () => {
  test('the left stick has a radial dead zone of 0.25 and eight sectors', () => {
    expect(stickControls(0.2, 0.1)).toBe(0); // tilt 0.22: inside the dead zone
    expect(stickControls(0.17, 0.17)).toBe(0); // 0.24 diagonal, although each axis alone is small
    expect(stickControls(0.3, 0)).toBe(PadControl.Right);
    expect(stickControls(-1, 0)).toBe(PadControl.Left);
    expect(stickControls(0.9, 0.3)).toBe(PadControl.Right); // mostly right: no accidental Down
    expect(stickControls(0.7, 0.7)).toBe(PadControl.Right | PadControl.Down);
    expect(stickControls(0, -0.8)).toBe(PadControl.Up);
    expect(stickControls(Number.NaN, 0.5)).toBe(0);
  });

  test('standard buttons: d-pad and stick move, 0 jumps, 2 or the right trigger anchors, down is Down', () => {
    const pad = fakePad(0);
    press(pad, 14);
    expect(playerMaskOf(readPadControls(pad))).toBe(Button.Left);
    press(pad, 14, false);
    pad.axes[0] = 0.8;
    expect(playerMaskOf(readPadControls(pad))).toBe(Button.Right);
    pad.axes[0] = 0;
    pad.axes[1] = 0.9;
    press(pad, 0);
    expect(playerMaskOf(readPadControls(pad))).toBe(Button.Down | Button.Jump);
    pad.axes[1] = 0;
    press(pad, 0, false);
    press(pad, 13);
    expect(playerMaskOf(readPadControls(pad))).toBe(Button.Down);
    press(pad, 13, false);
    press(pad, 2);
    expect(playerMaskOf(readPadControls(pad))).toBe(Button.Anchor);
    press(pad, 2, false);
    pad.buttons[7] = { pressed: true, value: 0.3 }; // past the browser's threshold, not half way
    expect(readPadControls(pad) & PadControl.RightTrigger).toBe(PadControl.RightTrigger);
    pad.buttons[7] = { pressed: false, value: 0.6 };
    expect(playerMaskOf(readPadControls(pad))).toBe(Button.Anchor);
    // Up is no player button (jump is a button); Start and B are for menus.
    pad.buttons[7] = { pressed: false, value: 0 };
    press(pad, 12);
    press(pad, 9);
    press(pad, 1);
    expect(playerMaskOf(readPadControls(pad))).toBe(0);
    expect(readPadControls(pad)).toBe(PadControl.Up | PadControl.Start | PadControl.East);
  });

  test('strange pads read as what they have: no buttons, few buttons, numbers, holes, no axes', () => {
    expect(readPadControls(null)).toBe(0);
    expect(readPadControls({ index: 0 })).toBe(0);
    expect(readPadControls({ index: 0, buttons: [{ pressed: true }], mapping: '' })).toBe(PadControl.South);
    expect(readPadControls({ index: 0, buttons: [0, 1] as unknown as GamepadLike['buttons'] })).toBe(PadControl.East);
    expect(readPadControls({ index: 0, buttons: [null, undefined, { value: 1 }], axes: [Number.POSITIVE_INFINITY] })).toBe(PadControl.West); // a non-finite axis reads as centred
    expect(readPadControls({ index: 0, buttons: [], axes: [-1] })).toBe(PadControl.Left);
    expect(readPadControls({ index: 0, buttons: Array.from({ length: 20 }, (_, i) => ({ pressed: i === 16 })) })).toBe(PadControl.Other);
  });
});

describe('joining and playing', () => {
  test('the first pad pressed is P1 whatever its index, the next P2, a third gets nothing', () => {
    const r = rig({ playing: true });
    const a = r.plug(0);
    const b = r.plug(1);
    const c = r.plug(2);
    r.input.poll(0);
    expect(r.input.slots).toEqual([null, null]);
    expect(r.input.connectedCount).toBe(3);
    press(b, 1);
    r.input.poll(16);
    expect(r.input.slots).toEqual([1, null]);
    press(a, 1);
    r.input.poll(32);
    press(c, 1);
    r.input.poll(48);
    expect(r.input.slots).toEqual([1, 0]);
    // The unjoined third pad moves nobody.
    c.axes[0] = 1;
    b.axes[0] = -1;
    r.input.poll(64);
    expect(r.sample()).toEqual([Button.Left, 0]);
  });

  test("a pad's buttons are ORed with the keyboard's mask for its slot; the other slot keeps the keyboard", () => {
    const r = rig({ playing: true });
    const pad = r.plug(0);
    press(pad, 0);
    r.input.poll(0); // joins P1 and jumps at once
    pad.axes[0] = 1;
    r.input.poll(16);
    expect(r.sample([Button.Anchor, Button.Left])).toEqual([Button.Anchor | Button.Jump | Button.Right, Button.Left]);
  });

  test('a press shorter than a poll interval still reaches one sample (latched), then is gone', () => {
    const r = rig({ playing: true });
    const pad = r.plug(0);
    press(pad, 1);
    r.input.poll(0);
    press(pad, 1, false);
    press(pad, 0);
    r.input.poll(16);
    press(pad, 0, false);
    r.input.poll(32); // released before any tick sampled
    expect(r.sample()).toEqual([Button.Jump, 0]);
    expect(r.sample()).toEqual([0, 0]);
  });

  test('buttons held when play starts (A pressed to start a level) count only after release', () => {
    const r = rig({ playing: false });
    const pad = r.plug(0);
    press(pad, 0);
    r.input.poll(0);
    expect(r.actions).toEqual(['confirm']); // joined on the menu, and the press still confirms
    r.state.playing = true;
    r.input.poll(16);
    expect(r.sample()).toEqual([0, 0]);
    press(pad, 0, false);
    r.input.poll(32);
    press(pad, 0);
    r.input.poll(48);
    expect(r.sample()).toEqual([Button.Jump, 0]);
  });
});

describe('unplugging and reconnecting', () => {
  test('a pad unplugged during play leaves its slot waiting; any pad pressing a button takes it back', () => {
    const r = rig({ playing: true });
    const p1 = r.plug(0);
    const p2 = r.plug(1);
    press(p1, 1);
    press(p2, 1);
    r.input.poll(0);
    expect(r.input.slots).toEqual([0, 1]);
    p2.axes[0] = 1;
    r.list[1] = null;
    r.input.poll(16);
    expect(r.input.waitingForReconnect).toBe(1);
    expect(r.input.slots).toEqual([0, null]);
    expect(r.sample()).toEqual([0, 0]); // nothing left held for P2
    // P1's B while the message is up is a menu action (back = give P2 to the keyboard).
    press(p1, 1, false);
    r.input.poll(32);
    press(p1, 1);
    r.input.poll(48);
    expect(r.actions).toEqual(['back']);
    // A different pad at another index: its first press takes slot 1 back and is no menu action.
    const other = r.plug(3);
    press(other, 0);
    r.input.poll(64);
    expect(r.input.waitingForReconnect).toBeNull();
    expect(r.input.slots).toEqual([0, 3]);
    expect(r.actions).toEqual(['back']);
    expect(r.sample()).toEqual([0, Button.Jump]);
  });

  test('a gamepaddisconnected event is enough, and a disconnected entry (connected: false) too', () => {
    const r = rig({ playing: true });
    const p1 = r.plug(0);
    const p2 = r.plug(1);
    press(p1, 1);
    press(p2, 1);
    r.input.poll(0);
    const e = Object.assign(new Event('gamepaddisconnected'), { gamepad: p1 });
    r.listeners.get('gamepaddisconnected')?.(e);
    expect(r.input.waitingForReconnect).toBe(0);
    r.input.poll(8); // the browser still lists the pad (stale, B held): it must not rejoin
    expect(r.input.slots).toEqual([null, 1]);
    p2.connected = false;
    r.input.poll(16);
    expect(r.input.slots).toEqual([null, null]);
    expect(r.input.waitingForReconnect).toBe(0);
    // Reconnections fill the lowest waiting slot first.
    const q = r.plug(2);
    press(q, 3);
    r.input.poll(32);
    expect(r.input.slots).toEqual([2, null]);
    expect(r.input.waitingForReconnect).toBe(1);
  });

  test('Esc/back on the message gives the slot to the keyboard; a new pad then joins it as a free slot', () => {
    const r = rig({ playing: true });
    const p2 = r.plug(0);
    press(p2, 1);
    r.input.poll(0);
    r.list[0] = null;
    r.input.poll(16);
    expect(r.input.waitingForReconnect).toBe(0);
    expect(r.input.dismissReconnect()).toBe(true);
    expect(r.input.waitingForReconnect).toBeNull();
    expect(r.input.dismissReconnect()).toBe(false);
    const again = r.plug(0);
    press(again, 1);
    r.input.poll(32);
    expect(r.input.slots).toEqual([0, null]);
  });

  test('unplugged outside play, a slot is simply free (no message)', () => {
    const r = rig({ playing: false });
    const pad = r.plug(0);
    press(pad, 1);
    r.input.poll(0);
    r.list[0] = null;
    r.input.poll(16);
    expect(r.input.slots).toEqual([null, null]);
    expect(r.input.waitingForReconnect).toBeNull();
  });
});

describe('menu actions', () => {
  test('d-pad and stick press edges, with auto-repeat after 400 ms then every 120 ms', () => {
    const r = rig();
    const pad = r.plug(0);
    press(pad, 13);
    r.input.poll(1000);
    expect(r.actions).toEqual(['down']);
    r.input.poll(1000 + MENU_REPEAT_DELAY_MS - 1);
    expect(r.actions).toEqual(['down']);
    r.input.poll(1000 + MENU_REPEAT_DELAY_MS);
    r.input.poll(1000 + MENU_REPEAT_DELAY_MS + MENU_REPEAT_INTERVAL_MS - 1);
    r.input.poll(1000 + MENU_REPEAT_DELAY_MS + MENU_REPEAT_INTERVAL_MS);
    expect(r.actions).toEqual(['down', 'down', 'down']);
    // A stall of a second gives one repeat, not eight.
    r.input.poll(3000);
    expect(r.actions.length).toBe(4);
    press(pad, 13, false);
    r.input.poll(3010);
    pad.axes[0] = -0.9;
    r.input.poll(3020);
    pad.axes[0] = 0;
    r.input.poll(3030);
    pad.axes[1] = -0.9;
    r.input.poll(3040);
    expect(r.actions.slice(4)).toEqual(['left', 'up']);
  });

  test('A confirms, B goes back, Start pauses; during play only Start is a menu action', () => {
    const r = rig();
    const pad = r.plug(0);
    for (const b of [0, 1, 9]) {
      press(pad, b);
      r.input.poll(b);
      press(pad, b, false);
      r.input.poll(b + 1);
    }
    expect(r.actions).toEqual(['confirm', 'back', 'pause']);
    r.actions.length = 0;
    r.state.playing = true;
    for (const b of [0, 1, 9, 13]) {
      press(pad, b);
      r.input.poll(100 + b);
      press(pad, b, false);
      r.input.poll(101 + b);
    }
    expect(r.actions).toEqual(['pause']);
  });

  test('a direction held from play into a menu does not start repeating there', () => {
    const r = rig({ playing: true });
    const pad = r.plug(0);
    press(pad, 15);
    r.input.poll(0);
    r.state.playing = false;
    for (let t = 16; t < 2000; t += 16) r.input.poll(t);
    expect(r.actions).toEqual([]);
  });
});

describe('never crashes', () => {
  test('a non-standard pad with two buttons and no axes joins and jumps with button 0', () => {
    const r = rig({ playing: true });
    const odd = { index: 0, id: 'odd', connected: true, mapping: '', buttons: [{ pressed: false, value: 0 }, { pressed: false, value: 0 }], axes: [] };
    (r.list as unknown as GamepadLike[])[0] = odd;
    r.input.poll(0);
    odd.buttons[0] = { pressed: true, value: 1 };
    r.input.poll(16);
    expect(r.input.slots).toEqual([0, null]);
    expect(r.sample()).toEqual([Button.Jump, 0]);
  });

  test('no navigator, no getGamepads, a throwing or null getGamepads, null and odd entries', () => {
    const hosts: GamepadHost[] = [
      {},
      { navigator: {} },
      { navigator: { getGamepads: () => null } },
      { navigator: { getGamepads: () => { throw new DOMException('blocked by permissions policy', 'SecurityError'); } } },
      { navigator: { getGamepads: () => [null, undefined, { index: 2, connected: false }, { index: 3 }] } },
    ];
    for (const host of hosts) {
      const input = createGamepadInput(host, { isPlaying: () => true });
      input.poll(0);
      const out = new Uint8Array([Button.Left, Button.Right]);
      input.sample(out);
      expect([...out]).toEqual([Button.Left, Button.Right]);
      expect(input.waitingForReconnect).toBeNull();
      input.clear();
      input.dispose();
    }
  });
});

test('the HUD line names each player device and asks unjoined pads to press a button', () => {
  expect(describePadSlots([null, null], 0)).toBeNull();
  expect(describePadSlots([null, null], 1)).toBe('P1: keyboard · P2: keyboard · press a button on a gamepad to join');
  expect(describePadSlots([0, null], 1)).toBe('P1: gamepad · P2: keyboard');
  expect(describePadSlots([0, 1], 3)).toBe('P1: gamepad · P2: gamepad');
  expect(describePadSlots([0, null], 1, 1)).toBe('P1: gamepad · P2: gamepad lost');
  expect(describePadSlots([null, null], 0, 0)).toBe('P1: gamepad lost · P2: keyboard');
});
