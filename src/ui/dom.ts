// The one DOM helper the screens share.

/** Creates a `tag` element with `className` (and `text`, if given) and appends it to `parent`. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, parent: HTMLElement, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  parent.appendChild(node);
  return node;
}
