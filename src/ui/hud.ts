// DOM overlays on top of the canvas: controls hint, the level being played with its death count,
// level errors and the F3 debug overlay. DOM rather than pixi text: crisp at any DPI, selectable,
// and easy for tests to read.
// Updates write to the DOM only when a shown value changes.

import './hud.css';
import { balanceIsolates } from '../level/levelText';
import { el } from './dom';
import type { KeyBindings, PlayerAction } from '../input/keyboard';
import { SOLO_SWITCH_KEY } from '../input/soloControl';
import { keyCapHtml } from './keyCaps';

export interface DebugStats {
  fps: number;
  /** Mean sim time per tick over the last measuring window, ms. */
  simMsPerTick: number;
  /** Mean main-thread time of drawing a frame over the last measuring window, ms. */
  drawMsPerFrame: number;
  /** Where a tick went: the costliest substep stages and systems, ms per tick (costliest first). */
  stages: ReadonlyArray<readonly [string, number]>;
  /** Largest rope segment stretch, fraction (0.01 = 1 %). */
  maxStretch: number;
  tick: number;
  droppedTicks: number;
}

export interface Hud {
  /** Shows the level's name and the deaths of this attempt (top centre), with an "Assists on" tag
   *  while an assist (game speed, invincibility) is active; null hides it (menus). */
  setRun(run: { levelName: string; deaths: number; hasAssists?: boolean; gems?: number; gemTotal?: number } | null): void;
  /** A short note under the run line for NOTE_SEC of drawn frames (a checkpoint reached: the
   *  flag turning blue alone went unnoticed in a blind playtest); null takes it away at once. */
  showNote(text: string | null): void;
  /** Ages the note by one drawn frame of `frameSec` (driven by the frame loop, as the death flash). */
  ageNote(frameSec: number): void;
  /** Shows level errors in a readable box; an empty list hides it. */
  setErrors(title: string, errors: readonly string[]): void;
  toggleDebug(): void;
  readonly isDebugVisible: boolean;
  /** Shows the "● REC" indicator (recording a replay, F8) or a replay-mode label; null hides it. */
  setRecordingLabel(label: string | null): void;
  /** Shows which player each gamepad plays and a "press a button to join" hint; null hides it. */
  setGamepads(label: string | null): void;
  setDebug(stats: DebugStats): void;
  /** Writes the players' keys (remapped in the settings) into the controls hint. */
  setKeys(keys: KeyBindings): void;
  /** Solo mode: the hint line first says whom the keys drive (slot 0 = P1) and the switch key;
   *  null (two players, or no level played) takes that away. */
  setSolo(controlled: number | null): void;
  /** Quiet: the players' keys fade out of the controls hint (the solo line stays). It lies over
   *  the level's bottom row, where a blind tester could not see Crate Steps' spikes. */
  setHintQuiet(isQuiet: boolean): void;
}

// Three groups that each stay on one line; a narrow window wraps between groups, not inside one.
const HINT_HTML =
  '<span class="group"><span class="p1">P1</span> <kbd>A</kbd><kbd>D</kbd> move · <kbd>W</kbd> jump · ' +
  '<kbd>S</kbd> down · <kbd>F</kbd> anchor</span>' +
  '<span class="group"><span class="p2">P2</span> <kbd>←</kbd><kbd>→</kbd> move · <kbd>↑</kbd> jump · ' +
  '<kbd>↓</kbd> down · <kbd>/</kbd> or <kbd>Right Shift</kbd> anchor</span>' +
  '<span class="group"><kbd>R</kbd> restart · <kbd>Esc</kbd> / <kbd>P</kbd> pause · <kbd>F3</kbd> debug · <kbd>F8</kbd> record replay</span>';


/** The hint's two player groups for `keys` (labels escaped: they come from stored settings). */
function playerHintHtml(keys: KeyBindings): string {
  const k = (slot: number, action: PlayerAction) => keys[slot][action].map(keyCapHtml).join(' or ');
  return [0, 1].map((slot) => `<span class="group"><span class="p${slot + 1}">P${slot + 1}</span> ` +
    `${k(slot, 'left')}${k(slot, 'right')} move · ${k(slot, 'jump')} jump · ${k(slot, 'down')} down · ${k(slot, 'anchor')} anchor</span>`).join('');
}

/** How long a note (showNote) stays, s. */
export const NOTE_SEC = 2.5;

export function createHud(parent: HTMLElement): Hud {
  const root = el('div', 'hud', parent);
  const hint = el('div', 'hud-hint', root);
  // Its own element before the player groups, so setKeys rewriting them leaves it alone.
  const solo = el('span', 'solo', hint);
  solo.hidden = true;
  const players = el('span', 'players', hint);
  players.innerHTML = HINT_HTML;
  let soloShown: number | null = null;
  let isHintQuiet = false;

  const run = el('div', 'hud-run', root);
  run.hidden = true;
  // <bdi>: the level's name is isolated, so a right-to-left override in it cannot reverse the
  // death count after it ("0 shtaeD").
  const runName = el('bdi', 'name', run);
  const runDeaths = el('span', 'deaths', run);
  const runGems = el('span', 'gems', run);
  runGems.hidden = true;
  const runAssists = el('span', 'assists', run, 'Assists on');
  runAssists.hidden = true;

  const note = el('div', 'hud-note', root);
  note.hidden = true;
  note.setAttribute('role', 'status');
  let noteLeft = 0;
  let isNoteFresh = false;

  const errorBox = el('div', 'hud-errors', root);
  errorBox.hidden = true;
  errorBox.setAttribute('role', 'alert');
  const errorTitle = el('h2', '', errorBox);
  const errorList = el('ul', '', errorBox);

  const debug = el('div', 'hud-debug', root);
  debug.hidden = true;
  const recording = el('div', 'hud-rec', root);
  recording.hidden = true;
  recording.setAttribute('role', 'status');
  const pads = el('div', 'hud-pads', root);
  pads.hidden = true;
  let runShown = '';
  let debugText = '';
  let lastStats: DebugStats | null = null;
  const writeDebug = (s: DebugStats): void => {
    const text =
      `FPS ${s.fps.toFixed(0)}\n` +
      `sim ${s.simMsPerTick.toFixed(3)} ms/tick\n` +
      `draw ${s.drawMsPerFrame.toFixed(2)} ms/frame\n` +
      s.stages.map(([name, ms]) => `  ${name} ${ms.toFixed(3)}\n`).join('') +
      `stretch ${(s.maxStretch * 100).toFixed(2)} %\n` +
      `tick ${s.tick}  dropped ${s.droppedTicks}`;
    if (text !== debugText) debug.textContent = debugText = text;
  };

  return {
    setRun(r): void {
      const key = r ? `${r.deaths}\n${r.hasAssists === true}\n${r.gems ?? 0}/${r.gemTotal ?? 0}\n${r.levelName}` : '';
      if (key === runShown) return;
      runShown = key;
      run.hidden = r === null;
      if (!r) return;
      runName.textContent = balanceIsolates(r.levelName);
      runDeaths.textContent = `Deaths ${r.deaths}`;
      runDeaths.classList.toggle('has-deaths', r.deaths > 0);
      runAssists.hidden = r.hasAssists !== true;
      runGems.hidden = !r.gemTotal;
      runGems.textContent = r.gemTotal ? `Gems ${r.gems ?? 0}/${r.gemTotal}` : '';
    },
    showNote(text): void {
      noteLeft = text === null ? 0 : NOTE_SEC;
      isNoteFresh = text !== null;
      if (text !== null) note.textContent = text;
      note.hidden = text === null;
    },
    ageNote(frameSec): void {
      if (noteLeft <= 0) return;
      // The frame that shows it does not age it: one long frame would end it unseen.
      if (isNoteFresh) {
        isNoteFresh = false;
        return;
      }
      noteLeft -= frameSec;
      if (noteLeft <= 0) note.hidden = true;
    },
    setErrors(title, errors): void {
      errorBox.hidden = errors.length === 0;
      errorTitle.textContent = title;
      errorList.replaceChildren(...errors.map((message) => {
        const item = document.createElement('li');
        item.textContent = message; // text, never HTML: messages quote level content
        return item;
      }));
    },
    toggleDebug(): void {
      debug.hidden = !debug.hidden;
      // Show the last numbers at once rather than an empty box until the next measuring window.
      if (debug.hidden) return;
      if (lastStats) writeDebug(lastStats);
      else debug.textContent = debugText = 'measuring…';
    },
    get isDebugVisible(): boolean {
      return !debug.hidden;
    },
    setHintQuiet(isQuiet): void {
      if (isQuiet === isHintQuiet) return;
      isHintQuiet = isQuiet;
      hint.classList.toggle('is-quiet', isQuiet);
    },
    setKeys(keys): void {
      const general = HINT_HTML.slice(HINT_HTML.lastIndexOf('<span class="group"><kbd>R'));
      players.innerHTML = playerHintHtml(keys) + general;
    },
    setSolo(controlled): void {
      if (controlled === soloShown) return;
      soloShown = controlled;
      solo.hidden = controlled === null;
      if (controlled === null) {
        solo.replaceChildren();
        return;
      }
      const who = controlled + 1;
      // Fixed text: the switch key is the game's, never a stored setting.
      solo.innerHTML = `Solo: moving <span class="p${who} controlled">P${who}</span> · ` +
        `${keyCapHtml(SOLO_SWITCH_KEY)} or pad <kbd>LB</kbd>/<kbd>RB</kbd> switch · either player's keys`;
    },
    setGamepads(label): void {
      pads.hidden = label === null;
      if (label !== null && pads.textContent !== label) pads.textContent = label;
    },
    setRecordingLabel(label): void {
      recording.hidden = label === null;
      if (label !== null && recording.textContent !== label) recording.textContent = label;
      recording.classList.toggle('is-playback', label !== null && !label.startsWith('●'));
    },
    setDebug(s): void {
      lastStats = s;
      if (!debug.hidden) writeDebug(s);
    },
  };
}
