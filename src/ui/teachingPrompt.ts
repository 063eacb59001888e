// The teaching prompt: a small caption floating above the players in the level, one line per verb
// still to learn there ("[F] / [/] hold to anchor"). DOM, like the HUD: crisp at any DPI and easy
// for tests to read. It never takes pointer events, and writes to the DOM only when what it shows
// changes (its position moves every frame, by a transform).

import './teaching.css';
import type { HintVerb } from '../level/levelSchema';
import { el } from './dom';
import { noteLineHtml, promptLineHtml, type PlayerControls, type PromptNote } from './teachingText';

/** What to show: the verbs' lines, and the screen point (CSS px) the caption's bottom centre sits at. */
export interface ShownPrompt {
  verbs: readonly HintVerb[];
  /** Shown above the verbs' lines. */
  notes: readonly PromptNote[];
  x: number;
  y: number;
}

export interface TeachingPrompt {
  /** Shows the prompt, or hides it (null). */
  show(prompt: ShownPrompt | null): void;
  /** The players' controls changed (keys remapped, a pad joined or left). */
  setControls(players: readonly [PlayerControls, PlayerControls]): void;
}

/** Space kept between the caption and the window's edges, px. */
const EDGE_PX = 8;

export function createTeachingPrompt(parent: HTMLElement): TeachingPrompt {
  const root = el('div', 'teach-prompt', parent);
  root.hidden = true;
  root.setAttribute('role', 'status');
  let controls: readonly [PlayerControls, PlayerControls] | null = null;
  let shownHtml = '';
  let measuredHtml = '';
  let measuredW = 0;
  let measuredH = 0;
  let halfWidth = 0;
  let height = 0;

  return {
    show(prompt) {
      if (prompt === null || prompt.verbs.length + prompt.notes.length === 0 || controls === null) {
        root.hidden = true;
        return;
      }
      const players = controls;
      const html = prompt.notes.map((note) => `<div class="line" data-note="${note}">${noteLineHtml(note, players)}</div>`).join('') +
        prompt.verbs.map((verb) => `<div class="line" data-verb="${verb}">${promptLineHtml(verb, players)}</div>`).join('');
      const wasHidden = root.hidden;
      root.hidden = false;
      const w = parent.clientWidth;
      const h = parent.clientHeight;
      if (html !== shownHtml) root.innerHTML = shownHtml = html;
      // Measured again when it changes or the window does (its font follows the window's size).
      if (html !== measuredHtml || w !== measuredW || h !== measuredH || wasHidden) {
        measuredHtml = html;
        measuredW = w;
        measuredH = h;
        halfWidth = root.offsetWidth / 2;
        height = root.offsetHeight;
      }
      // Kept inside the window: a player near the screen's edge still sees the whole caption.
      const x = Math.min(Math.max(prompt.x, halfWidth + EDGE_PX), Math.max(halfWidth + EDGE_PX, w - halfWidth - EDGE_PX));
      const y = Math.max(prompt.y, height + EDGE_PX);
      root.style.transform = `translate(${Math.round(x - halfWidth)}px, ${Math.round(y - height)}px)`;
    },
    setControls(players) {
      controls = players;
      shownHtml = ''; // rewritten with the new keys on the next show
    },
  };
}
