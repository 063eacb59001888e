// What a teaching prompt says: the verb's keys for each player, drawn as key caps from the current
// bindings (or pad buttons for a player on a gamepad), then a few words. Short on purpose: the
// prompt sits in the level next to the players, so it must read at a glance.

import type { HintVerb } from '../level/levelSchema';
import type { PlayerKeys } from '../input/keyboard';
import { escapeHtml, keyCapHtml } from './keyCaps';

/** How one player plays: their keys, and whether a gamepad is theirs (then its buttons are shown). */
export interface PlayerControls {
  keys: PlayerKeys;
  isPad: boolean;
}

type Control = 'move' | 'jump' | 'anchor';

/** Per verb: the control that does it and the words after the keys (2-4 words). */
export const VERB_PROMPTS: Readonly<Record<HintVerb, { control: Control; words: string }>> = {
  walk: { control: 'move', words: 'walk together' },
  jump: { control: 'jump', words: 'jump' },
  anchor: { control: 'anchor', words: 'hold to anchor' },
  swing: { control: 'move', words: 'swing under an anchor' },
  // "Hold": a blind tester tapped left/right quickly, which does almost nothing; holding each way
  // for about half a swing is what pumps it.
  pump: { control: 'move', words: 'hold with each swing' },
  rappel: { control: 'anchor', words: 'anchor, partner walks off' },
  haul: { control: 'move', words: 'walk away to haul' },
  // The last step of a haul: the rope lifts the hauled one's centre only to the edge (a blind
  // tester was left hanging there with no prompt saying how to get up).
  climb: { control: 'move', words: 'push in to climb' },
  bump: { control: 'move', words: 'run into the crate' },
  ride: { control: 'move', words: 'step on and ride' },
};

/**
 * What the game tells players it did not do for them, or did to them, shown like a verb's line.
 * anchorOnCrate: the anchor key held on a crate (anchors hold on stone and platforms only; the sim
 * ignores the key there, and a blind tester pressed it on a crate and saw nothing happen).
 * anchorTorn: a moving platform tore a player's anchor loose (a blind tester thought it a bug).
 */
export type PromptNote = 'anchorOnCrate' | 'anchorTorn';

export const NOTE_PROMPTS: Readonly<Record<PromptNote, { control: Control; words: string }>> = {
  anchorOnCrate: { control: 'anchor', words: 'anchors hold on stone, not crates' },
  anchorTorn: { control: 'anchor', words: 'the platform tore the anchor loose' },
};

/** Standard-mapping pad buttons (src/input/gamepadMapping.ts): stick or d-pad, A / Cross, X / Square. */
const PAD_CAPS: Readonly<Record<Control, string>> = {
  move: '<kbd class="pad">◀</kbd><kbd class="pad">▶</kbd>',
  jump: '<kbd class="pad">A</kbd>',
  anchor: '<kbd class="pad">X</kbd>',
};

/** One player's caps for `control`: the first key of each action (the one the settings list first). */
function capsHtml(player: PlayerControls, control: Control): string {
  if (player.isPad) return PAD_CAPS[control];
  if (control === 'move') return keyCapHtml(player.keys.left[0] ?? '') + keyCapHtml(player.keys.right[0] ?? '');
  return keyCapHtml(player.keys[control][0] ?? '');
}

/** "[F] / [/] hold to anchor", P1's caps and P2's in the players' colours. */
export function promptLineHtml(verb: HintVerb, players: readonly [PlayerControls, PlayerControls]): string {
  return lineHtml(VERB_PROMPTS[verb], players);
}

/** A note's line, in the same form as a verb's. */
export function noteLineHtml(note: PromptNote, players: readonly [PlayerControls, PlayerControls]): string {
  return lineHtml(NOTE_PROMPTS[note], players);
}

function lineHtml({ control, words }: { control: Control; words: string }, players: readonly [PlayerControls, PlayerControls]): string {
  return `<span class="p1">${capsHtml(players[0], control)}</span><span class="or">/</span>` +
    `<span class="p2">${capsHtml(players[1], control)}</span> <span class="words">${escapeHtml(words)}</span>`;
}
