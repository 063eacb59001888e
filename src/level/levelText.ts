// Level text inside our own sentences. A level's name, an id that failed its pattern, a file name
// or a ?level= value can hold right-to-left letters and bidi controls; put into a sentence as they
// are, a right-to-left override reverses the rest of it ("0 shtaeD"). Wherever such text is shown
// in plain text (messages, the page title, tooltips) it is isolated with FIRST STRONG ISOLATE ...
// POP DIRECTIONAL ISOLATE; in the DOM the screens put it in <bdi> elements instead, with its own
// isolate controls balanced (balanceIsolates).

/**
 * `text` with its isolate controls balanced: a POP DIRECTIONAL ISOLATE with no isolate of the text's
 * own open is dropped, and isolates the text leaves open are closed at its end. Unbalanced, they
 * break out of the isolate around the text (a <bdi> too: "Gap \u2069\u202Eevil" reversed the HUD
 * again in Chromium). Embeddings and overrides need nothing: an isolate's end closes them.
 */
export function balanceIsolates(text: string): string {
  if (!/[\u2066-\u2069]/.test(text)) return text;
  let out = '';
  let open = 0;
  for (const ch of text) {
    if (ch === '\u2069') {
      if (open === 0) continue;
      open--;
    } else if (ch === '\u2066' || ch === '\u2067' || ch === '\u2068') {
      open++;
    }
    out += ch;
  }
  return out + '\u2069'.repeat(open);
}

/**
 * `text` isolated for a plain-text sentence (FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE).
 * Printable ASCII cannot reorder what is around it and is returned unchanged (so messages about
 * ordinary levels read, and compare, as before).
 */
export function isolateText(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `\u2068${balanceIsolates(text)}\u2069`;
}

/**
 * A value read from a file, for a message: short, never recursive (a 10^5-deep array must not
 * overflow the stack), strings quoted and isolated, and a number that JSON.parse made infinite
 * shown as what it is (JSON.stringify wrote it as "null": "1e309 ... (got null)").
 */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return isolateText(JSON.stringify(value.length <= 40 ? value : `${value.slice(0, 37)}...`));
  if (typeof value === 'number' && !Number.isFinite(value)) {
    if (Number.isNaN(value)) return 'NaN';
    return `a number too ${value < 0 ? 'far below zero' : 'large'} to hold — ${value < 0 ? '-' : ''}1e309 and beyond read as ${value < 0 ? '-' : ''}Infinity`;
  }
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? '[...]' : '{...}';
}
