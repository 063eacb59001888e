// The readable start of a JSON text that may be cut off or damaged (a stored record the browser
// truncated, a byte gone wrong): everything up to the first point where the text stops being JSON.
// Objects and arrays keep their members read in full; a value cut short (a number that might
// have had more digits, half a string, `tr`) is dropped rather than guessed. Keys become own
// properties, as with JSON.parse, so `__proto__` is a key and never a prototype.
//
// Rejected alternative: the `partial-json` package, which does the same for streamed text but
// stores members with `obj[key] = value`, so a `__proto__` key in damaged text replaces the
// result's prototype (and the readers would find its fields by lookup), and it reads `tr` as true.

/** What could be read: `value` is undefined when not even one value was complete. */
export interface JsonPrefix {
  value: unknown;
  /** True when the whole text was valid JSON. */
  isComplete: boolean;
}

/** Deepest nesting read (JSON.parse has no limit, but a hostile record must not blow the stack). */
const MAX_DEPTH = 64;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const WHITESPACE = /[ \t\n\r]*/y;
/** Returned by a reader whose value was cut short or broken: the text stops being readable there. */
const STOP = Symbol('stop');

export function parseJsonPrefix(text: string): JsonPrefix {
  try {
    return { value: JSON.parse(text) as unknown, isComplete: true };
  } catch {
    // read below as far as it goes
  }
  let at = 0;

  const skipSpace = (): void => {
    WHITESPACE.lastIndex = at;
    WHITESPACE.exec(text);
    at = WHITESPACE.lastIndex;
  };
  const match = (re: RegExp): string | null => {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) return null;
    at = re.lastIndex;
    return m[0];
  };
  /** A scalar counts only when something that can follow a value comes after it. */
  const isEnded = (): boolean => {
    skipSpace();
    return at < text.length && ',]}'.includes(text[at]);
  };

  const readValue = (depth: number): unknown => {
    skipSpace();
    if (at >= text.length || depth > MAX_DEPTH) return STOP;
    const c = text[at];
    if (c === '{') return readObject(depth);
    if (c === '[') return readArray(depth);
    if (c === '"') {
      const s = match(STRING); // a closed string is whole
      return s !== null ? (JSON.parse(s) as string) : STOP;
    }
    for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, at) && !/[A-Za-z0-9]/.test(text[at + word.length] ?? '')) {
        at += word.length;
        return value;
      }
    }
    // A number at the end of the text may have lost digits (12 of 123): only one followed by
    // what can come after a value counts.
    const n = match(NUMBER);
    return n !== null && isEnded() ? Number(n) : STOP;
  };

  // A container cut short keeps the members read so far, and the reading stops there.
  let isStopped = false;

  const readObject = (depth: number): unknown => {
    const out: Record<string, unknown> = {};
    at++; // {
    skipSpace();
    if (text[at] === '}') { at++; return out; }
    for (;;) {
      skipSpace();
      const key = match(STRING);
      if (key === null) break;
      skipSpace();
      if (text[at] !== ':') break;
      at++;
      const value = readValue(depth + 1);
      if (value === STOP) break;
      Object.defineProperty(out, JSON.parse(key) as string, { value, enumerable: true, writable: true, configurable: true });
      if (isStopped) return out;
      skipSpace();
      if (text[at] === ',') { at++; continue; }
      if (text[at] === '}') { at++; return out; }
      break;
    }
    isStopped = true;
    return out;
  };

  const readArray = (depth: number): unknown => {
    const out: unknown[] = [];
    at++; // [
    skipSpace();
    if (text[at] === ']') { at++; return out; }
    for (;;) {
      const value = readValue(depth + 1);
      if (value === STOP) break;
      out.push(value);
      if (isStopped) return out;
      skipSpace();
      if (text[at] === ',') { at++; continue; }
      if (text[at] === ']') { at++; return out; }
      break;
    }
    isStopped = true;
    return out;
  };

  const value = readValue(0);
  return { value: value === STOP ? undefined : value, isComplete: false };
}
