// The composition root: the only file that wires level, sim, input, render, UI and the loop
// together. Whatever goes wrong (a bad level, no WebGL, a crash in a tick) ends up as a readable
// message on screen and in `window.__ropebound.errors`, never as a blank page.
//
// Screens: 'title' (the page without `?level=`), 'menu' (level select, from the title's Play),
// 'playing', 'paused' (Esc, P, a pad's Start, or the window losing focus), 'complete' (after both
// players reach the goal), and 'settings' / 'controls' over the title or the pause menu.
// `?level=<id>` opens a level directly, bypassing the campaign's locks. Every menu input, from keys
// or a gamepad, goes through handleMenuAction as a MenuAction.
// Every level load goes through loadLevelText, whatever the level's source.

// Before anything of pixi runs: its shader and uniform code without eval / new Function, which
// index.html's Content-Security-Policy forbids.
import 'pixi.js/unsafe-eval';
import { createAttemptTracker } from './app/attempt';
import { createAudio } from './audio/audio';
import { createDesignerTools } from './app/designerTools';
import { campaignLevels, firstUnfinished, formatTicks, nextLevel } from './app/campaign';
import { installDebugHandle, type ScreenName } from './app/debugHandle';
import { FrameStats } from './app/frameStats';
import { createLevelCatalog, describeCatalog, findLevel, type LevelEntry } from './app/levelCatalog';
import { levelTexts } from './app/levelFiles';
import { createLoop } from './app/loop';
import { createProgressStore } from './app/progress';
import {
  GAME_SPEED_STEP, MIN_GAME_SPEED, createSettingsStore, hasAssists, isInvincibleStep, type Settings,
} from './app/settings';
import { createGamepadInput, describePadSlots } from './input/gamepad';
import { createKeyboardInput } from './input/keyboard';
import { menuActionForKey, type MenuAction } from './input/menuAction';
import { parseLevel } from './level/parseLevel';
import { createRenderer, type GameRenderer } from './render/renderer';
import { PLAYER_COUNT } from './sim/constants';
import { step } from './sim/step';
import { createSimWorld, type SimWorld, type WorldDef } from './sim/world';
import { createCompleteScreen } from './ui/completeScreen';
import { createControlsScreen } from './ui/controlsScreen';
import { createDeathFlash } from './ui/deathFlash';
import { installFullscreenKey } from './ui/fullscreen';
import { createHud } from './ui/hud';
import { createLevelSelect, type LevelRow } from './ui/levelSelect';
import type { MenuSounds } from './ui/menuCursor';
import { createPauseMenu } from './ui/pauseMenu';
import { createReconnectOverlay } from './ui/reconnect';
import { createSettingsScreen } from './ui/settingsScreen';
import { createTitleScreen } from './ui/titleScreen';

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
// Volumes, keys, reduced motion and assists (src/app/settings.ts); applied by applySettings below.
const settings = createSettingsStore(() => window.localStorage, (query) => window.matchMedia(query));

// ---- The level being played --------------------------------------------------------------------

let screen: ScreenName = 'title';
/** What 'settings' or 'controls' returns to when closed. */
let overlayFrom: 'title' | 'paused' = 'title';
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
  hideScreens();
  screen = 'playing';
  // Whatever started it (R, the menus, a live reload, a dropped file), a replay or an F8 recording
  // starts over with the level; designerTools drops one made for another level.
  designer.onRestart();
}

/** True while a level is open: played, paused (also under its settings or controls) or just completed. */
function isLevelOpen(): boolean {
  if (screen === 'settings' || screen === 'controls') return overlayFrom === 'paused';
  return screen === 'playing' || screen === 'paused' || screen === 'complete';
}

/** True when R may restart: a level played, paused or completed (not under its settings or controls). */
function isRestartable(): boolean {
  return screen === 'playing' || screen === 'paused' || screen === 'complete';
}

function restart(): void {
  // R on the title, the level select or a screen over the pause menu is not a restart.
  if (!isRestartable() || !def) return;
  const wasPlaying = screen === 'playing';
  startAttempt(createSimWorld(def));
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
  completeScreen.show({
    levelName: current?.name ?? '', time: formatTicks(ticks), deaths, best: bestTicks === null ? null : formatTicks(bestTicks), isNewBest,
    next: next ? { kind: 'level', name: next.name } : { kind: 'campaignEnd' },
  });
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
// Sounds for the sim's events and the menus, and the music (src/audio; silent when audio is unavailable).
const audio = createAudio(window);
/** Menu sound hooks, shared by every screen; the audio layer fills in onMove / onSelect. */
const menuSounds: MenuSounds = { onMove: () => audio.menuSound('move'), onSelect: () => audio.menuSound('select') };
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

/** The level select's rows: the campaign with progress, best times as shown. */
function levelRows(): LevelRow[] {
  return campaignLevels(catalog, progress.progress).map((row) => ({
    id: row.entry.id, name: row.entry.name, position: row.position, isUnlocked: row.isUnlocked, isFinished: row.isFinished,
    best: row.bestTicks === null ? null : formatTicks(row.bestTicks),
  }));
}
const entryOf = (id: string): LevelEntry | undefined => catalog.find((e) => e.id === id);

const levelSelect = createLevelSelect(appRoot, {
  onStart(id) {
    const entry = entryOf(id);
    if (entry) startCampaignLevel(entry);
  },
  onToggleUnlockAll() {
    progress.setUnlockAll(!progress.progress.unlockAll);
    levelSelect.update(levelRows(), progress.progress.unlockAll);
    levelSelect.setIsSaved(progress.isPersistent);
  },
  onSelect(id) {
    const entry = entryOf(id);
    if (entry) preview = previewOf(entry).world;
    renderer?.snapCamera();
  },
  describe: (id) => { const entry = entryOf(id); return entry ? previewOf(entry).description : ''; },
  onBack: () => showTitle('play'),
  sounds: menuSounds,
});

function showMenu(selectId: string | null, note: string | null = null): void {
  screen = 'menu';
  hideScreens();
  deathFlash.clear();
  renderer?.clearEffects();
  clearErrors();
  document.title = 'Ropebound';
  setLevelInUrl(null);
  const cursor = catalog[firstUnfinished(catalog, progress.progress)];
  levelSelect.show(levelRows(), progress.progress.unlockAll, { selectId: selectId ?? cursor?.id, note });
  levelSelect.setIsSaved(progress.isPersistent);
  keyboard.clear();
}

const completeScreen = createCompleteScreen(appRoot, {
  onNext: goToNextLevel,
  onMenu: () => showMenu(current?.entry?.id ?? null),
  onRetry: restart,
  onBack: () => showMenu(current?.entry?.id ?? null),
  sounds: menuSounds,
});

// ---- Title, pause, controls ----------------------------------------------------------------------

const titleScreen = createTitleScreen(appRoot, {
  onPlay: () => showMenu(current?.entry?.id ?? null),
  onSettings: () => openSettings('title'),
  onControls: () => openControls('title'),
  sounds: menuSounds,
});

const pauseMenu = createPauseMenu(appRoot, {
  onResume: resume,
  onRestart: restart,
  onSettings: () => openSettings('paused'),
  onControls: () => openControls('paused'),
  onQuit: () => showTitle('play'),
  onBack: resume,
  sounds: menuSounds,
});

const controlsScreen = createControlsScreen(appRoot, {
  sounds: menuSounds, describeBindings: () => settings.settings.keys, onClose: () => returnFromOverlay('controls'),
});
const settingsScreen = createSettingsScreen(appRoot, settings, {
  gameSpeed: { min: MIN_GAME_SPEED, step: GAME_SPEED_STEP }, sounds: menuSounds, onClose: () => returnFromOverlay('settings'),
});

/** Hides every screen (quietly: settings and controls do not report onClose). */
function hideScreens(): void {
  titleScreen.hide();
  levelSelect.hide();
  pauseMenu.hide();
  completeScreen.hide();
  controlsScreen.hide();
  settingsScreen.hide();
}

function showTitle(cursorId?: string): void {
  hideScreens();
  screen = 'title';
  deathFlash.clear();
  renderer?.clearEffects();
  clearErrors();
  document.title = 'Ropebound';
  setLevelInUrl(null);
  // The level the level select would offer, drawn behind the title.
  const entry = current?.entry ?? catalog[firstUnfinished(catalog, progress.progress)];
  if (entry) preview = previewOf(entry).world;
  renderer?.snapCamera();
  titleScreen.show(cursorId);
  keyboard.clear();
}

/** Stops the sim behind the pause menu; only a level being played can pause. */
function pause(): void {
  if (screen !== 'playing') return;
  screen = 'paused';
  keyboard.clear();
  pauseMenu.show(current?.name ?? '');
}

function resume(): void {
  if (screen !== 'paused') return;
  pauseMenu.hide();
  screen = 'playing';
  // Keys pressed in the menu (W/S move the cursor and are P1's keys too) must not reach the sim,
  // and the time spent paused must not be caught up.
  keyboard.clear();
  loop?.resetClock();
  renderer?.canvas.focus();
}

function openControls(from: 'title' | 'paused'): void {
  overlayFrom = from;
  titleScreen.hide();
  pauseMenu.hide();
  screen = 'controls';
  controlsScreen.open();
}

/** Back from settings or controls to the screen that opened it, cursor on the item that did. */
function returnFromOverlay(item: 'settings' | 'controls'): void {
  if (screen !== item) return;
  controlsScreen.hide();
  settingsScreen.hide();
  keyboard.clear();
  if (overlayFrom === 'paused') {
    screen = 'paused';
    pauseMenu.show(current?.name ?? '', { keepCursor: true });
  } else {
    screen = 'title';
    titleScreen.show(item);
  }
}

function openSettings(from: 'title' | 'paused'): void {
  overlayFrom = from;
  titleScreen.hide();
  pauseMenu.hide();
  screen = 'settings';
  settingsScreen.open();
}

// Pause when the players cannot be at the keys: the window lost focus or the tab was hidden.
window.addEventListener('blur', pause);
document.addEventListener('visibilitychange', () => {
  if (document.hidden) pause();
});

// ---- Keys --------------------------------------------------------------------------------------

const keyboard = createKeyboardInput(window, {
  onToggleDebug: () => hud.toggleDebug(),
  onRestart: restart,
  onToggleRecord() {
    // Replays are made without assists: a replay is proof the level can be done, and replay mode
    // always plays with assists off so committed replays keep their hashes.
    if (!designer.isRecording && settings.settings.isInvincible) {
      showErrors('Replays are recorded without assists', ['Turn Invincibility off in Settings to record a replay with F8.']);
      return;
    }
    designer.toggleRecording();
  },
  onToggleMute: () => settings.update({ isMuted: !settings.settings.isMuted }),
}, settings.settings.keys);

// Gamepads: a joined pad adds its buttons to the keyboard's for its player; outside play its
// presses are menu actions. A pad unplugged during play stops the sim until the reconnect message
// is answered (src/input/gamepad.ts, src/ui/reconnect.ts).
const gamepads = createGamepadInput(window, {
  isPlaying: () => screen === 'playing',
  onMenuAction: (action) => { handleMenuAction(action); },
});
const reconnect = createReconnectOverlay(appRoot, { onUseKeyboard: () => gamepads.dismissReconnect() });
/** Keyboard and pads together, as the sim's input; designerTools drops both while a replay plays. */
const playerInput = {
  sample(out: Uint8Array): void {
    keyboard.sample(out);
    gamepads.sample(out);
  },
};

// Live reload of the played level file, dropped level and replay files, F8 recording, `?replay`.
const designer = createDesignerTools(window, {
  // Only where a restart can follow (F8 and a dropped replay restart the level at once).
  current: () => (!isRestartable() || !current ? null : {
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
    if (screen === 'menu') levelSelect.update(levelRows(), progress.progress.unlockAll);
  },
});

/**
 * The one entry point for menu actions, from the keyboard (onScreenKey) or a gamepad: hands the
 * action to the screen that is up. True when something used it.
 */
function handleMenuAction(action: MenuAction): boolean {
  // The reconnect message is up: back gives the player to the keyboard; nothing else gets through.
  if (screen === 'playing' && gamepads.waitingForReconnect !== null) return action === 'back' && gamepads.dismissReconnect();
  switch (screen) {
    case 'title':
      return titleScreen.handleAction(action);
    case 'menu':
      return levelSelect.handleAction(action);
    case 'paused':
      return pauseMenu.handleAction(action);
    case 'controls':
      return controlsScreen.handleAction(action);
    case 'settings':
      return settingsScreen.handleAction(action);
    case 'complete':
      return completeScreen.handleAction(action);
    case 'playing':
      // Only pausing is a menu action; everything else is a player's button.
      if (action !== 'back' && action !== 'pause') return false;
      pause();
      return true;
  }
}

/** Menu and screen keys. Player keys go to the keyboard input, which only the sim reads. */
function onScreenKey(e: KeyboardEvent): void {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const action = menuActionForKey(e.code);
  if (action === null) return;
  // Holding ↓ moves through a list; holding Enter or Esc must not act again by repeat.
  const isMove = action === 'up' || action === 'down' || action === 'left' || action === 'right';
  if (e.repeat && (screen === 'playing' || !isMove)) return;
  if (handleMenuAction(action)) e.preventDefault();
}
window.addEventListener('keydown', onScreenKey);

installDebugHandle(window, {
  isReady: () => isReady,
  // Only a level being played (paused or just completed) is "the world"; the menus' preview is not.
  world: () => (isLevelOpen() ? world : null),
  errors: () => errors,
  screen: () => screen,
  deaths: () => world?.rules.deaths[0] ?? 0,
  levelId: () => (isLevelOpen() ? current?.id ?? null : null),
  effects: () => ({
    deathFlashSec: deathFlash.remainingSec,
    deathBursts: renderer?.deathBurstCount ?? 0,
    dust: renderer?.effectCount('dust') ?? 0,
    sparks: renderer?.effectCount('spark') ?? 0,
    checkpointFlashes: renderer?.effectCount('checkpointFlash') ?? 0,
    checkpointGlows: renderer?.effectCount('checkpointGlow') ?? 0,
    shakeM: renderer?.shakeM ?? 0,
  }),
  progress: () => ({ ...progress.progress, isPersistent: progress.isPersistent }),
  isRecording: () => designer.isRecording,
  lastReplay: () => designer.lastReplay(),
  replayStatus: () => designer.replayStatus(),
  camera: () => (renderer ? { x: renderer.camera.centerX, y: renderer.camera.centerY, zoom: renderer.camera.zoom } : null),
  sounds: () => audio.log,
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
    showTitle();
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
let shownAlpha = 1;
const stats = new FrameStats();
let loop: ReturnType<typeof createLoop> | null = null;
const attemptHandlers = {
  onDied(slot: number, x: number, y: number): void {
    // The camera stays: the players are still there during the death pause; it cuts on the respawn.
    if (!settings.settings.isReducedMotion) deathFlash.trigger(); // reduced motion: no flashes
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
      // Pads are read before each tick's sample too (not only once a frame in render), so a press
      // reaches the sim on the next tick instead of a frame late.
      if (screen === 'playing') gamepads.poll(performance.now());
      if (screen !== 'playing' || !world) return;
      if (gamepads.waitingForReconnect !== null) {
        playerInput.sample(inputs); // drained, not stepped: taps made while waiting must not fire later
        return;
      }
      // One sample per tick, so a tap shorter than a frame still reaches exactly one tick.
      // More than one step only for a replay played faster (`&speed=N`).
      for (let n = designer.stepsPerTick(); n > 0 && screen === 'playing'; n--) {
        designer.sample(playerInput, inputs); // keyboard + pads, or a replay's masks; F8 records them
        // The invincibility assist never applies to a replay's steps, nor to a recording.
        world.assists.isInvincible = isInvincibleStep(settings.settings, designer.isReplaying, designer.isRecording);
        const t0 = performance.now();
        step(world, inputs);
        stats.addTick(performance.now() - t0);
        designer.afterStep(world);
        attempt.afterTick(world, attemptHandlers);
        if (world.completedTick >= 0) finishLevel(world);
      }
    },
    render(alpha, frameSec): void {
      gamepads.poll(performance.now()); // joins, unplugs, held buttons; menu actions go to handleMenuAction
      const waitingSlot = screen === 'playing' ? gamepads.waitingForReconnect : null;
      reconnect.update(waitingSlot);
      hud.setGamepads(describePadSlots(gamepads.slots, gamepads.connectedCount, gamepads.waitingForReconnect));
      const shown = isLevelOpen() ? world : preview;
      // A stopped sim (paused, complete) is drawn still, not wobbling between its last two ticks.
      if (screen === 'playing' && waitingSlot === null) shownAlpha = alpha;
      gameRenderer.draw(shown, shownAlpha, frameSec);
      // A new world starts at its own event count; settings or controls over a paused level keep its music.
      audio.update(isLevelOpen() ? world : null, isLevelOpen() && screen !== 'complete' && screen !== 'playing' ? 'paused' : screen);
      deathFlash.update(frameSec);
      hud.setRun(screen === 'playing' && current ? { levelName: current.name, deaths: world?.rules.deaths[0] ?? 0, hasAssists: hasAssists(settings.settings) } : null);
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
  applySettings(settings.settings, null);
  loop.start();
}

// ---- Settings ----------------------------------------------------------------------------------

/** Puts the settings into effect: keys, game speed, reduced motion, volumes and mute. */
function applySettings(now: Readonly<Settings>, before: Readonly<Settings> | null): void {
  audio.setVolumes(now.musicVolume, now.effectsVolume);
  audio.setMuted(now.isMuted);
  if (now.keys !== before?.keys) {
    keyboard.setBindings(now.keys);
    hud.setKeys(now.keys);
  }
  loop?.clock.setSpeed(now.gameSpeed);
  renderer?.setReducedMotion(now.isReducedMotion);
  if (now.isReducedMotion) deathFlash.clear();
  if (now.isInvincible && before && !before.isInvincible && designer.isRecording) {
    designer.toggleRecording(); // ends and saves the recording so far: replays are made without assists
    showErrors('Recording stopped', ['Invincibility was turned on; the replay was saved up to that point.']);
  }
}
settings.subscribe(applySettings);
applySettings(settings.settings, null); // again in boot() once the loop and the renderer exist
// Alt+Enter: fullscreen from anywhere (the settings screen has a row for it too).
installFullscreenKey(window, document.documentElement, (message) => showErrors('Fullscreen', [message]));

boot().catch((e: unknown) => showErrors('The game could not start', [describe(e)]));
