// The pixi.js view of a sim world. Display objects are created once; each frame only rewrites the
// ropes' meshes in place, gives each player the drawing of its pose and moves the anchors' bolts,
// boxes, labels and the camera, so drawing allocates no display objects and triangulates nothing.
// The level art (tiles, goal, one Graphics per box) is rebuilt only when the world's level changes
// (a new tile grid or box list, not a restart). Effects (dust, sparks, checkpoint flashes) come
// from the sim's events through effects.ts's own cursor.
// A lost WebGL context (webglcontextlost) draws nothing until it is restored; pixi's
// GlContextSystem keeps the context restorable (preventDefault) and, on webglcontextrestored,
// re-creates its GPU buffers, textures and shaders from the CPU copies (runners.contextChange); the
// level art is rebuilt too and the next frame draws everything again.

import { Container, GlLimitsSystem, Graphics, Text, WebGLRenderer, getTestContext } from 'pixi.js';
import { PLAYER_COUNT, playerEntity, type TileGrid, type SimWorld } from '../sim';
import { createBodyPoses, interpolateBodyPoses } from './bodyPoses';
import { createCamera, createShake, defaultCameraLimits, frameGoal, frameSpikesBelow, kickShake, updateCamera, updateShake, type Box, type Camera } from './camera';
import { createDeathBursts } from './deathBurst';
import { createAnchorViews, createBoxViews } from './drawBoxes';
import { drawCheckpoints, drawGems, drawPlatformPaths } from './drawLevelMarks';
import { createPlayerLooks, createPlayerViews } from './drawPlayers';
import { drawSoloMarker } from './drawSoloMarker';
import { createEffects, EffectKind } from './effects';
import { createRopeViews } from './drawRopes';
import { drawGoal, drawTiles } from './drawTiles';
import { palette } from './palette';
import { MAX_BATCH_TEXTURES, capBatchTextures, isSoftwareRendererName, webglRendererName } from './softwareGl';
import { CM_PER_M as U } from './units';
import { worldLook } from './worldLooks';

export interface GameRenderer {
  readonly canvas: HTMLCanvasElement;
  /** Draws `world` interpolated by `alpha` in [0, 1); null draws only the background. */
  draw(world: SimWorld | null, alpha: number, frameSec: number): void;
  /** The next draw jumps the camera to its target instead of easing there (restart, new level). */
  snapCamera(): void;
  /** Where the camera looks (centre, m) and its zoom, as last drawn. */
  readonly camera: Readonly<Camera>;
  /** A camera someone else steers (the level editor's pan and zoom): drawn as given, no following
   *  of the players and no shake. null gives the camera back to the players. */
  setCameraOverride(camera: Readonly<Camera> | null): void;
  /** Display objects drawn over the level in scene units (centimetres, units.ts) while a world is
   *  drawn: the editor's grid and selection. */
  readonly overlay: Container;
  /** A new Graphics at the top of the overlay. Made here so the editor's chunk does not import
   *  pixi itself: rollup then split pixi into a chunk of its own, +5 KiB brotli on the game's load. */
  addOverlayGraphics(): Graphics;
  /** A new empty text label at the top of the overlay, `heightM` m tall, anchored at its bottom
   *  middle (the editor names each hint's verb); made here for the same reason. */
  addOverlayLabel(color: number, heightM: number): Text;
  /** The drawing size of the canvas, CSS px. */
  readonly screenSize: { readonly width: number; readonly height: number };
  /** Marks where player `slot` died, at (x, y) m: a short burst drawn over the scene. */
  showDeath(slot: number, xM: number, yM: number): void;
  /** Death bursts still on screen. */
  readonly deathBurstCount: number;
  /** Removes effects such as death bursts (a restart or another level). */
  clearEffects(): void;
  /** The world (1-3, a level's `world` field) whose looks the level art and the sky take; anything
   *  else is world 1. A change rebuilds the level art on the next draw. */
  setWorldLook(world: number): void;
  /** Solo mode: marks the player `slot` drives (an arrow over its label); null (two players) hides it. */
  setControlled(slot: number | null): void;
  /** The window's size against the 1280x720 the game is laid out for (src/ui/uiScale.ts): the
   *  camera's zoom range grows with it, so a bigger window shows the same view larger, not more level. */
  setViewScale(scale: number): void;
  /** Reduced motion: no screen shake and no flashes (a checkpoint gets a steady glow instead). */
  setReducedMotion(isOn: boolean): void;
  /** Event effects alive now: landing dust, bump sparks, checkpoint flashes, or the steady
   *  checkpoint glows shown instead under reduced motion. */
  effectCount(kind: 'dust' | 'spark' | 'checkpointFlash' | 'checkpointGlow'): number;
  /** How far screen shake moves the view this frame, m (always 0 under reduced motion). */
  readonly shakeM: number;
  /** True while the browser has taken the WebGL context away: nothing is drawn. */
  readonly isContextLost: boolean;
  /** Calls `listener(true)` when the WebGL context is lost and `listener(false)` when it is back. */
  onContextChange(listener: (isLost: boolean) => void): void;
  destroy(): void;
}

/** Scene text: rasterised large, then scaled down to `heightM` metres so it stays crisp when zoomed. */
const LABEL_FONT_PX = 48;

/** Height of the P1 / P2 labels over the players, m. */
const PLAYER_LABEL_M = 0.42;

function makeLabel(text: string, color: number, heightM: number): Text {
  const label = new Text({
    text,
    anchor: { x: 0.5, y: 1 },
    style: { fontFamily: 'system-ui, sans-serif', fontSize: LABEL_FONT_PX, fontWeight: '700', fill: color },
  });
  label.scale.set((heightM * U) / LABEL_FONT_PX);
  return label;
}

/** Players may overlap (they do not collide); then their labels would read "P12": push them apart. */
const LABEL_GAP = 0.75 * U;

function spreadLabels(a: Text, b: Text): void {
  const dx = b.x - a.x;
  if (Math.abs(dx) >= LABEL_GAP || Math.abs(b.y - a.y) >= 0.5 * U) return;
  const mid = (a.x + b.x) / 2;
  const side = dx < 0 ? -1 : 1; // keep the labels in the players' left-right order
  a.x = mid - (side * LABEL_GAP) / 2;
  b.x = mid + (side * LABEL_GAP) / 2;
}

/** pixi's test context (null where WebGL is missing or refused). */
function testContextOrNull(): WebGLRenderingContext | WebGL2RenderingContext | null {
  try {
    return getTestContext() ?? null;
  } catch {
    return null;
  }
}

export async function createRenderer(parent: HTMLElement): Promise<GameRenderer> {
  // The WebGL renderer itself, not pixi's Application: Application picks a renderer at run time
  // among WebGL, WebGPU and Canvas, which puts all three in the build (WebGPU draws nothing in
  // headless Chromium, and the game never chose it). Our own loop renders; the page resizes it.
  // skipExtensionImports: without it, init() fetches pixi's `browserAll` (pointer events,
  // accessibility, DOM overlays, filters: 13.6 KiB brotli in two more requests) and nothing here
  // uses any of it: no display object listens for pointers (the editor listens on the canvas),
  // none is `accessible`, none has filters or masks. tools/pixiEnvironmentPlugin.ts keeps those
  // chunks out of the build.
  // Short texture if-chains in pixi's shaders: half the frame on a software rasteriser (softwareGl.ts).
  capBatchTextures(GlLimitsSystem, MAX_BATCH_TEXTURES);
  const app = new WebGLRenderer();
  await app.init({
    width: window.innerWidth,
    height: window.innerHeight,
    // Multisampling only on a GPU: on a software rasteriser it halves the frame rate (softwareGl.ts).
    antialias: !isSoftwareRendererName(webglRendererName(testContextOrNull())),
    resolution: window.devicePixelRatio || 1,
    autoDensity: true,
    background: worldLook(1).background,
    skipExtensionImports: true,
  });
  // What pixi's pointer events did to the canvas, kept: a touch drag (the editor's pan and tools)
  // goes to the page's listeners instead of scrolling or zooming the page.
  app.canvas.style.touchAction = 'none';
  const stage = new Container();
  const onResize = (): void => app.resize(window.innerWidth, window.innerHeight);
  window.addEventListener('resize', onResize);
  app.canvas.tabIndex = 0; // focusable, so a click puts keyboard focus on the game
  parent.prepend(app.canvas); // under any DOM overlays already in `parent`

  // A render group (pixi v8): its transform, the camera, is a uniform of its draws, so the camera
  // moving does not pack every batched shape's vertices again on the CPU.
  const scene = new Container({ isRenderGroup: true });
  const tiles = new Graphics();
  const goal = new Graphics();
  const platformPaths = new Graphics();
  const checkpointFlags = new Graphics();
  const gems = new Graphics();
  const ropes = new Container();
  const ropeViews = createRopeViews(ropes);
  const boxLayer = new Container();
  const anchors = new Container();
  const anchorViews = createAnchorViews(anchors);
  // A render group (see effectLayer below): a player's pose is a new drawing every few frames, a
  // structure change that rebuilt the whole scene's draw list and batches 8 frames in 60 of a walk
  // on Breaking Point (1 in 60 once the players, the effects and the bursts had groups of their own).
  const players = new Container({ isRenderGroup: true });
  const playerViews = createPlayerViews(players);
  const goalLabel = makeLabel('GOAL', palette.goalLabel, 0.55);
  const playerLabels = [makeLabel('P1', palette.label, PLAYER_LABEL_M), makeLabel('P2', palette.label, PLAYER_LABEL_M)];
  const soloMarker = new Graphics();
  let controlledSlot: number | null = null;
  // The effects and death bursts are drawn again every frame they show. Each in a render group of
  // its own: a shape redrawn is a structure change of its group, and pixi rebuilds that group's
  // draw list and packs every one of its batched vertices again; in the scene's group that was
  // every rope, box and bolt (the effects redrew 5 frames in 60 of that walk). The editor's
  // overlay likewise: its grid and selection are redrawn as the designer works.
  const deathMarks = new Graphics();
  const deathBursts = createDeathBursts(deathMarks);
  const deathLayer = new Container({ isRenderGroup: true, children: [deathMarks] });
  const effectMarks = new Graphics();
  const effects = createEffects(effectMarks);
  const effectLayer = new Container({ isRenderGroup: true, children: [effectMarks] });
  const overlay = new Container({ isRenderGroup: true });
  let cameraOverride: Readonly<Camera> | null = null;
  // Ropes under boxes and bolts, so a rope ends neatly under the ring or the crate it holds.
  scene.addChild(tiles, platformPaths, goal, checkpointFlags, gems, goalLabel, ropes, boxLayer, anchors, players, effectLayer, ...playerLabels, soloMarker, deathLayer, overlay);
  stage.addChild(scene);

  const camera = createCamera();
  const shake = createShake();
  // The system setting is the default until the game's own settings call setReducedMotion.
  let isReducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  effects.isReducedMotion = isReducedMotion;
  const onHardEvent = (strength: number): void => kickShake(shake, strength, isReducedMotion);
  let isCameraSnapping = true;
  /** The window's scale (setViewScale) and the camera's limits at it: a new object only when it changes. */
  let viewScale = 1;
  let cameraLimits = defaultCameraLimits;
  let drawnGrid: TileGrid | null = null;
  let look = worldLook(1);
  /** The world and checkpoint the flags were drawn for (redrawn when either changes). */
  let flagsWorld: SimWorld | null = null;
  let flagsCheckpoint = -2;
  /** The world and collected gems the gems were drawn for, and the clock of their bob, s. */
  let gemsWorld: SimWorld | null = null;
  let gemsTaken = -1;
  let gemClock = 0;
  const boxViews = createBoxViews(boxLayer);
  // Interpolated bodies by entity, and player centres by slot, reused every frame.
  const poses = createBodyPoses();
  const cx = new Float64Array(PLAYER_COUNT);
  const cy = new Float64Array(PLAYER_COUNT);
  const looks = createPlayerLooks();
  let isContextLost = false;
  const contextListeners: Array<(isLost: boolean) => void> = [];
  const onContextLost = (): void => {
    isContextLost = true;
    for (const listener of contextListeners) listener(true);
  };
  const onContextRestored = (): void => {
    isContextLost = false;
    drawnGrid = null; // rebuild the level art (and flags) on the next frame
    flagsWorld = null;
    gemsWorld = null;
    isCameraSnapping = true;
    for (const listener of contextListeners) listener(false);
  };
  // After pixi's own listeners (added in init), which keep the context restorable.
  app.canvas.addEventListener('webglcontextlost', onContextLost);
  app.canvas.addEventListener('webglcontextrestored', onContextRestored);

  const buildLevelArt = (world: SimWorld): void => {
    drawTiles(tiles, world.grid, look);
    drawGoal(goal, world.goal);
    drawPlatformPaths(platformPaths, world);
    boxViews.build(world);
    goalLabel.position.set((world.goal.x + world.goal.w / 2) * U, (world.goal.y - 0.1) * U);
    drawnGrid = world.grid;
    // No camera cut here: main.ts snaps it for a new level, and a live reload of the same level
    // (a new grid too) keeps the camera where it is.
  };

  /** What the camera frames: the players' box, the goal when it is near (frameGoal), and the
   *  spikes at the bottom of a drop by them (frameSpikesBelow). */
  const framed: Box = { x0: 0, y0: 0, x1: 0, y1: 0 };
  const placeCamera = (world: SimWorld, frameSec: number): void => {
    const { body } = world;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let slot = 0; slot < PLAYER_COUNT; slot++) {
      const eid = playerEntity(world, slot);
      x0 = Math.min(x0, cx[slot] - body.halfW[eid]);
      x1 = Math.max(x1, cx[slot] + body.halfW[eid]);
      y0 = Math.min(y0, cy[slot] - body.halfH[eid]);
      y1 = Math.max(y1, cy[slot] + body.halfH[eid]);
    }
    const { width, height } = app.screen;
    if (cameraOverride) {
      camera.centerX = cameraOverride.centerX;
      camera.centerY = cameraOverride.centerY;
      camera.zoom = cameraOverride.zoom;
      isCameraSnapping = true; // handing the camera back to the players cuts to them
      placeScene(width, height, 0, 0);
      return;
    }
    framed.x0 = x0;
    framed.y0 = y0;
    framed.x1 = x1;
    framed.y1 = y1;
    const { goal: g } = world;
    frameGoal(framed, cameraLimits, width, height, g.x, g.y, g.w, g.h);
    frameSpikesBelow(framed, cameraLimits, height, world.grid);
    // updateCamera cuts on a frame time of 0; a frame right after the loop's clock was reset has
    // one too, and must ease like any other (a live reload keeps the camera), so it gets a tiny one.
    updateCamera(camera, cameraLimits, width, height, framed.x0, framed.y0, framed.x1, framed.y1,
      world.grid.width, world.grid.height, isCameraSnapping ? 0 : Math.max(frameSec, 1e-3));
    isCameraSnapping = false;
    // Shake moves only the drawn view, never the camera the game and tests read.
    updateShake(shake, frameSec, isReducedMotion);
    placeScene(width, height, shake.x, shake.y);
  };

  const placeScene = (width: number, height: number, shakeX: number, shakeY: number): void => {
    // Snap the offset to device pixels so tile edges do not shimmer while the camera eases.
    const res = app.resolution;
    scene.scale.set(camera.zoom / U);
    scene.position.set(
      Math.round((width / 2 - (camera.centerX + shakeX) * camera.zoom) * res) / res,
      Math.round((height / 2 - (camera.centerY + shakeY) * camera.zoom) * res) / res,
    );
  };

  return {
    canvas: app.canvas,
    draw(world, alpha, frameSec): void {
      if (isContextLost) return; // nothing reaches the screen; the frame after the restore draws it all
      const dpr = window.devicePixelRatio || 1;
      if (dpr !== app.resolution) app.resize(app.screen.width, app.screen.height, dpr);
      scene.visible = world !== null;
      if (world) {
        if (world.grid !== drawnGrid || world.queries.boxes.dense.length !== boxViews.count) buildLevelArt(world);
        if (world !== flagsWorld || world.rules.checkpoint[0] !== flagsCheckpoint) {
          drawCheckpoints(checkpointFlags, world);
          flagsWorld = world;
          flagsCheckpoint = world.rules.checkpoint[0];
        }
        if (world !== gemsWorld || world.rules.gems[0] !== gemsTaken) {
          drawGems(gems, world);
          gemsWorld = world;
          gemsTaken = world.rules.gems[0];
        }
        // Gems bob gently (still under reduced motion): something to pick up, not a tile.
        gemClock += frameSec;
        gems.y = isReducedMotion ? 0 : Math.sin(gemClock * 2.4) * 0.06 * U;
        const { body } = world;
        interpolateBodyPoses(poses, world, alpha);
        for (let slot = 0; slot < PLAYER_COUNT; slot++) {
          const eid = playerEntity(world, slot);
          cx[slot] = poses.x[eid];
          cy[slot] = poses.y[eid];
          playerLabels[slot].position.set(cx[slot] * U, (cy[slot] - body.halfH[eid] - 0.3) * U);
        }
        spreadLabels(playerLabels[0], playerLabels[1]);
        drawSoloMarker(soloMarker, playerLabels, controlledSlot, PLAYER_LABEL_M);
        placeCamera(world, frameSec);
        ropeViews.draw(world, alpha, poses);
        boxViews.update(world, poses);
        anchorViews.draw(world, poses);
        playerViews.draw(world, cx, cy, looks, frameSec);
        effects.readWorld(world, onHardEvent);
        effects.update(frameSec);
        deathBursts.update(frameSec);
      }
      app.render(stage);
    },
    snapCamera(): void {
      isCameraSnapping = true;
    },
    camera,
    setCameraOverride(next): void {
      cameraOverride = next;
    },
    overlay,
    addOverlayGraphics(): Graphics {
      return overlay.addChild(new Graphics());
    },
    addOverlayLabel(color, heightM): Text {
      return overlay.addChild(makeLabel('', color, heightM));
    },
    get screenSize() {
      return app.screen;
    },
    showDeath(slot, xM, yM): void {
      deathBursts.add(slot, xM, yM);
      kickShake(shake, 0.5, isReducedMotion);
    },
    get deathBurstCount(): number {
      return deathBursts.activeCount;
    },
    clearEffects(): void {
      deathBursts.clear();
      effects.clear();
      shake.trauma = 0;
    },
    setWorldLook(world): void {
      const next = worldLook(world);
      if (next === look) return;
      look = next;
      app.background.color = look.background;
      drawnGrid = null; // rebuild the level art in the new look
    },
    setControlled(slot): void {
      controlledSlot = slot;
    },
    setViewScale(scale): void {
      const s = scale > 0 && Number.isFinite(scale) ? scale : 1;
      if (s === viewScale) return;
      viewScale = s;
      cameraLimits = { ...defaultCameraLimits, minZoom: defaultCameraLimits.minZoom * s, maxZoom: defaultCameraLimits.maxZoom * s };
    },
    setReducedMotion(isOn): void {
      isReducedMotion = isOn;
      effects.isReducedMotion = isOn;
      if (isOn) shake.trauma = 0;
    },
    effectCount(kind): number {
      if (kind === 'dust') return effects.count(EffectKind.Dust);
      if (kind === 'spark') return effects.count(EffectKind.Spark);
      return effects.count(kind === 'checkpointFlash' ? EffectKind.CheckpointFlash : EffectKind.CheckpointGlow);
    },
    get shakeM(): number {
      return Math.sqrt(shake.x * shake.x + shake.y * shake.y);
    },
    get isContextLost(): boolean {
      return isContextLost;
    },
    onContextChange(listener): void {
      contextListeners.push(listener);
    },
    destroy(): void {
      window.removeEventListener('resize', onResize);
      app.canvas.removeEventListener('webglcontextlost', onContextLost);
      app.canvas.removeEventListener('webglcontextrestored', onContextRestored);
      stage.destroy({ children: true });
      app.destroy({ removeView: true });
    },
  };
}
