// The composition root: the only file that wires level, sim, input, render, UI and the loop
// together. Whatever goes wrong (a bad level, no WebGL, a crash in a tick) ends up as a readable
// message on screen and in `window.__ropebound.errors`, never as a blank page.

import { installDebugHandle } from './app/debugHandle';
import { FrameStats } from './app/frameStats';
import { createLevelCatalog, describeCatalog, findLevel, type LevelEntry } from './app/levelCatalog';
import { createLoop } from './app/loop';
import { createKeyboardInput } from './input/keyboard';
import { parseLevel } from './level/parseLevel';
import { createRenderer, type GameRenderer } from './render/renderer';
import { DT, PLAYER_COUNT } from './sim/constants';
import { SimEvent, readEvents } from './sim/events';
import { step } from './sim/step';
import { createSimWorld, type SimWorld, type WorldDef } from './sim/world';
import { createHud } from './ui/hud';

const appRoot = document.getElementById('app') ?? document.body;
const hud = createHud(appRoot);
const errors: string[] = [];
let world: SimWorld | null = null;
let def: WorldDef | null = null;
let isReady = false;

installDebugHandle(window, { isReady: () => isReady, world: () => world, errors: () => errors });

function showErrors(title: string, messages: readonly string[]): void {
  errors.push(...messages);
  hud.setErrors(title, errors);
}

function describe(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

// Every level file, bundled as text: `?level=<number, slug or id>` picks one (levelCatalog.ts).
const catalog = createLevelCatalog(
  import.meta.glob<string>('../levels/[0-9]*.json', { query: '?raw', import: 'default', eager: true }),
);

/** The level the URL asks for; an unknown one is reported with the list and level 1 is played. */
function chooseLevel(): LevelEntry | null {
  const query = new URLSearchParams(window.location.search).get('level');
  const entry = findLevel(catalog, query);
  if (entry || catalog.length === 0) return entry;
  showErrors(`There is no level '${query}'; playing level ${catalog[0].number} instead. The levels are:`, describeCatalog(catalog));
  return catalog[0];
}

function loadBuiltInLevel(): void {
  const entry = chooseLevel();
  if (!entry) {
    showErrors('The game has no levels', ['levels/ holds no NN-name.json files']);
    return;
  }
  const result = parseLevel(entry.text);
  if (!result.ok) {
    showErrors(`The level ${entry.file} could not be loaded`, result.errors);
    return;
  }
  def = result.def;
  world = createSimWorld(def);
  document.title = `${result.name} · Ropebound`;
}

async function boot(): Promise<void> {
  loadBuiltInLevel();
  let renderer: GameRenderer;
  try {
    renderer = await createRenderer(appRoot);
  } catch (e) {
    showErrors('The game could not start drawing (is WebGL available?)', [describe(e)]);
    return;
  }
  const stats = new FrameStats();
  const inputs = new Uint8Array(PLAYER_COUNT);
  // Events read so far from the world's ring; a death or a fall puts everyone back at the start,
  // and the camera cuts there like on R instead of sweeping across the level.
  let eventCursor = 0;
  const onEvent = (type: number): void => {
    if (type === SimEvent.Died || type === SimEvent.Respawned) renderer.snapCamera();
  };
  const restart = (): void => {
    if (!def) return;
    world = createSimWorld(def);
    eventCursor = 0;
    loop.resetClock();
    renderer.snapCamera();
  };
  const keyboard = createKeyboardInput(window, { onToggleDebug: () => hud.toggleDebug(), onRestart: restart });

  const loop = createLoop(window, {
    tick(): void {
      if (!world) return;
      // One sample per tick, so a tap shorter than a frame still reaches exactly one tick.
      keyboard.sample(inputs);
      const t0 = performance.now();
      step(world, inputs);
      stats.addTick(performance.now() - t0);
    },
    render(alpha, frameSec): void {
      if (world) eventCursor = readEvents(world.events, eventCursor, onEvent);
      renderer.draw(world, alpha, frameSec);
      hud.setCompleted(world && world.completedTick >= 0 ? (world.completedTick + 1) * DT : null);
      if (stats.addFrame(performance.now())) {
        hud.setDebug({
          fps: stats.fps,
          simMsPerTick: stats.simMsPerTick,
          maxStretch: world?.maxStretch ?? 0,
          tick: world?.tick ?? 0,
          droppedTicks: loop.clock.droppedTicks,
        });
      }
      isReady = true;
    },
  });

  // A crash inside a frame stops the loop with a message instead of throwing every frame.
  window.addEventListener('error', (event) => {
    loop.stop();
    keyboard.dispose();
    showErrors('The game stopped because of an error', [describe(event.error ?? event.message)]);
  });
  loop.start();
}

boot().catch((e: unknown) => showErrors('The game could not start', [describe(e)]));
