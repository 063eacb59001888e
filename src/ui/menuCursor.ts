// The one cursor of every menu (menu lists, the level select, the settings rows): it wraps at both
// ends, skips what cannot be chosen, and plays the move sound only when it really moved. Screens
// keep their own painting; `markCursor` gives menu items and settings rows the same look.

/** Optional hooks for menu sounds (the audio layer plugs in here); every screen takes one. */
export interface MenuSounds {
  /** The cursor moved to another item. */
  onMove?(): void;
  /** An item was activated. */
  onSelect?(): void;
}

export interface MenuCursor {
  readonly index: number;
  /** Moves to item `i` (wrapped into range): `onMove` and the move sound when it changed. */
  moveTo(i: number): void;
  /** Moves `delta` items on, past items that cannot be chosen. */
  step(delta: -1 | 1): void;
  /** Puts the cursor on `i` quietly (no sound, no `onMove`): a screen opening or being rebuilt. */
  set(i: number): void;
}

export interface MenuCursorOptions {
  /** How many items there are now (lists can change length). */
  count(): number;
  /** The cursor moved: repaint, scroll, preview. */
  onMove(index: number): void;
  /** False for an item the cursor must skip (a hidden button). Default: every item. */
  isChoosable?(index: number): boolean;
  sounds?: MenuSounds;
}

export function createMenuCursor(opts: MenuCursorOptions): MenuCursor {
  let index = 0;
  const wrap = (i: number): number => {
    const n = opts.count();
    return n > 0 ? ((i % n) + n) % n : 0;
  };
  const moveTo = (i: number): void => {
    const next = wrap(i);
    if (next === index) return;
    index = next;
    opts.onMove(index);
    opts.sounds?.onMove?.();
  };
  return {
    get index() {
      return index;
    },
    moveTo,
    step(delta) {
      let i = index;
      for (let tries = opts.count(); tries > 0; tries--) {
        i = wrap(i + delta);
        if (opts.isChoosable?.(i) ?? true) break;
      }
      moveTo(i);
    },
    set(i) {
      index = wrap(i);
    },
  };
}

/** Shows whether `node` is under the cursor: `.is-cursor` (screens.css) and `aria-current`. */
export function markCursor(node: HTMLElement, isCursor: boolean): void {
  node.classList.toggle('is-cursor', isCursor);
  if (isCursor) node.setAttribute('aria-current', 'true');
  else node.removeAttribute('aria-current');
}
