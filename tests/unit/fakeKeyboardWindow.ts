// A window with just what src/input/keyboard.ts listens to, for Node tests of keyboard input:
// `key(type, code, repeat)` fires a keydown / keyup at its listeners (`repeat` marks auto-repeat).
export function fakeKeyboardWindow(): { win: Window; key: (type: 'keydown' | 'keyup', code: string, repeat?: boolean) => void } {
  const listeners = new Map<string, Set<(e: unknown) => void>>();
  const on = (type: string, fn: (e: unknown) => void) => {
    if (!listeners.has(type)) listeners.set(type, new Set());
    listeners.get(type)!.add(fn);
  };
  const doc = { hidden: false, addEventListener: on, removeEventListener: () => {} };
  const win = { document: doc, addEventListener: on, removeEventListener: () => {} } as unknown as Window;
  const key = (type: 'keydown' | 'keyup', code: string, repeat = false) => {
    const e = { code, type, repeat, ctrlKey: false, metaKey: false, altKey: false, target: null, preventDefault() {} };
    for (const fn of listeners.get(type) ?? []) fn(e);
  };
  return { win, key };
}
