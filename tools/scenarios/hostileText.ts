// Text a hostile or unlucky user can put where the game reads keys and records: every name a
// JavaScript prototype answers to (an object used as a map must never find one of these by
// lookup), and every truncation of a stored record. Used by the Node and browser hostile-input tests.

/** Prototypes whose property names could answer a lookup in a plain object or array. */
const PROTOTYPES: readonly object[] = [
  Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype,
  Boolean.prototype, Symbol.prototype, RegExp.prototype, Date.prototype, Error.prototype,
  Promise.prototype, Map.prototype, Set.prototype, Object, Function, Array,
];

/**
 * Every own property name of those prototypes (`constructor`, `toString`, `hasOwnProperty`,
 * `__defineGetter__`, `length`, `call`, ...) plus `__proto__` and `prototype`, sorted.
 */
export const PROTOTYPE_NAMES: readonly string[] = [...new Set([
  '__proto__', 'prototype',
  ...PROTOTYPES.flatMap((p) => Object.getOwnPropertyNames(p)),
])].sort();

/** The names of Object.prototype alone (what `{}` inherits): the ones a plain object map finds. */
export const OBJECT_PROTOTYPE_NAMES: readonly string[] = [...Object.getOwnPropertyNames(Object.prototype)].sort();

/** Names that also look like a `KeyboardEvent.code` (a letter, then letters and digits). */
export const PROTOTYPE_KEY_CODES: readonly string[] = PROTOTYPE_NAMES.filter((n) => /^[A-Za-z][A-Za-z0-9]{0,31}$/.test(n));

/** `text` cut after every character: '', 'a', 'ab', ... up to all but the last character. */
export function truncations(text: string): string[] {
  const out: string[] = [];
  for (let n = 0; n < text.length; n++) out.push(text.slice(0, n));
  return out;
}
