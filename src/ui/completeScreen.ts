// The screen after both players reach the goal: level name, time, deaths in this attempt, the best
// time, and its actions as a row of buttons with a cursor: left/right (or up/down) move it, confirm
// activates it (it starts on "next level", so Enter goes on), back is level select, and R (handled
// by the app) plays again. A level outside the campaign (a dropped file) has no next level: its row
// is "level select · play again", with the cursor on play again. Keyboard, gamepad and mouse all work.

import { balanceIsolates, isolateText } from '../level/levelText';
import { el } from './dom';
import type { MenuSounds } from './menuCursor';
import { createMenuScreen, type MenuScreen } from './menuScreen';

export interface CompleteInfo {
  levelName: string;
  /** The run's time as shown, e.g. '12.35 s'. */
  time: string;
  deaths: number;
  /** The best time as shown, including this run; null when the run is not recorded. */
  best: string | null;
  isNewBest: boolean;
  /** The level's par time as shown ('20 s'), or null when it has none. */
  par: string | null;
  /** This run's time is within par. */
  isUnderPar: boolean;
  /** Fewest deaths in any finished run, or null when the run is not recorded. */
  fewestDeaths: number | null;
  /** Gems collected this run as shown ('2 of 3'), or null for a level without gems. */
  gems?: string | null;
  /** What "next" offers: the next campaign level (by name), the end of the campaign, or nothing
   *  (a level outside the campaign: the item is hidden and Enter plays the level again). */
  next: { kind: 'level'; name: string } | { kind: 'campaignEnd' } | { kind: 'none' };
  /** Why the result could not be saved (storage full or blocked), or null. */
  saveNote?: string | null;
}

export interface CompleteActions {
  onNext(): void;
  onMenu(): void;
  onRetry(): void;
  /** Esc or a pad's B (the app opens the level select). */
  onBack(): void;
  sounds?: MenuSounds;
}

export interface CompleteScreen extends Omit<MenuScreen, 'root' | 'menu' | 'show'> {
  show(info: CompleteInfo): void;
  /** Shows (or with null hides) the line saying the result could not be saved. */
  setSaveNote(note: string | null): void;
}

function stat(parent: HTMLElement, label: string, className: string): HTMLElement {
  const box = el('div', `stat ${className}`, parent);
  el('dt', '', box, label);
  return el('dd', '', box);
}

export function createCompleteScreen(parent: HTMLElement, actions: CompleteActions): CompleteScreen {
  let fields: {
    name: HTMLElement; time: HTMLElement; deaths: HTMLElement; gems: HTMLElement; best: HTMLElement; par: HTMLElement;
    fewest: HTMLElement; badge: HTMLElement; underPar: HTMLElement; saveNote: HTMLElement;
  } | null = null;
  const screen = createMenuScreen(parent, {
    className: 'complete-screen',
    dialogLabel: 'Level complete',
    body(panel) {
      el('h1', 'title', panel, 'Level complete!');
      const name = el('bdi', '', el('p', 'level-name', panel)); // isolated: level text
      const stats = el('dl', 'stats', panel);
      fields = {
        name,
        time: stat(stats, 'Time', 'time'),
        deaths: stat(stats, 'Deaths', 'deaths'),
        gems: stat(stats, 'Gems', 'gems'),
        best: stat(stats, 'Best', 'best'),
        par: stat(stats, 'Par', 'par'),
        fewest: el('p', 'fewest', panel),
        badge: el('p', 'new-best', panel, 'New best time!'),
        underPar: el('p', 'under-par', panel, 'Under par!'),
        saveNote: el('p', 'unsaved-note save-note', panel),
      };
      fields.saveNote.setAttribute('role', 'alert');
      fields.saveNote.hidden = true;
      return el('div', 'keys', panel);
    },
    items: [
      { id: 'next', key: 'Enter', label: 'next level', onActivate: actions.onNext },
      { id: 'menu', key: 'Esc', label: 'level select', onActivate: actions.onMenu },
      { id: 'retry', key: 'R', label: 'play again', onActivate: actions.onRetry },
    ],
    menu: { label: 'After the level', isRow: true, separator: ' · ' },
    onBack: actions.onBack,
    sounds: actions.sounds,
  });

  const setSaveNote = (note: string | null): void => {
    if (!fields) return;
    fields.saveNote.hidden = note === null;
    fields.saveNote.textContent = note ?? '';
  };

  return {
    setSaveNote,
    show(info) {
      if (!fields) return;
      fields.name.textContent = balanceIsolates(info.levelName);
      fields.time.textContent = info.time;
      fields.deaths.textContent = String(info.deaths);
      fields.gems.textContent = info.gems ?? '';
      (fields.gems.parentElement as HTMLElement).hidden = !info.gems;
      fields.best.textContent = info.best ?? '—';
      fields.badge.hidden = !info.isNewBest;
      fields.par.textContent = info.par ?? '—';
      (fields.par.parentElement as HTMLElement).hidden = info.par === null;
      fields.underPar.hidden = !info.isUnderPar;
      fields.fewest.hidden = info.fewestDeaths === null;
      fields.fewest.textContent = info.fewestDeaths === null ? '' : `Fewest deaths: ${info.fewestDeaths}`;
      setSaveNote(info.saveNote ?? null);
      const { next } = info;
      screen.menu.setHidden('next', next.kind === 'none');
      // The tooltip is plain text: the name isolated with bidi controls instead of a <bdi>.
      screen.menu.setLabel('next', next.kind === 'campaignEnd' ? 'finish the campaign' : 'next level', next.kind === 'level' ? isolateText(next.name) : '');
      screen.show(next.kind === 'none' ? 'retry' : 'next');
    },
    hide: screen.hide,
    get isVisible() {
      return screen.isVisible;
    },
    handleAction: screen.handleAction,
  };
}
