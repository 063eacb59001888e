// Key remapping: reserved UI keys can never become player keys, a key taken from another action
// moves (swap) instead of being shared, and the keyboard input follows the new table.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_KEYS, createKeyboardInput, findConflicts, isBindableKey, keyLabel, rebindKey, reservedKeyUse,
  type KeyBindings,
} from '../../src/input/keyboard';
import { Button } from '../../src/sim';
import { fakeKeyboardWindow } from './fakeKeyboardWindow';

describe('reserved keys', () => {
  it.each(['Escape', 'KeyP', 'KeyR', 'KeyM', 'F3', 'F8', 'Tab'])('%s cannot be bound', (code) => {
    expect(reservedKeyUse(code)).not.toBeNull();
    expect(isBindableKey(code)).toBe(false);
    const r = rebindKey(DEFAULT_KEYS, 0, 'jump', code);
    expect(r.ok).toBe(false);
  });

  it('ordinary keys can be bound; junk cannot', () => {
    expect(isBindableKey('KeyI')).toBe(true);
    expect(isBindableKey('Numpad8')).toBe(true);
    expect(isBindableKey('')).toBe(false);
    expect(isBindableKey('a b')).toBe(false);
    expect(isBindableKey(42)).toBe(false);
  });
});

describe('rebindKey', () => {
  it('a free key replaces the action\'s keys and nothing else changes', () => {
    const r = rebindKey(DEFAULT_KEYS, 0, 'jump', 'KeyI');
    if (!r.ok) throw new Error(r.reason);
    expect(r.keys[0].jump).toEqual(['KeyI']);
    expect(r.movedFrom).toBeNull();
    expect({ ...r.keys[0], jump: DEFAULT_KEYS[0].jump }).toEqual(DEFAULT_KEYS[0]);
    expect(r.keys[1]).toEqual(DEFAULT_KEYS[1]);
    expect(findConflicts(r.keys)).toEqual([]);
  });

  it('the new binding wins: a key of the other player moves, and that action takes the old key (swap)', () => {
    const r = rebindKey(DEFAULT_KEYS, 0, 'jump', 'ArrowUp');
    if (!r.ok) throw new Error(r.reason);
    expect(r.keys[0].jump).toEqual(['ArrowUp']);
    expect(r.keys[1].jump).toEqual(['KeyW']);
    expect(r.movedFrom).toEqual({ slot: 1, action: 'jump', keys: ['KeyW'] });
    expect(findConflicts(r.keys)).toEqual([]);
  });

  it('an action that keeps another key just loses the taken one', () => {
    const r = rebindKey(DEFAULT_KEYS, 0, 'anchor', 'ShiftRight');
    if (!r.ok) throw new Error(r.reason);
    expect(r.keys[1].anchor).toEqual(['Slash']);
    expect(r.keys[0].anchor).toEqual(['ShiftRight']);
    expect(findConflicts(r.keys)).toEqual([]);
  });

  it('does not change the table it was given', () => {
    const before = JSON.stringify(DEFAULT_KEYS);
    rebindKey(DEFAULT_KEYS, 1, 'left', 'KeyA');
    expect(JSON.stringify(DEFAULT_KEYS)).toBe(before);
  });
});

describe('findConflicts', () => {
  it('finds a key shared by two actions (e.g. a hand-edited settings file)', () => {
    const keys: KeyBindings = [{ ...DEFAULT_KEYS[0], down: ['KeyW'] }, { ...DEFAULT_KEYS[1], jump: ['KeyW', 'ArrowUp'] }];
    const found = findConflicts(keys);
    expect(found.map((c) => [c.code, c.a, c.b])).toEqual([
      ['KeyW', { slot: 0, action: 'jump' }, { slot: 0, action: 'down' }],
      ['KeyW', { slot: 0, action: 'jump' }, { slot: 1, action: 'jump' }],
    ]);
  });

  it('the default table has none', () => {
    expect(findConflicts(DEFAULT_KEYS)).toEqual([]);
  });
});

it('keyLabel names keys as printed', () => {
  expect(['KeyA', 'Digit4', 'ArrowUp', 'Slash', 'ShiftRight', 'Numpad8', 'Space'].map(keyLabel))
    .toEqual(['A', '4', '↑', '/', 'Right Shift', 'Num 8', 'Space']);
});

describe('createKeyboardInput with bindings from the settings', () => {
  it('uses the keys it was given and follows setBindings; the old key stops working', () => {
    const { win, key } = fakeKeyboardWindow();
    const r = rebindKey(DEFAULT_KEYS, 0, 'jump', 'KeyI');
    if (!r.ok) throw new Error(r.reason);
    const kb = createKeyboardInput(win, {});
    const out = new Uint8Array(2);
    key('keydown', 'KeyW');
    kb.sample(out);
    expect(out[0]).toBe(Button.Jump);
    key('keyup', 'KeyW');
    kb.setBindings(r.keys);
    key('keydown', 'KeyW');
    kb.sample(out);
    expect(out[0]).toBe(0);
    key('keydown', 'KeyI');
    kb.sample(out);
    expect(out[0]).toBe(Button.Jump);
    expect(out[1]).toBe(0);
  });

  it('a reserved key in the table is ignored as a player key and keeps its UI use (M mutes)', () => {
    const { win, key } = fakeKeyboardWindow();
    let mutes = 0;
    const keys: KeyBindings = [{ ...DEFAULT_KEYS[0], jump: ['KeyM'] }, DEFAULT_KEYS[1]];
    const kb = createKeyboardInput(win, { onToggleMute: () => mutes++ }, keys);
    const out = new Uint8Array(2);
    key('keydown', 'KeyM');
    kb.sample(out);
    expect(out[0]).toBe(0);
    expect(mutes).toBe(1);
  });
});

describe('rebindKey on a table that already has a conflict', () => {
  it('does not swap a shared key into a third action: the other action keeps the key and the conflict shows', () => {
    // P1 and P2 both jump with W (a hand-edited file); P2 jump <- A (P1 left's key).
    const keys: KeyBindings = [DEFAULT_KEYS[0], { ...DEFAULT_KEYS[1], jump: ['KeyW'] }];
    const r = rebindKey(keys, 1, 'jump', 'KeyA');
    if (!r.ok) throw new Error(r.reason);
    expect(r.keys[1].jump).toEqual(['KeyA']);
    expect(r.keys[0].jump).toEqual(['KeyW']);
    expect(r.keys[0].left).toEqual(['KeyA']); // W is P1 jump's: not handed to P1 left too
    expect(findConflicts(r.keys).map((c) => c.code)).toEqual(['KeyA']);
  });
});

describe('createKeyboardInput through a pause (suspend, resume)', () => {
  it('a key held through the pause still counts after it; keys pressed on the pause menu, or let go there, do not', () => {
    const { win, key } = fakeKeyboardWindow();
    const kb = createKeyboardInput(win, {});
    const out = new Uint8Array(2);
    key('keydown', 'Slash'); // P2 anchors
    key('keydown', 'KeyD'); // P1 walks right
    kb.sample(out);
    expect([out[0], out[1]]).toEqual([Button.Right, Button.Anchor]);
    kb.suspend(); // Esc: the pause menu
    key('keyup', 'KeyD'); // P1 lets go on the menu...
    key('keydown', 'KeyD'); // ...and presses it again there
    key('keydown', 'ArrowDown'); // P2's down moves the menu's cursor
    kb.resume();
    kb.sample(out);
    expect([out[0], out[1]]).toEqual([0, Button.Anchor]); // only the anchor held all along
    // A key let go and pressed again after the resume counts as usual.
    key('keyup', 'KeyD');
    key('keydown', 'KeyD');
    kb.sample(out);
    expect(out[0]).toBe(Button.Right);
  });

  it('a pause that also lost focus (blur clears) keeps nothing; resume without suspend clears', () => {
    const { win, key } = fakeKeyboardWindow();
    const kb = createKeyboardInput(win, {});
    const out = new Uint8Array(2);
    key('keydown', 'Slash');
    kb.suspend();
    kb.clear(); // the window lost focus: its key-ups will never come
    kb.resume();
    kb.sample(out);
    expect(out[1]).toBe(0);
    key('keydown', 'KeyF');
    kb.resume();
    kb.sample(out);
    expect(out[0]).toBe(0);
  });
});
