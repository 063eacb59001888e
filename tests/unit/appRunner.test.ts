// The effect runner (src/app/appRunner.ts) in Node with fake screens and a fake stage: menu
// actions reach the screen that is up and nothing after a crash, showing a screen hides the others,
// an event sent while effects run waits its turn, and an effect that throws does not wedge dispatch.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAppRunner, type AppRunnerDeps } from '../../src/app/appRunner';
import { createLevelCatalog } from '../../src/app/levelCatalog';
import { createLevelPreviews } from '../../src/app/levelPreviews';
import { freshProgress } from '../../src/app/progress';
import type { MenuAction } from '../../src/input/menuAction';

const catalog = createLevelCatalog({
  '../../levels/01-tied-together.json': readFileSync('levels/01-tied-together.json', 'utf8'),
  '../../levels/03-first-gap.json': readFileSync('levels/03-first-gap.json', 'utf8'),
});

/** A fake screen: records what it was told, and whether it is up. */
function fakeScreen(name: string, log: string[]) {
  const screen = {
    isUp: false,
    actions: [] as MenuAction[],
    onShow: null as null | (() => void),
    /** What the last show() was given. */
    shown: [] as unknown[],
    show(...args: unknown[]) { screen.isUp = true; screen.shown = args; log.push(`show ${name}`); screen.onShow?.(); },
    open() { screen.show(); },
    update() { log.push(`update ${name}`); },
    setStorageNote() {},
    setSaveNote(note: string | null) { log.push(`save note ${name}: ${String(note)}`); },
    hide() { screen.isUp = false; },
    handleAction(action: MenuAction) { screen.actions.push(action); return true; },
  };
  return screen;
}

const noProgress: AppRunnerDeps['progress'] = {
  recordCompletion: () => { throw new Error('not in these tests'); }, setUnlockAll() {}, saveProblem: null, readState: 'ok',
};

function fakeGame(progress: AppRunnerDeps['progress'] = noProgress, levels = catalog) {
  const log: string[] = [];
  const screens = {
    title: fakeScreen('title', log), levelSelect: fakeScreen('levelSelect', log), pause: fakeScreen('pause', log),
    complete: fakeScreen('complete', log), settings: fakeScreen('settings', log), controls: fakeScreen('controls', log),
  };
  const deps: AppRunnerDeps = {
    screens,
    env: () => ({ catalog: levels, progress: freshProgress() }),
    progress,
    session: { start: () => log.push('start attempt') },
    previews: createLevelPreviews(),
    keyboard: { clear: () => log.push('clear keys'), suspend: () => log.push('suspend keys'), resume: () => log.push('resume keys') },
    retry: () => log.push('retry'),
    reconnect: { waitingForReconnect: null, dismissReconnect: () => false },
    errorBox: { setErrors: (title, messages) => log.push(`errors ${title} ${messages.join('|')}`) },
    pictureLost: { setLost: (isLost) => log.push(`picture lost ${isLost}`) },
    stage: {
      clearLevelEffects() {}, snapCamera() {}, focus() {}, resetClock() {},
      stop: () => log.push('stop'),
    },
    page: { setTitle() {}, setLevelInUrl() {}, reload: () => log.push('reload') },
    onAttemptStarted: () => log.push('attempt started'),
  };
  return { app: createAppRunner(deps), screens, log };
}

describe('app runner', () => {
  it('hands menu actions to the screen that is up, and showing a screen hides the others', () => {
    const { app, screens } = fakeGame();
    app.dispatch({ type: 'boot', query: null });
    expect(screens.title.isUp).toBe(true);
    expect(app.menuAction('down')).toBe(true);
    expect(screens.title.actions).toEqual(['down']);
    app.dispatch({ type: 'play' });
    expect(screens.title.isUp).toBe(false);
    expect(screens.levelSelect.isUp).toBe(true);
    app.menuAction('confirm');
    expect(screens.levelSelect.actions).toEqual(['confirm']);
    expect(app.preview).not.toBeNull(); // the title drew level 1 behind it
  });

  it('in play, Esc pauses (a repeat does not); the pause menu then gets the actions', () => {
    const { app, screens } = fakeGame();
    app.dispatch({ type: 'boot', query: 'first-gap' });
    expect(app.state.view.screen).toBe('playing');
    expect(app.menuAction('back', { isRepeat: true })).toBe(false);
    expect(app.menuAction('confirm')).toBe(false);
    expect(app.menuAction('back')).toBe(true);
    expect(app.state.view.screen).toBe('paused');
    expect(screens.pause.isUp).toBe(true);
    app.menuAction('back');
    expect(screens.pause.actions).toEqual(['back']);
  });

  it('Back to checkpoint on the pause menu hides it, resumes the keys and asks the input for a Retry, once', () => {
    const { app, screens, log } = fakeGame();
    app.dispatch({ type: 'boot', query: 'first-gap' });
    app.dispatch({ type: 'pause' });
    log.length = 0;
    app.dispatch({ type: 'backToCheckpoint' });
    expect(app.state.view.screen).toBe('playing');
    expect(screens.pause.isUp).toBe(false);
    expect(log.filter((l) => l === 'retry' || l === 'resume keys')).toEqual(['resume keys', 'retry']);
    app.dispatch({ type: 'backToCheckpoint' }); // not paused: nothing
    expect(log.filter((l) => l === 'retry')).toEqual(['retry']);
  });

  it('after a crash no screen gets a menu action, the game stops, and R reloads', () => {
    const { app, screens, log } = fakeGame();
    app.dispatch({ type: 'boot', query: null });
    app.dispatch({ type: 'crash', title: 'The game stopped because of an error', message: 'Error: boom' });
    expect(log).toContain('stop');
    expect(screens.title.isUp).toBe(false);
    for (const action of ['confirm', 'back', 'down'] as const) expect(app.menuAction(action)).toBe(false);
    expect(Object.values(screens).every((s) => s.actions.length === 0)).toBe(true);
    expect(app.errors).toEqual(['Error: boom']);
    app.dispatch({ type: 'restart' });
    expect(log.at(-1)).toBe('reload');
  });

  it('an event sent while effects run is handled after them', () => {
    const { app, screens, log } = fakeGame();
    app.dispatch({ type: 'boot', query: null });
    // The level select reporting a Back the moment it is shown (as a screen's callback could).
    screens.levelSelect.onShow = () => app.dispatch({ type: 'back' });
    app.dispatch({ type: 'play' });
    // The level select's own effects finish (clear keys) before Back's begin (clear errors, the title).
    expect(log.slice(log.lastIndexOf('show levelSelect'))).toEqual(['show levelSelect', 'clear keys', 'errors  ', 'show title', 'clear keys']);
    expect(app.state.view.screen).toBe('title');
  });

  // Bug: finishing a level with the storage full kept the progress for the session but told the player nothing.
  it('a finish the storage refused puts "progress can\'t be saved" on the complete screen', () => {
    const problem = { saveProblem: null as 'full' | null };
    const { app, log } = fakeGame({
      setUnlockAll() {},
      readState: 'ok',
      recordCompletion: () => { problem.saveProblem = 'full'; return { previousBestTicks: null, isNewBest: true, record: { bestTicks: 900, bestDeaths: 0, fewestDeaths: 0, finishes: 1 }, isSaved: false }; },
      get saveProblem() { return problem.saveProblem; },
    });
    app.dispatch({ type: 'boot', query: 'first-gap' });
    app.dispatch({ type: 'completed', ticks: 900, deaths: 0, isReplay: false });
    expect(app.state.view.screen).toBe('complete');
    const notes = log.filter((l) => l.startsWith('save note complete'));
    expect(notes).toEqual([expect.stringMatching(/^save note complete: Progress can't be saved in this browser \(its storage is full\)/)]);
    expect(log.indexOf('show complete')).toBeLessThan(log.indexOf(notes[0]));
  });

  // Every campaign level has gems, so the browser tests cannot show a level without any.
  it('the level select shows a level\'s gems as most of total, and nothing for a level without gems', () => {
    const tied = readFileSync('levels/01-tied-together.json', 'utf8');
    const gap = JSON.parse(readFileSync('levels/03-first-gap.json', 'utf8')) as { gems?: unknown[] };
    const gemTotal = (JSON.parse(tied) as { gems: unknown[] }).gems.length;
    expect(gemTotal).toBeGreaterThan(0);
    delete gap.gems;
    const { app, screens } = fakeGame(noProgress, createLevelCatalog({
      '../../levels/01-tied-together.json': tied,
      '../../levels/03-first-gap.json': JSON.stringify(gap),
    }));
    app.dispatch({ type: 'boot', query: null });
    app.dispatch({ type: 'play' });
    const rows = screens.levelSelect.shown[0] as Array<{ id: string; gems?: { most: number; total: number } | null }>;
    expect(rows.map((r) => [r.id, r.gems])).toEqual([
      ['tied-together', { most: 0, total: gemTotal }],
      ['first-gap', null],
    ]);
  });

  it('an effect that throws leaves dispatch usable (the error handler then reports the crash)', () => {
    const { app, screens } = fakeGame();
    screens.title.onShow = () => { throw new Error('draw failed'); };
    expect(() => app.dispatch({ type: 'boot', query: null })).toThrow('draw failed');
    screens.title.onShow = null;
    app.dispatch({ type: 'crash', title: 'The game stopped because of an error', message: 'Error: draw failed' });
    expect(app.state.view.screen).toBe('crashed');
  });
});
