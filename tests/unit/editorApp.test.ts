// The app's editor views (issue 15) in Node: how the title's Create, `?edit` and a shared link open
// the editor, how test-play starts, ends (F5 / Esc / focus lost) and clears the draft, and that a
// finish in test-play never touches the campaign's progress.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { transition, type AppEffect, type AppEnv, type AppEvent } from '../../src/app/appMachine';
import { initialAppState, isPlaying, musicScreenOf, openLevelOf, routeMenuAction, type AppState } from '../../src/app/appState';
import { createLevelCatalog } from '../../src/app/levelCatalog';
import { freshProgress } from '../../src/app/progress';
import { parseLevel } from '../../src/level/parseLevel';

const text = readFileSync('levels/03-first-gap.json', 'utf8');
const env: AppEnv = { catalog: createLevelCatalog({ '../../levels/03-first-gap.json': text }), progress: freshProgress() };

function run(events: AppEvent[], state: AppState = initialAppState): { state: AppState; effects: AppEffect[] } {
  const effects: AppEffect[] = [];
  for (const event of events) {
    const next = transition(state, event, env);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects };
}

const kinds = (effects: AppEffect[]) => effects.map((e) => e.kind);
const parsed = parseLevel(text);
if (!parsed.ok) throw new Error(parsed.errors.join('; '));
const testPlay = (fromCheckpoint = -1): AppEvent => ({
  type: 'testPlay', level: { text, id: parsed.id, name: parsed.name, catalogFile: null, baseName: 'draft' }, def: parsed.def, fromCheckpoint,
});
const editing = run([{ type: 'boot', query: null }, { type: 'openEditor', start: { kind: 'resume' } }]).state;

describe('opening the editor', () => {
  it('Create on the title opens the editor on the last draft', () => {
    const { state, effects } = run([{ type: 'boot', query: null }, { type: 'openEditor', start: { kind: 'resume' } }]);
    expect(state.view).toEqual({ screen: 'editor' });
    expect(effects).toContainEqual({ kind: 'showEditor', start: { kind: 'resume' } });
    expect(effects).toContainEqual({ kind: 'hideScreens' });
  });

  it('?edit and a shared link open the editor at start-up, whatever ?level= says', () => {
    expect(run([{ type: 'boot', query: '3', edit: true }]).state.view).toEqual({ screen: 'editor' });
    const link = run([{ type: 'boot', query: null, link: '#share=1.abc' }]);
    expect(link.effects).toContainEqual({ kind: 'showEditor', start: { kind: 'link', fragment: '#share=1.abc' } });
  });

  it('Exit goes back to the title with the editor hidden', () => {
    const { state, effects } = run([{ type: 'closeEditor' }], editing);
    expect(state.view).toEqual({ screen: 'title' });
    expect(effects[0]).toEqual({ kind: 'setEditorMode', mode: 'hidden' });
    expect(kinds(effects)).toContain('showTitle');
  });

  it('the editor takes its own keys: menu actions do nothing there', () => {
    for (const action of ['back', 'confirm', 'up', 'pause'] as const) {
      expect(routeMenuAction(editing, action, { isRepeat: false, isWaitingForReconnect: false })).toEqual({ kind: 'none' });
    }
  });
});

describe('test-play', () => {
  it('plays the parsed draft with the camera kept, and ticks like a level', () => {
    const { state, effects } = run([testPlay()], editing);
    expect(state.view.screen).toBe('testPlay');
    expect(isPlaying(state)).toBe(true);
    expect(musicScreenOf(state)).toBe('playing');
    expect(openLevelOf(state)?.source).toEqual({ kind: 'editor' });
    expect(kinds(effects)).toEqual(['setEditorMode', 'startAttempt', 'clearKeys', 'focusGame']);
    expect(effects[0]).toEqual({ kind: 'setEditorMode', mode: 'play' });
    expect(effects[1]).toMatchObject({ keepCamera: true });
  });

  it('F5 / the button, Esc and a lost focus return to the editor', () => {
    const playing = run([testPlay()], editing).state;
    for (const event of [{ type: 'endTestPlay' }, { type: 'back' }, { type: 'pause' }] as AppEvent[]) {
      const { state, effects } = run([event], playing);
      expect(state.view).toEqual({ screen: 'editor' });
      expect(effects).toContainEqual({ kind: 'setEditorMode', mode: 'edit' });
    }
    expect(routeMenuAction(playing, 'back', { isRepeat: false, isWaitingForReconnect: false })).toEqual({ kind: 'endTestPlay' });
    expect(routeMenuAction(playing, 'pause', { isRepeat: false, isWaitingForReconnect: false })).toEqual({ kind: 'none' });
  });

  it('R restarts the test-play, still in test-play', () => {
    const { state, effects } = run([testPlay(), { type: 'restart' }], editing);
    expect(state.view.screen).toBe('testPlay');
    expect(kinds(effects).filter((k) => k === 'startAttempt')).toHaveLength(2);
  });

  it('a finish from the spawns clears the draft; one from a checkpoint or a replay does not; no progress is recorded', () => {
    const fromSpawns = run([testPlay(), { type: 'completed', ticks: 300, deaths: 0, isReplay: false }], editing);
    expect(fromSpawns.state.view).toEqual({ screen: 'editor' });
    expect(fromSpawns.effects).toContainEqual({ kind: 'testPlayCleared', ticks: 300 });
    expect(kinds(fromSpawns.effects)).not.toContain('recordCompletion');
    const fromCheckpoint = run([testPlay(0), { type: 'completed', ticks: 300, deaths: 0, isReplay: false }], editing);
    expect(kinds(fromCheckpoint.effects)).not.toContain('testPlayCleared');
    const replayed = run([testPlay(), { type: 'completed', ticks: 300, deaths: 0, isReplay: true }], editing);
    expect(kinds(replayed.effects)).not.toContain('testPlayCleared');
  });

  it('a lost picture ends the test-play', () => {
    const { state, effects } = run([testPlay(), { type: 'pictureLost' }], editing);
    expect(state.view).toEqual({ screen: 'editor' });
    expect(effects).toContainEqual({ kind: 'showPictureLost', isLost: true });
    expect(run([testPlay()], state).state.view).toEqual({ screen: 'editor' }); // no play without a picture
  });

  it("a shared link's Play plays it as a level from elsewhere, with the editor hidden", () => {
    const { state, effects } = run([{ type: 'playLink', level: { text, id: parsed.id, name: parsed.name, catalogFile: null, baseName: 'shared' }, def: parsed.def }], editing);
    expect(state.view.screen).toBe('playing');
    expect(openLevelOf(state)?.source).toEqual({ kind: 'file' });
    expect(effects).toContainEqual({ kind: 'setEditorMode', mode: 'hidden' });
  });
});
