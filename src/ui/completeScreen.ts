// The screen after both players reach the goal: level name, time, deaths in this attempt, the best
// time, and what Enter / Esc / R do. The keys are handled by main.ts; the buttons here only call
// the same actions for a mouse.

import { formatTicks } from '../app/campaign';
import './screens.css';
import { el } from './dom';

export interface CompleteInfo {
  levelName: string;
  /** Ticks from the start of the attempt to completion ((completedTick + 1)). */
  ticks: number;
  deaths: number;
  /** Best time in ticks including this run, or null when the run is not recorded. */
  bestTicks: number | null;
  isNewBest: boolean;
  /** What Enter does: the next level's name, or null when this was the last level. */
  nextName: string | null;
}

export interface CompleteActions {
  onNext(): void;
  onMenu(): void;
  onRetry(): void;
}

export interface CompleteScreen {
  show(info: CompleteInfo): void;
  hide(): void;
  readonly isVisible: boolean;
}


function stat(parent: HTMLElement, label: string, className: string): HTMLElement {
  const box = el('div', `stat ${className}`, parent);
  el('dt', '', box, label);
  return el('dd', '', box);
}

function button(parent: HTMLElement, key: string, onClick: () => void): HTMLSpanElement {
  const b = el('button', 'key-action', parent);
  b.type = 'button';
  b.tabIndex = -1; // never takes focus: Enter must not also "click" it
  el('kbd', '', b, key);
  b.append(': ');
  const label = el('span', 'label', b);
  b.addEventListener('click', onClick);
  return label;
}

export function createCompleteScreen(parent: HTMLElement, actions: CompleteActions): CompleteScreen {
  const root = el('div', 'screen complete-screen', parent);
  root.hidden = true;
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-label', 'Level complete');
  const panel = el('div', 'panel', root);
  el('h1', 'title', panel, 'Level complete!');
  const name = el('p', 'level-name', panel);
  const stats = el('dl', 'stats', panel);
  const time = stat(stats, 'Time', 'time');
  const deaths = stat(stats, 'Deaths', 'deaths');
  const best = stat(stats, 'Best', 'best');
  const badge = el('p', 'new-best', panel, 'New best time!');
  const keys = el('p', 'keys', panel);
  const nextLabel = button(keys, 'Enter', actions.onNext);
  keys.append(' · ');
  button(keys, 'Esc', actions.onMenu).textContent = 'level select';
  keys.append(' · ');
  button(keys, 'R', actions.onRetry).textContent = 'play again';
  root.addEventListener('mousedown', (e) => e.preventDefault());

  return {
    show(info) {
      name.textContent = info.levelName;
      time.textContent = formatTicks(info.ticks);
      deaths.textContent = String(info.deaths);
      best.textContent = info.bestTicks === null ? '—' : formatTicks(info.bestTicks);
      badge.hidden = !info.isNewBest;
      nextLabel.textContent = info.nextName === null ? 'finish the campaign' : 'next level';
      nextLabel.title = info.nextName ?? '';
      root.hidden = false;
    },
    hide() {
      root.hidden = true;
    },
    get isVisible() {
      return !root.hidden;
    },
  };
}
