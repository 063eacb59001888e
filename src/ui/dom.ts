// The DOM helpers the screens share: creating elements, and hover that follows only real mouse moves.

/** Creates a `tag` element with `className` (and `text`, if given) and appends it to `parent`. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, parent: HTMLElement, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  parent.appendChild(node);
  return node;
}

// The pointer's last two positions, recorded before any element sees the event.
let lastX = Number.NaN;
let lastY = Number.NaN;
let hasMoved = false;
if (typeof window !== 'undefined') {
  window.addEventListener('mousemove', (e) => {
    hasMoved = e.screenX !== lastX || e.screenY !== lastY;
    lastX = e.screenX;
    lastY = e.screenY;
  }, { capture: true, passive: true });
}

/**
 * Calls `onHover` when the mouse really moves over `node`. Not mouseenter: the browser also fires
 * that when a menu appears or scrolls under a resting pointer, which would yank the cursor away from
 * where the keys or a gamepad put it.
 */
export function onPointerHover(node: HTMLElement, onHover: () => void): void {
  node.addEventListener('mousemove', () => {
    if (hasMoved) onHover();
  });
}

/**
 * Scrolls the screen panel holding `node` (when its content overflows: a tiny window) so that
 * `node` is in view. Only the panel moves: scrollIntoView would also scroll the game's fixed,
 * overflow-hidden root and shift the canvas.
 */
export function scrollIntoPanel(node: HTMLElement): void {
  const panel = node.closest<HTMLElement>('.panel');
  if (!panel || panel.scrollHeight <= panel.clientHeight) return;
  // Under the UI's CSS zoom (uiScale.ts) bounding rects are zoomed and scrollTop / offsetHeight are
  // not: the rect difference is brought back to the panel's own px.
  const box = panel.getBoundingClientRect();
  const zoom = panel.offsetHeight > 0 && box.height > 0 ? box.height / panel.offsetHeight : 1;
  const top = (node.getBoundingClientRect().top - box.top) / zoom + panel.scrollTop;
  const bottom = top + node.offsetHeight;
  if (top < panel.scrollTop) panel.scrollTop = top;
  else if (bottom > panel.scrollTop + panel.clientHeight) panel.scrollTop = bottom - panel.clientHeight;
}
