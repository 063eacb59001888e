// The composition root: the only file that wires level, sim, input, render, UI and the loop
// together. Whatever goes wrong (a bad level, no WebGL, a crash in a tick) ends up as a readable
// message on screen and in `window.__ropebound.errors`, never as a blank page.

import levelText from '../levels/01-first-gap.json?raw';
import { installDebugHandle } from './app/debugHandle';
import { FrameStats } from './app/frameStats';
import { createLoop } from './app/loop';
import { createKeyboardInput } from './input/keyboard';
import { parseLevel } from './level/parseLevel';
import { createRenderer, type GameRenderer } from './render/renderer';
import { DT, PLAYER_COUNT } from './sim/constants';
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

function loadBuiltInLevel(): void {
  const result = parseLevel(levelText);
  if (!result.ok) {
    showErrors('The level could not be loaded', result.errors);
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
  const restart = (): void => {
    if (!def) return;
    world = createSimWorld(def);
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
