// The screen after both players reach the goal: level name, time, deaths in this attempt, the best
// time, and its three actions as a row of buttons with a cursor: left/right (or up/down) move it,
// confirm activates it (it starts on "next level", so Enter goes on), back is level select, and R
// (handled by main.ts) plays again. Keyboard, gamepad and mouse all work.

import { formatTicks } from '../app/campaign';
import type { MenuAction } from '../input/menuAction';
import './screens.css';
import { el } from './dom';
import { createMenuList, type MenuSounds } from './menuList';

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
  sounds?: MenuSounds;
}

export interface CompleteScreen {
  show(info: CompleteInfo): void;
  hide(): void;
  readonly isVisible: boolean;
  /** Moves the cursor, confirm activates, back opens the level select; true when used. */
  handleAction(action: MenuAction): boolean;
}


function stat(parent: HTMLElement, label: string, className: string): HTMLElement {
  const box = el('div', `stat ${className}`, parent);
  el('dt', '', box, label);
  return el('dd', '', box);
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
  const keys = el('div', 'keys', panel);
  const menu = createMenuList(keys, [
    { id: 'next', key: 'Enter', label: 'next level', onActivate: actions.onNext },
    { id: 'menu', key: 'Esc', label: 'level select', onActivate: actions.onMenu },
    { id: 'retry', key: 'R', label: 'play again', onActivate: actions.onRetry },
  ], { label: 'After the level', isRow: true, separator: ' · ', sounds: actions.sounds });

  return {
    show(info) {
      name.textContent = info.levelName;
      time.textContent = formatTicks(info.ticks);
      deaths.textContent = String(info.deaths);
      best.textContent = info.bestTicks === null ? '—' : formatTicks(info.bestTicks);
      badge.hidden = !info.isNewBest;
      menu.setLabel('next', info.nextName === null ? 'finish the campaign' : 'next level');
      const nextButton = menu.root.querySelector<HTMLElement>('[data-item="next"]');
      if (nextButton) nextButton.title = info.nextName ?? '';
      menu.setCursor('next');
      root.hidden = false;
    },
    hide() {
      root.hidden = true;
    },
    get isVisible() {
      return !root.hidden;
    },
    handleAction(action) {
      if (root.hidden) return false;
      if (action === 'back') {
        actions.sounds?.onSelect?.();
        actions.onMenu();
        return true;
      }
      return menu.handleAction(action);
    },
  };
}
