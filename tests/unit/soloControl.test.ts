// Solo mode's input mapping (src/input/soloControl.ts) on its own and fed by the real keyboard and
// gamepad inputs: which character the masks drive, the switch key's edges, the anchor latch across
// a switch, buttons held through a switch, remapped keys, and the pads' shoulder buttons.
import { describe, expect, it } from 'vitest';
import { createGamepadInput, type GamepadHost } from '../../src/input/gamepad';
import { PadControl, readPadControls } from '../../src/input/gamepadMapping';
import { DEFAULT_KEYS, createKeyboardInput, rebindKey, type KeyBindings } from '../../src/input/keyboard';
import { SOLO_SWITCH_KEY, createSoloControl } from '../../src/input/soloControl';
import { Button } from '../../src/sim';
import { fakeKeyboardWindow } from './fakeKeyboardWindow';

const { Left, Right, Jump, Anchor } = Button;

/** Runs one sample through solo: raw P1 / P2 masks and switch presses -> the two masks the sim gets. */
function tick(solo: ReturnType<typeof createSoloControl>, p1: number, p2: number, switches = 0): [number, number] {
  const masks = Uint8Array.of(p1, p2);
  solo.apply(masks, switches);
  return [masks[0], masks[1]];
}

function soloOn() {
  const solo = createSoloControl();
  solo.setOn(true);
  return solo;
}

describe('solo masks', () => {
  it('off (two players): the masks pass unchanged, and switch presses do nothing', () => {
    const solo = createSoloControl();
    expect(tick(solo, Left, Right | Jump, 3)).toEqual([Left, Right | Jump]);
    expect(solo.controlled).toBe(0);
  });

  it('on: P1 keys and P2 keys both drive the controlled character; the other gets nothing', () => {
    const solo = soloOn();
    expect(tick(solo, Right, 0)).toEqual([Right, 0]);
    expect(tick(solo, 0, Left | Jump)).toEqual([Left | Jump, 0]);
    expect(tick(solo, Right, Jump)).toEqual([Right | Jump, 0]);
  });

  it('a switch press moves control to the other character, and a second one back', () => {
    const solo = soloOn();
    tick(solo, 0, 0, 1);
    expect(solo.controlled).toBe(1);
    expect(tick(solo, Right, 0)).toEqual([0, Right]);
    expect(tick(solo, 0, Left)).toEqual([0, Left]);
    tick(solo, 0, 0, 1);
    expect(tick(solo, Right, 0)).toEqual([Right, 0]);
  });

  it('presses are counted, not levels: two in one tick come back; NaN, negatives and floods are safe', () => {
    const solo = soloOn();
    tick(solo, 0, 0, 2);
    expect(solo.controlled).toBe(0);
    tick(solo, 0, 0, Number.NaN);
    tick(solo, 0, 0, -3);
    expect(solo.controlled).toBe(0);
    tick(solo, 0, 0, 1_000_001); // odd: ends on the other one, without a million loops
    expect(solo.controlled).toBe(1);
  });

  it('a button held through a switch acts for the new character only once released and pressed again', () => {
    const solo = soloOn();
    expect(tick(solo, Right, 0)).toEqual([Right, 0]);
    expect(tick(solo, Right, 0, 1)).toEqual([0, 0]); // P1 stops; P2 does not run off with the key
    expect(tick(solo, Right, 0)).toEqual([0, 0]);
    expect(tick(solo, 0, 0)).toEqual([0, 0]);
    expect(tick(solo, Right, 0)).toEqual([0, Right]);
  });
});

describe('solo anchor latch', () => {
  it('anchoring at the switch keeps anchoring while the other one moves, and lets go when control returns with the key up', () => {
    const solo = soloOn();
    expect(tick(solo, Anchor, 0)).toEqual([Anchor, 0]);
    expect(tick(solo, Anchor, 0, 1)).toEqual([Anchor, 0]); // the switch: P1 latched, P2 not anchored by the held key
    expect(solo.isAnchorLatched(0)).toBe(true);
    expect(tick(solo, 0, 0)).toEqual([Anchor, 0]); // key released: P1 still anchors
    expect(tick(solo, Right, 0)).toEqual([Anchor, Right]);
    expect(tick(solo, 0, Left | Jump)).toEqual([Anchor, Left | Jump]);
    // Back to P1 with the anchor key up: the latch lets go at once and P1 moves.
    expect(tick(solo, 0, 0, 1)).toEqual([0, 0]);
    expect(solo.isAnchorLatched(0)).toBe(false);
    expect(tick(solo, Left, 0)).toEqual([Left, 0]);
  });

  it('returning with the anchor key held keeps it anchored until that key is released', () => {
    const solo = soloOn();
    tick(solo, Anchor, 0);
    tick(solo, Anchor, 0, 1); // P1 latched
    tick(solo, 0, 0);
    tick(solo, 0, Anchor); // P2 anchors with P2's key...
    expect(tick(solo, 0, Anchor, 1)).toEqual([Anchor, Anchor]); // ...and is latched on the way back
    expect(solo.isAnchorLatched(1)).toBe(true);
    expect(tick(solo, Right, Anchor)).toEqual([Anchor | Right, Anchor]); // P1 still held by its latch
    expect(tick(solo, Right, 0)).toEqual([Right, Anchor]); // key up: P1's latch lets go (Right came after the switch)
    expect(tick(solo, 0, 0)).toEqual([0, Anchor]);
    expect(tick(solo, Left, 0)).toEqual([Left, Anchor]);
  });

  it('a key pressed in the same tick as the switch is a new press: it acts for the new character, and latches nothing', () => {
    const solo = soloOn();
    expect(tick(solo, 0, 0)).toEqual([0, 0]);
    expect(tick(solo, Anchor, 0, 1)).toEqual([0, Anchor]); // Q and F together: P2 anchors, P1 is not latched
    expect(solo.isAnchorLatched(0)).toBe(false);
    expect(tick(solo, Anchor | Right, 0)).toEqual([0, Anchor | Right]);
  });

  it('not anchoring at the switch: nothing is latched', () => {
    const solo = soloOn();
    expect(tick(solo, Right, 0)).toEqual([Right, 0]);
    expect(tick(solo, Right, 0, 1)).toEqual([0, 0]);
    expect(solo.isAnchorLatched(0)).toBe(false);
    expect(tick(solo, 0, 0)).toEqual([0, 0]);
  });

  it('reset and setOn start on P1 with nothing latched', () => {
    const solo = soloOn();
    tick(solo, Anchor, 0);
    tick(solo, Anchor, 0, 1);
    solo.reset();
    expect(solo.controlled).toBe(0);
    expect(solo.isAnchorLatched(0)).toBe(false);
    expect(tick(solo, 0, 0)).toEqual([0, 0]);
    tick(solo, 0, 0, 1);
    solo.setOn(false);
    expect(solo.controlled).toBe(0);
    expect(tick(solo, Left, Right)).toEqual([Left, Right]);
  });
});

/** The keyboard, as main.ts wires it: sample, then solo with the switch presses. */
function keyboardRig(keys: KeyBindings = DEFAULT_KEYS) {
  const { win, key } = fakeKeyboardWindow();
  const kb = createKeyboardInput(win, {}, keys);
  const solo = soloOn();
  const out = new Uint8Array(2);
  const sample = (): [number, number] => {
    kb.sample(out);
    solo.apply(out, kb.takeSwitchPresses());
    return [out[0], out[1]];
  };
  return { key, kb, solo, sample };
}

describe('solo with the real keyboard', () => {
  it('the switch key is Q, not a default player key', () => {
    expect(SOLO_SWITCH_KEY).toBe('KeyQ');
    const all = DEFAULT_KEYS.flatMap((p) => Object.values(p).flat());
    expect(all).not.toContain(SOLO_SWITCH_KEY);
  });

  it('holding the switch key (auto-repeat keydowns) switches once: no flicker', () => {
    const { key, solo, sample } = keyboardRig();
    key('keydown', 'KeyQ');
    sample();
    expect(solo.controlled).toBe(1);
    for (let i = 0; i < 10; i++) {
      key('keydown', 'KeyQ', true);
      sample();
      expect(solo.controlled).toBe(1);
    }
    key('keyup', 'KeyQ');
    sample();
    expect(solo.controlled).toBe(1);
    key('keydown', 'KeyQ');
    key('keydown', 'KeyD');
    expect(sample()).toEqual([Right, 0]); // back on P1; D, pressed in the switch's own tick, acts at once
  });

  it('P2 arrows drive P1 while P1 is controlled; after Q, WASD drive P2', () => {
    const { key, sample } = keyboardRig();
    key('keydown', 'ArrowRight');
    expect(sample()).toEqual([Right, 0]);
    key('keyup', 'ArrowRight');
    key('keydown', 'KeyQ');
    key('keyup', 'KeyQ');
    sample();
    key('keydown', 'KeyA');
    expect(sample()).toEqual([0, Left]);
  });

  it('anchor latch through the keyboard: F held, Q, F released: P1 stays anchored while P2 runs', () => {
    const { key, solo, sample } = keyboardRig();
    key('keydown', 'KeyF');
    expect(sample()).toEqual([Anchor, 0]);
    key('keydown', 'KeyQ');
    expect(sample()).toEqual([Anchor, 0]);
    key('keyup', 'KeyQ');
    key('keyup', 'KeyF');
    key('keydown', 'ArrowLeft');
    expect(sample()).toEqual([Anchor, Left]);
    key('keyup', 'ArrowLeft');
    key('keydown', 'KeyQ');
    expect(sample()).toEqual([0, 0]); // back on P1 with F up: let go
    expect(solo.isAnchorLatched(0)).toBe(false);
  });

  it('works with remapped keys (P1 anchor on K, P2 left on J)', () => {
    let r = rebindKey(DEFAULT_KEYS, 0, 'anchor', 'KeyK');
    if (!r.ok) throw new Error(r.reason);
    r = rebindKey(r.keys, 1, 'left', 'KeyJ');
    if (!r.ok) throw new Error(r.reason);
    const { key, sample } = keyboardRig(r.keys);
    key('keydown', 'KeyF'); // no longer anyone's key
    expect(sample()).toEqual([0, 0]);
    key('keyup', 'KeyF');
    key('keydown', 'KeyK');
    expect(sample()).toEqual([Anchor, 0]);
    key('keydown', 'KeyQ');
    expect(sample()).toEqual([Anchor, 0]);
    key('keyup', 'KeyK');
    key('keyup', 'KeyQ');
    key('keydown', 'KeyJ');
    expect(sample()).toEqual([Anchor, Left]);
  });

  it('clear() (focus lost) forgets a switch press not yet sampled; unknown keys do nothing', () => {
    const { key, kb, solo, sample } = keyboardRig();
    key('keydown', 'KeyQ');
    kb.clear();
    key('keydown', 'Unidentified');
    key('keydown', '');
    expect(sample()).toEqual([0, 0]);
    expect(solo.controlled).toBe(0);
  });
});

describe('solo with a gamepad', () => {
  function padRig() {
    type Pad = { index: number; connected: boolean; buttons: { pressed: boolean }[]; axes: number[] };
    const list: Array<Pad | null> = [null, null];
    const host: GamepadHost = { navigator: { getGamepads: () => list } };
    const state = { playing: true };
    const pads = createGamepadInput(host, { isPlaying: () => state.playing });
    const pad: Pad = { index: 0, connected: true, buttons: Array.from({ length: 17 }, () => ({ pressed: false })), axes: [0, 0] };
    list[0] = pad;
    const solo = soloOn();
    const out = new Uint8Array(2);
    let now = 0;
    const frame = (): [number, number] => {
      pads.poll((now += 16));
      out.fill(0);
      pads.sample(out);
      solo.apply(out, pads.takeSwitchPresses());
      return [out[0], out[1]];
    };
    return { pad, state, solo, frame };
  }

  it('LB and RB read as the shoulder control (not "other")', () => {
    const buttons = Array.from({ length: 17 }, (_, i) => ({ pressed: i === 4 }));
    expect(readPadControls({ index: 0, buttons })).toBe(PadControl.Shoulder);
    buttons[4] = { pressed: false };
    buttons[5] = { pressed: true };
    expect(readPadControls({ index: 0, buttons })).toBe(PadControl.Shoulder);
  });

  it('the first pad drives the controlled one; a shoulder press switches once however long it is held', () => {
    const { pad, solo, frame } = padRig();
    pad.buttons[15] = { pressed: true }; // d-pad right: joins P1's slot and moves
    expect(frame()).toEqual([Right, 0]);
    pad.buttons[15] = { pressed: false };
    pad.buttons[5] = { pressed: true }; // RB
    frame();
    expect(solo.controlled).toBe(1);
    for (let i = 0; i < 5; i++) frame();
    expect(solo.controlled).toBe(1);
    pad.buttons[14] = { pressed: true }; // d-pad left: now P2 moves
    expect(frame()).toEqual([0, Left]);
  });

  it('shoulder presses outside play (menus) do not switch', () => {
    const { pad, state, solo, frame } = padRig();
    pad.buttons[0] = { pressed: true };
    frame(); // join
    pad.buttons[0] = { pressed: false };
    frame();
    state.playing = false;
    pad.buttons[4] = { pressed: true };
    frame();
    expect(solo.controlled).toBe(0);
  });
});
