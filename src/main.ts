// The composition root: the only file that wires the layers together (level files, the level
// session, input, render, audio, the UI screens, the loop). It decides nothing about the screen
// flow: every input becomes an event for the app's state machine (src/app/appMachine.ts), whose
// effects src/app/appRunner.ts carries out. Whatever goes wrong (a bad level, no WebGL, a crash in
// a frame) ends up as a readable message on screen and in `window.__ropebound.errors`.

// Before anything of pixi runs: its shader and uniform code without eval / new Function, which
// index.html's Content-Security-Policy forbids.
import 'pixi.js/unsafe-eval';
import { createAudio } from './audio/audio';
import type { AppEvent } from './app/appMachine';
import { createAppRunner } from './app/appRunner';
import { isPlaying, musicScreenOf, openLevelOf, playedLevelOf, restartableLevel } from './app/appState';
import { installDebugHandle } from './app/debugHandle';
import { createDesignerTools } from './app/designerTools';
import { createEditorBridge } from './app/editorBridge';
import { FrameStats } from './app/frameStats';
import { createLevelCatalog } from './app/levelCatalog';
import { levelTexts, replayTexts } from './app/levelFiles';
import { createLevelPreviews } from './app/levelPreviews';
import { createLevelSession } from './app/levelSession';
import { createLoop, type Loop } from './app/loop';
import { createProgressStore } from './app/progress';
import { createTeaching } from './app/teaching';
import { legacyKeyOf } from './app/campaign';
import { worldOfLevelText } from './level/levelWorlds';
import {
  GAME_SPEED_STEP, MIN_GAME_SPEED, createSettingsStore, hasAssists, isInvincibleStep, type Settings,
} from './app/settings';
import { createGamepadInput, describePadSlots } from './input/gamepad';
import { createKeyboardInput } from './input/keyboard';
import { menuActionForKey } from './input/menuAction';
import { createSoloControl } from './input/soloControl';
import { Button, gemsCollected, worldMaxStretch } from './sim';
import { worldToScreen } from './render/camera';
import { createRenderer, type GameRenderer } from './render/renderer';
import { createCompleteScreen } from './ui/completeScreen';
import { installUiZoom } from './ui/uiScale';
import { createControlsScreen } from './ui/controlsScreen';
import { createDeathFlash } from './ui/deathFlash';
import { installFullscreenKey } from './ui/fullscreen';
import { createHud } from './ui/hud';
import { createLevelSelect } from './ui/levelSelect';
import type { MenuSounds } from './ui/menuCursor';
import { createPauseMenu } from './ui/pauseMenu';
import { createPictureLostBanner } from './ui/pictureLost';
import { createReconnectOverlay } from './ui/reconnect';
import { createSettingsScreen } from './ui/settingsScreen';
import { createTeachingPrompt } from './ui/teachingPrompt';
import { createTitleScreen } from './ui/titleScreen';

const appRoot = document.getElementById('app') ?? document.body;
const hud = createHud(appRoot);
const deathFlash = createDeathFlash(appRoot);
// In-level teaching prompts: the level's hints, shown until the players have done each verb.
const teachingPrompt = createTeachingPrompt(appRoot);
const teaching = createTeaching();
let renderer: GameRenderer | null = null;
// Menus, HUD and the game's camera sized for the window (1280x720 up to 4K).
let uiZoom = 1;
installUiZoom(window, document, (zoom) => {
  uiZoom = zoom;
  renderer?.setViewScale(zoom);
});
let loop: Loop | null = null;
let isReady = false;

function describe(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

// Every level file, bundled as text: `?level=<number, slug or id>` picks one (levelCatalog.ts).
// Replaced when a level file is saved while `npm run dev` runs (app/levelFiles.ts, designerTools.ts).
let catalog = createLevelCatalog(levelTexts, replayTexts);
// Finished levels and best times, by level key (file and id); in memory only when storage is
// unavailable. Version 1's records (by id) go to the first campaign level with that id.
const progress = createProgressStore(() => window.localStorage, { legacyKeyOf: (id) => legacyKeyOf(catalog, id) });
// Volumes, keys, reduced motion and assists (src/app/settings.ts); applied by applySettings below.
const settings = createSettingsStore(() => window.localStorage, (query) => window.matchMedia(query));
// Sounds for the sim's events and the menus, and the music (src/audio; silent when audio is unavailable).
const audio = createAudio(window);
const menuSounds: MenuSounds = { onMove: () => audio.menuSound('move'), onSelect: () => audio.menuSound('select') };
const previews = createLevelPreviews();
const stats = new FrameStats();

/** A screen's callback that only reports `event` to the app. */
const send = (event: AppEvent) => (): void => app.dispatch(event);

// ---- Screens: they show and report; the app decides ---------------------------------------------

// Solo mode (one player drives both characters): chosen on the title, kept for the session.
const solo = createSoloControl();
const titleScreen = createTitleScreen(appRoot, {
  onPlay() {
    solo.setOn(false);
    app.dispatch({ type: 'play' });
  },
  onPlaySolo() {
    solo.setOn(true);
    app.dispatch({ type: 'play' });
  },
  onSettings: send({ type: 'openSettings' }),
  onControls: send({ type: 'openControls' }),
  onCreate: send({ type: 'openEditor', start: { kind: 'resume' } }),
  sounds: menuSounds,
});
const levelSelect = createLevelSelect(appRoot, {
  onStart: (levelKey) => app.dispatch({ type: 'startLevel', levelKey }),
  onToggleUnlockAll: send({ type: 'toggleUnlockAll' }),
  onEditCopy(levelKey) {
    const entry = catalog.find((e) => e.key === levelKey);
    if (entry) app.dispatch({ type: 'openEditor', start: { kind: 'copy', text: entry.text, file: entry.file } });
  },
  onBack: send({ type: 'back' }),
  onSelect: (levelKey) => app.previewLevel(levelKey),
  describe: (levelKey) => app.describeLevel(levelKey),
  sounds: menuSounds,
});
const pauseMenu = createPauseMenu(appRoot, {
  onResume: send({ type: 'resume' }),
  onBackToCheckpoint: send({ type: 'backToCheckpoint' }),
  onRestart: send({ type: 'restart' }),
  onSettings: send({ type: 'openSettings' }),
  onControls: send({ type: 'openControls' }),
  onQuit: send({ type: 'quit' }),
  onBack: send({ type: 'back' }),
  onEditCopy() {
    const level = openLevelOf(app.state);
    if (level) app.dispatch({ type: 'openEditor', start: { kind: 'copy', text: level.text, file: level.file } });
  },
  sounds: menuSounds,
});
const completeScreen = createCompleteScreen(appRoot, {
  onNext: send({ type: 'next' }),
  onMenu: send({ type: 'toMenu' }),
  onRetry: send({ type: 'restart' }),
  onBack: send({ type: 'back' }),
  sounds: menuSounds,
});
const controlsScreen = createControlsScreen(appRoot, {
  describeBindings: () => settings.settings.keys,
  isSolo: () => solo.isOn,
  onClose: send({ type: 'back' }),
  sounds: menuSounds,
});
const settingsScreen = createSettingsScreen(appRoot, settings, {
  gameSpeed: { min: MIN_GAME_SPEED, step: GAME_SPEED_STEP },
  onClose: send({ type: 'back' }),
  sounds: menuSounds,
});

// ---- Input -------------------------------------------------------------------------------------

const keyboard = createKeyboardInput(window, {
  onToggleDebug: () => hud.toggleDebug(),
  onRestart: send({ type: 'restart' }),
  onToggleRecord() {
    // Replays are made without assists: a replay is proof the level can be done, and replay mode
    // always plays with assists off so committed replays keep their hashes.
    if (!designer.isRecording && settings.settings.isInvincible) {
      app.showErrors('Replays are recorded without assists', ['Turn Invincibility off in Settings to record a replay with F8.']);
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
  isPlaying: () => isPlaying(app.state),
  onMenuAction: (action) => { app.menuAction(action); },
});
const reconnect = createReconnectOverlay(appRoot, { onUseKeyboard: () => gamepads.dismissReconnect() });
const pictureLost = createPictureLostBanner(appRoot);
/** The pause menu's Back to checkpoint: the next tick's masks carry the sim's Retry (a button
 *  like the others, so F8 records it and a replay repeats it). A new attempt forgets it. */
let isRetryAsked = false;
/** Keyboard and pads together, as the sim's input; designerTools drops both while a replay plays.
 *  In solo, soloControl turns them into "drive one, the other holds still" masks: replays and F8
 *  see ordinary masks, and the sim never knows. */
const playerInput = {
  sample(out: Uint8Array): void {
    keyboard.sample(out);
    gamepads.sample(out);
    if (isRetryAsked) {
      out[0] |= Button.Retry; // solo mode hands it to the character being moved
      isRetryAsked = false;
    }
    solo.apply(out, keyboard.takeSwitchPresses() + gamepads.takeSwitchPresses());
  },
};

/** Menu and screen keys. Player keys go to the keyboard input, which only the sim reads. */
window.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const action = menuActionForKey(e.code);
  if (action !== null && app.menuAction(action, { isRepeat: e.repeat })) e.preventDefault();
});
// Pause when the players cannot be at the keys: the window lost focus or the tab was hidden.
window.addEventListener('blur', send({ type: 'pause' }));
document.addEventListener('visibilitychange', () => {
  if (document.hidden) app.dispatch({ type: 'pause' });
});

// ---- The level session and the app --------------------------------------------------------------

// Live reload of the played level file, dropped level and replay files, F8 recording, `?replay`.
const designer = createDesignerTools(window, {
  // Only where a restart can follow (F8 and a dropped replay restart the level at once).
  current: () => {
    const level = restartableLevel(app.state);
    return level ? playedLevelOf(level) : null;
  },
  load: (level, def, opts) => app.dispatch({ type: 'loadLevel', level, def, keepCamera: opts.keepCamera }),
  restart: send({ type: 'restart' }),
  setMessages(title, messages) {
    app.clearErrors();
    if (messages.length > 0) app.showErrors(title, messages);
  },
  setStatusLabel: (label) => hud.setRecordingLabel(label),
  catalogChanged(next) {
    catalog = next;
    previews.clear();
    app.dispatch({ type: 'catalogChanged' });
  },
});

// The level editor (loaded on first use): it draws through the game's renderer once that exists,
// and each test-play's inputs go to its recorder too (a finish from the spawns clears the draft).
let resolveRenderer: (r: GameRenderer) => void = () => {};
const rendererReady = new Promise<GameRenderer>((resolve) => { resolveRenderer = resolve; });
const editor = createEditorBridge(async () => ({
  root: appRoot,
  renderer: await rendererReady,
  testPlay: (level, def, fromCheckpoint) => app.dispatch({
    type: 'testPlay', level: { ...level, catalogFile: null }, def, fromCheckpoint,
  }),
  endTestPlay: send({ type: 'endTestPlay' }),
  playLink: (level, def) => app.dispatch({ type: 'playLink', level: { ...level, catalogFile: null }, def }),
  close: send({ type: 'closeEditor' }),
  playedWorld: () => (app.state.view.screen === 'testPlay' ? session.world : null),
}), (message) => app.showErrors('The level editor could not be loaded', [message]));

const session = createLevelSession({
  input: playerInput,
  designer: {
    stepsPerTick: () => designer.stepsPerTick(),
    sample(keys, out) {
      designer.sample(keys, out);
      editor.capture(out);
    },
    afterStep(world) {
      designer.afterStep(world);
      editor.afterStep(world);
      teaching.afterTick(world);
    },
    get isReplaying() { return designer.isReplaying; },
    get isRecording() { return designer.isRecording; },
  },
  isInvincible: (isReplayStep, isRecording) => isInvincibleStep(settings.settings, isReplayStep, isRecording),
  isWaitingForReconnect: () => gamepads.waitingForReconnect !== null,
  attempt: {
    onDied(slot, x, y) {
      // The camera stays: the players are still there during the death pause; it cuts on the respawn.
      if (!settings.settings.isReducedMotion) deathFlash.trigger(); // reduced motion: no flashes
      renderer?.showDeath(slot, x, y);
    },
    onRespawned() {
      // Everyone is put back: the camera cuts there like on R instead of sweeping across the level.
      renderer?.snapCamera();
    },
    onCheckpoint(index, total) {
      hud.showNote(`Checkpoint ${index + 1} of ${total}: a death brings you back here`);
    },
  },
  stats,
  isProfiling: () => hud.isDebugVisible,
  onCompleted: (ticks, deaths, isReplay, gems, gemTotal) => app.dispatch({ type: 'completed', ticks, deaths, isReplay, gems, gemTotal }),
});

const app = createAppRunner({
  screens: {
    title: titleScreen, levelSelect, pause: pauseMenu, complete: completeScreen,
    settings: settingsScreen, controls: controlsScreen,
  },
  env: () => ({ catalog, progress: progress.progress, levelsChecked: import.meta.env.PROD }),
  progress,
  session,
  previews,
  keyboard,
  retry: () => { isRetryAsked = true; },
  reconnect: gamepads,
  errorBox: hud,
  pictureLost,
  stage: {
    clearLevelEffects() {
      deathFlash.clear();
      hud.showNote(null);
      renderer?.clearEffects();
    },
    snapCamera: () => renderer?.snapCamera(),
    focus: () => renderer?.canvas.focus(),
    resetClock: () => loop?.resetClock(),
    stop: () => loop?.stop(),
  },
  page: {
    setTitle(title) {
      document.title = title;
    },
    // The URL says which campaign level is open, so a reload comes back to it.
    setLevelInUrl(query) {
      const url = new URL(window.location.href);
      if (query === null) url.searchParams.delete('level');
      else url.searchParams.set('level', query);
      window.history.replaceState(window.history.state, '', url);
    },
    reload: () => window.location.reload(),
  },
  // Whatever started it (R, the menus, a live reload, a dropped file), a replay or an F8 recording
  // starts over with the level; designerTools drops one made for another level.
  onAttemptStarted: () => {
    isRetryAsked = false;
    designer.onRestart();
    solo.reset(); // every attempt starts on P1 with nothing latched
    const { view } = app.state;
    editor.onAttemptStarted(view.screen === 'testPlay' && view.fromCheckpoint < 0
      ? { text: view.level.text, id: view.level.id, baseName: view.level.file.replace(/\.json$/, '') }
      : null);
  },
  editor,
});

installDebugHandle(window, {
  isReady: () => isReady,
  // Only a level being played (paused or just completed) is "the world"; the menus' preview is not.
  world: () => (openLevelOf(app.state) ? session.world : null),
  errors: () => app.errors,
  screen: () => app.state.view.screen,
  deaths: () => session.world?.rules.deaths[0] ?? 0,
  levelId: () => openLevelOf(app.state)?.id ?? null,
  effects: () => ({
    deathFlashSec: deathFlash.remainingSec,
    deathBursts: renderer?.deathBurstCount ?? 0,
    dust: renderer?.effectCount('dust') ?? 0,
    sparks: renderer?.effectCount('spark') ?? 0,
    checkpointFlashes: renderer?.effectCount('checkpointFlash') ?? 0,
    checkpointGlows: renderer?.effectCount('checkpointGlow') ?? 0,
    shakeM: renderer?.shakeM ?? 0,
  }),
  progress: () => ({ ...progress.progress, isPersistent: progress.isPersistent, saveProblem: progress.saveProblem, readState: progress.readState }),
  isRecording: () => designer.isRecording,
  lastReplay: () => designer.lastReplay(),
  replayStatus: () => designer.replayStatus(),
  camera: () => (renderer ? { x: renderer.camera.centerX, y: renderer.camera.centerY, zoom: renderer.camera.zoom } : null),
  sounds: () => audio.log,
  editor: () => editor.debug,
  solo: () => ({ isOn: solo.isOn, controlled: solo.controlled, anchorLatched: [solo.isAnchorLatched(0), solo.isAnchorLatched(1)] }),
  frameCost: () => ({ fps: stats.fps, drawMsPerFrame: stats.drawMsPerFrame }),
});

// ---- Start-up and the loop -------------------------------------------------------------------------

let shownAlpha = 1;

async function boot(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  // A shared level travels in the fragment (#share=1....), which never reaches a server.
  const link = /^#share=./.test(window.location.hash) ? window.location.hash : null;
  app.dispatch({ type: 'boot', query: params.get('level'), edit: params.has('edit'), link });
  designer.startFromUrl(window.location.search);
  try {
    renderer = await createRenderer(appRoot);
    renderer.setViewScale(uiZoom);
  } catch (e) {
    app.dispatch({ type: 'crash', title: 'The game could not start drawing (is WebGL available?)', message: describe(e) });
    return;
  }
  const gameRenderer = renderer;
  resolveRenderer(gameRenderer);
  // A lost WebGL context pauses the game and says so; its return lets the players resume.
  gameRenderer.onContextChange((isLost) => app.dispatch({ type: isLost ? 'pictureLost' : 'pictureRestored' }));

  loop = createLoop(window, {
    tick(): void {
      // Pads are read before each tick's sample too (not only once a frame in render), so a press
      // reaches the sim on the next tick instead of a frame late.
      if (isPlaying(app.state)) gamepads.poll(performance.now());
      session.tick(() => isPlaying(app.state));
    },
    render(alpha, frameSec): void {
      gamepads.poll(performance.now()); // joins, unplugs, held buttons; menu actions go to the app
      const isPlayed = isPlaying(app.state);
      const waitingSlot = isPlayed ? gamepads.waitingForReconnect : null;
      reconnect.update(waitingSlot);
      hud.setGamepads(describePadSlots(gamepads.slots, gamepads.connectedCount, gamepads.waitingForReconnect));
      const level = openLevelOf(app.state);
      editor.frame();
      const isEditing = app.state.view.screen === 'editor';
      const shown = level ? session.world : isEditing ? editor.world : app.preview;
      // The world (1-3) of what is drawn: its looks, and while a level is open its music.
      const worldNumber = level ? worldOfText(level.text) : isEditing ? editor.worldNumber : app.previewWorldNumber;
      gameRenderer.setWorldLook(worldNumber);
      // A stopped sim (paused, complete) is drawn still, not wobbling between its last two ticks.
      if (isPlayed && waitingSlot === null) shownAlpha = alpha;
      // Solo's marker and HUD line only over a level (not the menus' preview or the editor).
      const soloSlot = solo.isOn && level ? solo.controlled : null;
      hud.setSolo(soloSlot);
      gameRenderer.setControlled(soloSlot);
      const drawStart = performance.now();
      gameRenderer.draw(shown, shownAlpha, frameSec);
      stats.addDraw(performance.now() - drawStart);
      editor.drawn();
      showTeaching(level?.text ?? null, isPlayed && waitingSlot === null);
      // A new world starts at its own event count; settings or controls over a paused level keep its music.
      audio.update(level ? session.world : null, musicScreenOf(app.state), worldNumber);
      deathFlash.update(frameSec);
      hud.ageNote(frameSec);
      // The controls hint for the first seconds of an attempt, then out of the level's way.
      hud.setHintQuiet(isPlayed && level !== null && (session.world?.tick ?? 0) >= HINT_TICKS);
      hud.setRun(isPlayed && level ? {
        levelName: level.name, deaths: session.world?.rules.deaths[0] ?? 0, hasAssists: hasAssists(settings.settings),
        gems: session.world ? gemsCollected(session.world) : 0, gemTotal: session.world?.gems.length ?? 0,
      } : null);
      if (stats.addFrame(performance.now())) {
        hud.setDebug({
          fps: stats.fps,
          simMsPerTick: stats.simMsPerTick,
          drawMsPerFrame: stats.drawMsPerFrame,
          stages: stats.stages,
          maxStretch: shown ? worldMaxStretch(shown) : 0,
          tick: shown?.tick ?? 0,
          droppedTicks: loop?.clock.droppedTicks ?? 0,
        });
      }
      isReady = true;
    },
  });

  // A crash inside a frame stops the loop and the menus (the app's 'crashed' state) with a message
  // instead of throwing every frame.
  window.addEventListener('error', (event) => {
    app.dispatch({ type: 'crash', title: 'The game stopped because of an error', message: describe(event.error ?? event.message) });
  });
  applySettings(settings.settings, null);
  loop.start();
}

/** How long the controls hint shows over a level being played, ticks (10 s of an attempt). */
const HINT_TICKS = 600;

/** The open level's world, read from its file once per text (a load or live reload brings a new string). */
let worldTextRead = '';
let worldOfTextRead = 1;
function worldOfText(text: string): number {
  if (text !== worldTextRead) {
    worldTextRead = text;
    worldOfTextRead = worldOfLevelText(text);
  }
  return worldOfTextRead;
}

// ---- Teaching prompts ---------------------------------------------------------------------------

let teachingKeys: Settings['keys'] | null = null;
/** Which players were on a pad when the prompt's controls were last set: bit 0 P1, bit 1 P2. */
let teachingPads = -1;

/** The prompt for this frame, placed over the level as the renderer just drew it, with the players' own controls. */
function showTeaching(levelText: string | null, isPlayed: boolean): void {
  const keys = settings.settings.keys;
  const slots = gamepads.slots; // a copy per read
  const pads = (slots[0] === null ? 0 : 1) | (slots[1] === null ? 0 : 2);
  if (keys !== teachingKeys || pads !== teachingPads) {
    teachingKeys = keys;
    teachingPads = pads;
    teachingPrompt.setControls([{ keys: keys[0], isPad: (pads & 1) !== 0 }, { keys: keys[1], isPad: (pads & 2) !== 0 }]);
  }
  const prompt = teaching.prompt(levelText, levelText === null ? null : session.world, isPlayed);
  if (prompt === null || renderer === null) {
    teachingPrompt.show(null);
    return;
  }
  const at = worldToScreen(renderer.camera, renderer.screenSize.width, renderer.screenSize.height, prompt.x, prompt.y);
  teachingPrompt.show({ verbs: prompt.verbs, notes: prompt.notes, x: at.x, y: at.y });
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
    app.showErrors('Recording stopped', ['Invincibility was turned on; the replay was saved up to that point.']);
  }
}
settings.subscribe(applySettings);
applySettings(settings.settings, null); // again in boot() once the loop and the renderer exist
// Alt+Enter: fullscreen from anywhere (the settings screen has a row for it too).
installFullscreenKey(window, document.documentElement, (message) => app.showErrors('Fullscreen', [message]));

boot().catch((e: unknown) => app.dispatch({ type: 'crash', title: 'The game could not start', message: describe(e) }));
