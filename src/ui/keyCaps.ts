// Keys drawn as key caps (`<kbd>`), the one way the HUD and the teaching prompts show a key.
// Labels are escaped: key codes come from stored settings.

import { keyLabel } from '../input/keyboard';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `KeyF` -> `<kbd>F</kbd>`. */
export function keyCapHtml(code: string): string {
  return `<kbd>${escapeHtml(keyLabel(code))}</kbd>`;
}
