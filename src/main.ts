// The composition root: the only file that wires level, sim, input, render, UI and the loop
// together. Whatever goes wrong (a bad level, no WebGL, a crash in a tick) ends up as a readable
// message on screen and in `window.__ropebound.errors`, never as a blank page.
//
// Screens: 'menu' (level select; the page without `?level=`), 'playing', 'complete' (after both
// players reach the goal). `?level=<id>` opens a level directly, bypassing the campaign's locks.
// Every level load goes through loadLevelText, whatever the level's source.

import { createAttemptTracker } from './app/attempt';
import { createDesignerTools } from './app/designerTools';
import { campaignLevels, firstUnfinished, nextLevel } from './app/campaign';
import { installDebugHandle, type ScreenName } from './app/debugHandle';
import { FrameStats } from './app/frameStats';
import { createLevelCatalog, describeCatalog, findLevel, type LevelEntry } from './app/levelCatalog';
import { levelTexts } from './app/levelFiles';
import { createLoop } from './app/loop';
import { createProgressStore } from './app/progress';
import { createKeyboardInput } from './input/keyboard';
import { parseLevel } from './level/parseLevel';
import { createRenderer, type GameRenderer } from './render/renderer';
import { PLAYER_COUNT } from './sim/constants';
import { step } from './sim/step';
import { createSimWorld, type SimWorld, type WorldDef } from './sim/world';
import { createCompleteScreen } from './ui/completeScreen';
import { createDeathFlash } from './ui/deathFlash';
import { createHud } from './ui/hud';
import { createLevelSelect } from './ui/levelSelect';

const appRoot = document.getElementById('app') ?? document.body;
const hud = createHud(appRoot);
const errors: string[] = [];
let isReady = false;
let renderer: GameRenderer | null = null;

function showErrors(title: string, messages: readonly string[]): void {
  errors.push(...messages);
  hud.setErrors(title, errors);
}

function clearErrors(): void {
  errors.length = 0;
  hud.setErrors('', errors);
}

function describe(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

// Every level file, bundled as text: `?level=<number, slug or id>` picks one (levelCatalog.ts).
// Replaced when a level file is saved while `npm run dev` runs (app/levelFiles.ts, designerTools.ts).
let catalog = createLevelCatalog(levelTexts);
// Finished levels and best times, by level id; in memory only when storage is unavailable.
const progress = createProgressStore(() => window.localStorage);

// ---- The level being played --------------------------------------------------------------------

let screen: ScreenName = 'menu';
let world: SimWorld | null = null;
let def: WorldDef | null = null;
/** The level loaded last: its id, its name and its campaign entry (null for a level from elsewhere). */
let current: { id: string; name: string; entry: LevelEntry | null; text: string; label: string } | null = null;
const attempt = createAttemptTracker();
const deathFlash = createDeathFlash(appRoot);

/**
 * Parses `text` and starts playing it from the beginning. `entry` is the campaign level it is
 * (progress is recorded and Enter leads to the next one), or null for a level from elsewhere (a
 * dropped or edited file); `label` names it in error messages. On a bad level the errors are shown,
 * the previous state stays as it was, and the result is false.
 */
function loadLevelText(text: string, entry: LevelEntry | null, label: string, opts: { keepCamera?: boolean } = {}): boolean {
  const result = parseLevel(text);
  if (!result.ok) {
    showErrors(`The level ${label} could not be loaded`, result.errors);
    return false;
  }
  def = result.def;
  current = { id: entry?.id ?? result.id, name: result.name, entry, text, label };
  document.title = `${result.name} · Ropebound`;
  startAttempt(createSimWorld(def), opts.keepCamera === true);
  return true;
}

/** Plays `next` from its start: fresh attempt, no screens, no keys left over from a menu. */
function startAttempt(next: SimWorld, keepCamera = false): void {
  world = next;
  attempt.reset(next);
  deathFlash.clear();
  renderer?.clearEffects();
  if (!keepCamera) renderer?.snapCamera(); // a live reload of the same level eases instead
  loop?.resetClock();
  levelSelect.hide();
  completeScreen.hide();
  screen = 'playing';
}

function restart(): void {
  if (screen === 'menu' || !def) return;
  const wasPlaying = screen === 'playing';
  startAttempt(createSimWorld(def));
  designer.onRestart(); // a replay or an F8 recording starts over with the level
  // From the complete screen, keys pressed there must not reach the new attempt.
  if (!wasPlaying) keyboard.clear();
}

/** The URL says which campaign level is open, so a reload comes back to it (and the menu drops it). */
function setLevelInUrl(id: string | null): void {
  const url = new URL(window.location.href);
  if (id === null) url.searchParams.delete('level');
  else url.searchParams.set('level', id);
  window.history.replaceState(window.history.state, '', url);
}

function startCampaignLevel(entry: LevelEntry): void {
  clearErrors();
  if (!loadLevelText(entry.text, entry, entry.file)) return;
  setLevelInUrl(entry.id);
  keyboard.clear();
  renderer?.canvas.focus();
}

function finishLevel(w: SimWorld): void {
  screen = 'complete';
  const ticks = w.completedTick + 1;
  const deaths = w.rules.deaths[0];
  let bestTicks: number | null = null;
  let isNewBest = false;
  if (current?.entry && !designer.isReplaying) { // a replay's completion is not the players' own
    const result = progress.recordCompletion(current.entry.id, ticks, deaths);
    bestTicks = result.record.bestTicks;
    isNewBest = result.isNewBest && result.previousBestTicks !== null;
  }
  const next = current?.entry ? nextLevel(catalog, current.entry.id) : null;
  completeScreen.show({ levelName: current?.name ?? '', ticks, deaths, bestTicks, isNewBest, nextName: next?.name ?? null });
}

function goToNextLevel(): void {
  const entry = current?.entry ?? null;
  const next = entry ? nextLevel(catalog, entry.id) : null;
  if (next) startCampaignLevel(next);
  else if (entry) showMenu(entry.id, 'Campaign complete! Every level is done: try to beat your best times.');
  else showMenu(null);
}

// ---- Menu --------------------------------------------------------------------------------------

/** Worlds drawn behind the menu, one per level, built when first highlighted (never stepped),
 *  with the level's description for the menu. */
const previews = new Map<string, { world: SimWorld | null; description: string }>();
let preview: SimWorld | null = null;

function previewOf(entry: LevelEntry): { world: SimWorld | null; description: string } {
  let found = previews.get(entry.id);
  if (!found) {
    const result = parseLevel(entry.text);
    found = result.ok
      ? { world: createSimWorld(result.def), description: result.level.description ?? '' }
      : { world: null, description: 'This level file has errors: open it to see them.' };
    previews.set(entry.id, found);
  }
  return found;
}

const levelSelect = createLevelSelect(appRoot, {
  onStart: startCampaignLevel,
  onToggleUnlockAll(isOn) {
    progress.setUnlockAll(isOn);
    levelSelect.update(campaignLevels(catalog, progress.progress), progress.progress.unlockAll);
    levelSelect.setIsSaved(progress.isPersistent);
  },
  onSelect(entry) {
    preview = previewOf(entry).world;
    renderer?.snapCamera();
  },
  describe: (entry) => previewOf(entry).description,
});

function showMenu(selectId: string | null, note: string | null = null): void {
  screen = 'menu';
  completeScreen.hide();
  deathFlash.clear();
  renderer?.clearEffects();
  clearErrors();
  document.title = 'Ropebound';
  setLevelInUrl(null);
  const rows = campaignLevels(catalog, progress.progress);
  const cursor = catalog[firstUnfinished(catalog, progress.progress)];
  levelSelect.show(rows, progress.progress.unlockAll, { selectId: selectId ?? cursor?.id, note });
  levelSelect.setIsSaved(progress.isPersistent);
  keyboard.clear();
}

const completeScreen = createCompleteScreen(appRoot, {
  onNext: goToNextLevel,
  onMenu: () => showMenu(current?.entry?.id ?? null),
  onRetry: restart,
});

// ---- Keys --------------------------------------------------------------------------------------

const keyboard = createKeyboardInput(window, {
  onToggleDebug: () => hud.toggleDebug(),
  onRestart: restart,
  onToggleRecord: () => designer.toggleRecording(),
});

// Live reload of the played level file, dropped level and replay files, F8 recording, `?replay`.
const designer = createDesignerTools(window, {
  current: () => (screen === 'menu' || !current ? null : {
    text: current.text, id: current.id, name: current.name,
    catalogFile: current.entry?.file ?? null, baseName: (current.entry?.file ?? current.label).replace(/\.json$/i, ''),
  }),
  load(level, _def, opts) {
    const entry = level.catalogFile ? catalog.find((e) => e.file === level.catalogFile) ?? null : null;
    loadLevelText(level.text, entry, level.catalogFile ?? `${level.baseName}.json`, opts);
  },
  restart,
  setMessages(title, messages) {
    clearErrors();
    if (messages.length > 0) showErrors(title, messages);
  },
  setStatusLabel: (label) => hud.setRecordingLabel(label),
  catalogChanged(next) {
    catalog = next;
    previews.clear();
    if (screen === 'menu') levelSelect.update(campaignLevels(catalog, progress.progress), progress.progress.unlockAll);
  },
});

/** Menu and screen keys. Player keys go to the keyboard input, which only the sim reads. */
function onScreenKey(e: KeyboardEvent): void {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const isConfirm = e.code === 'Enter' || e.code === 'NumpadEnter';
  if (screen === 'menu') {
    // Holding ↓ scrolls the list; holding Enter must not start a level by repeat.
    if ((e.repeat && (isConfirm || e.code === 'Space')) || !levelSelect.handleKey(e.code)) return;
    e.preventDefault();
  } else if (e.repeat) {
    return;
  } else if (screen === 'complete' && isConfirm) {
    e.preventDefault();
    goToNextLevel();
  } else if (e.code === 'Escape') {
    e.preventDefault();
    showMenu(current?.entry?.id ?? null);
  }
}
window.addEventListener('keydown', onScreenKey);

installDebugHandle(window, {
  isReady: () => isReady,
  // Only a level being played (or just completed) is "the world"; the menu's preview is not.
  world: () => (screen === 'menu' ? null : world),
  errors: () => errors,
  screen: () => screen,
  deaths: () => world?.rules.deaths[0] ?? 0,
  levelId: () => (screen === 'menu' ? null : current?.id ?? null),
  effects: () => ({ deathFlashSec: deathFlash.remainingSec, deathBursts: renderer?.deathBurstCount ?? 0 }),
  progress: () => ({ ...progress.progress, isPersistent: progress.isPersistent }),
  isRecording: () => designer.isRecording,
  lastReplay: () => designer.lastReplay(),
  replayStatus: () => designer.replayStatus(),
  camera: () => (renderer ? { x: renderer.camera.centerX, y: renderer.camera.centerY, zoom: renderer.camera.zoom } : null),
});

// ---- Start-up ----------------------------------------------------------------------------------

/** `?level=` opens that level directly (designers' deep link, no locks); no `?level=` opens the menu. */
function openFirstScreen(): void {
  const query = new URLSearchParams(window.location.search).get('level');
  if (catalog.length === 0) {
    showErrors('The game has no levels', ['levels/ holds no NN-name.json files']);
    return;
  }
  if (query === null || query.trim() === '') {
    showMenu(null);
    return;
  }
  let entry = findLevel(catalog, query);
  if (!entry) {
    showErrors(`There is no level '${query}'; playing level ${catalog[0].number} instead. The levels are:`, describeCatalog(catalog));
    entry = catalog[0];
  }
  if (!loadLevelText(entry.text, entry, entry.file)) screen = 'playing'; // the errors stay on screen
}

const inputs = new Uint8Array(PLAYER_COUNT);
const stats = new FrameStats();
let loop: ReturnType<typeof createLoop> | null = null;
const attemptHandlers = {
  onDied(slot: number, x: number, y: number): void {
    // The camera stays: the players are still there during the death pause; it cuts on the respawn.
    deathFlash.trigger();
    renderer?.showDeath(slot, x, y);
  },
  onRespawned(): void {
    // Everyone is put back: the camera cuts there like on R instead of sweeping across the level.
    renderer?.snapCamera();
  },
};

async function boot(): Promise<void> {
  openFirstScreen();
  designer.startFromUrl(window.location.search);
  try {
    renderer = await createRenderer(appRoot);
  } catch (e) {
    showErrors('The game could not start drawing (is WebGL available?)', [describe(e)]);
    return;
  }
  const gameRenderer = renderer;

  loop = createLoop(window, {
    tick(): void {
      if (screen !== 'playing' || !world) return;
      // One sample per tick, so a tap shorter than a frame still reaches exactly one tick.
      // More than one step only for a replay played faster (`&speed=N`).
      for (let n = designer.stepsPerTick(); n > 0 && screen === 'playing'; n--) {
        designer.sample(keyboard, inputs); // the keyboard, or a replay's masks; F8 records them
        const t0 = performance.now();
        step(world, inputs);
        stats.addTick(performance.now() - t0);
        designer.afterStep(world);
        attempt.afterTick(world, attemptHandlers);
        if (world.completedTick >= 0) finishLevel(world);
      }
    },
    render(alpha, frameSec): void {
      const shown = screen === 'menu' ? preview : world;
      gameRenderer.draw(shown, alpha, frameSec);
      deathFlash.update(frameSec);
      hud.setRun(screen === 'playing' && current ? { levelName: current.name, deaths: world?.rules.deaths[0] ?? 0 } : null);
      if (stats.addFrame(performance.now())) {
        hud.setDebug({
          fps: stats.fps,
          simMsPerTick: stats.simMsPerTick,
          maxStretch: shown?.maxStretch ?? 0,
          tick: shown?.tick ?? 0,
          droppedTicks: loop?.clock.droppedTicks ?? 0,
        });
      }
      isReady = true;
    },
  });

  // A crash inside a frame stops the loop with a message instead of throwing every frame.
  window.addEventListener('error', (event) => {
    loop?.stop();
    keyboard.dispose();
    showErrors('The game stopped because of an error', [describe(event.error ?? event.message)]);
  });
  loop.start();
}

boot().catch((e: unknown) => showErrors('The game could not start', [describe(e)]));
