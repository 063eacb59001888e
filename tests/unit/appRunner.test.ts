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
    show(..._args: unknown[]) { screen.isUp = true; log.push(`show ${name}`); screen.onShow?.(); },
    open() { screen.show(); },
    update() { log.push(`update ${name}`); },
    setIsSaved() {},
    hide() { screen.isUp = false; },
    handleAction(action: MenuAction) { screen.actions.push(action); return true; },
  };
  return screen;
}

function fakeGame() {
  const log: string[] = [];
  const screens = {
    title: fakeScreen('title', log), levelSelect: fakeScreen('levelSelect', log), pause: fakeScreen('pause', log),
    complete: fakeScreen('complete', log), settings: fakeScreen('settings', log), controls: fakeScreen('controls', log),
  };
  const deps: AppRunnerDeps = {
    screens,
    env: () => ({ catalog, progress: freshProgress() }),
    progress: { recordCompletion: () => { throw new Error('not in these tests'); }, setUnlockAll() {}, isPersistent: true },
    session: { start: () => log.push('start attempt') },
    previews: createLevelPreviews(),
    keyboard: { clear: () => log.push('clear keys') },
    reconnect: { waitingForReconnect: null, dismissReconnect: () => false },
    errorBox: { setErrors: (title, messages) => log.push(`errors ${title} ${messages.join('|')}`) },
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

  it('an effect that throws leaves dispatch usable (the error handler then reports the crash)', () => {
    const { app, screens } = fakeGame();
    screens.title.onShow = () => { throw new Error('draw failed'); };
    expect(() => app.dispatch({ type: 'boot', query: null })).toThrow('draw failed');
    screens.title.onShow = null;
    app.dispatch({ type: 'crash', title: 'The game stopped because of an error', message: 'Error: draw failed' });
    expect(app.state.view.screen).toBe('crashed');
  });
});
