// The tool column's teaching-hint tool: a list of the verbs the game teaches (HINT_VERBS, the level
// schema's own list, so a verb added there shows up here) and the Hint button that arms one click
// on the level to place a hint for the verb chosen. Picking a verb arms the tool too.

import { el } from '../../ui/dom';
import { HINT_VERBS, type HintVerb } from '../doc';

export interface HintPicker {
  button: HTMLButtonElement;
  /** Shows `verb` as the chosen one (the tool was picked some other way). */
  show(verb: HintVerb): void;
}

export function createHintPicker(parent: HTMLElement, pick: (verb: HintVerb) => void): HintPicker {
  const row = el('div', 'ed-hint-tool', parent);
  const button = el('button', '', row, 'Hint');
  button.type = 'button';
  button.title = 'Click the level to place a teaching prompt for the verb chosen beside (its area\'s top-left corner); drag it, resize it by its corners, Delete removes it';
  // The keyboard stays on the level, as with the other tool buttons.
  button.addEventListener('mousedown', (e) => e.preventDefault());
  const select = el('select', 'ed-hint-verb', row);
  select.title = 'The verb the hint teaches';
  for (const verb of HINT_VERBS) el('option', '', select, verb).value = verb;
  const chosen = (): HintVerb => HINT_VERBS.find((v) => v === select.value) ?? HINT_VERBS[0];
  button.addEventListener('click', () => pick(chosen()));
  select.addEventListener('change', () => {
    pick(chosen());
    select.blur(); // back to the level's keys (a focused list would take them)
  });
  return { button, show(verb) { select.value = verb; } };
}
