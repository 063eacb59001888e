// The camera: keeps both players on screen. It aims at their midpoint with a zoom that fits both
// with a margin, clamped to a readable range, and eases toward that target so rope snaps and
// respawns do not jerk the view. Pure numbers (no pixi) so it is easy to reason about and test.

import { Tile, tileAt, type TileGrid } from '../sim';

export interface Camera {
  /** World point at the centre of the screen, m. */
  centerX: number;
  centerY: number;
  /** Screen pixels (CSS px) per metre. */
  zoom: number;
}

export interface CameraLimits {
  minZoom: number;
  maxZoom: number;
  /** Space kept around the two players, m, on each side. */
  marginM: number;
  /** Smallest view, m: players standing together still see this much of the level around them. */
  minViewW: number;
  minViewH: number;
  /** How fast the camera closes the gap to its target, 1/s (higher = snappier). */
  followRate: number;
}

export const defaultCameraLimits: CameraLimits = { minZoom: 24, maxZoom: 64, marginM: 4, minViewW: 24, minViewH: 13.5, followRate: 6 };

export function createCamera(): Camera {
  return { centerX: 0, centerY: 0, zoom: 40 };
}

/**
 * Moves `cam` toward the view that fits the box (x0, y0)-(x1, y1) on a `viewW` x `viewH` px
 * screen. `frameSec` <= 0 snaps straight to the target (first frame, restart). When the level
 * (`levelW` x `levelH` m) is larger than the view, the view stays inside it, with room below for a
 * fall; it never clamps a player out of sight.
 */
export function updateCamera(
  cam: Camera, limits: CameraLimits, viewW: number, viewH: number,
  x0: number, y0: number, x1: number, y1: number,
  levelW: number, levelH: number, frameSec: number,
): void {
  const spanW = Math.max(x1 - x0 + 2 * limits.marginM, limits.minViewW);
  const spanH = Math.max(y1 - y0 + 2 * limits.marginM, limits.minViewH);
  let zoom = Math.min(viewW / spanW, viewH / spanH);
  zoom = Math.min(limits.maxZoom, Math.max(limits.minZoom, zoom));
  const halfW = viewW / zoom / 2;
  const halfH = viewH / zoom / 2;
  // 1 m of the side walls stays in view: the edge of the level reads as a wall, not as the screen's edge.
  let cx = clampAxis((x0 + x1) / 2, halfW, -1, levelW + 1);
  let cy = clampAxis((y0 + y1) / 2, halfH, 0, levelH + 1);
  // The level clamp must never hide a player: pull back toward the players if it would.
  cx = Math.min(Math.max(cx, x1 + 0.5 - halfW), x0 - 0.5 + halfW);
  cy = Math.min(Math.max(cy, y1 + 0.5 - halfH), y0 - 0.5 + halfH);

  if (!(frameSec > 0)) {
    cam.centerX = cx;
    cam.centerY = cy;
    cam.zoom = zoom;
    return;
  }
  // Frame-rate independent easing: the same fraction of the gap closes per second at any fps.
  const k = 1 - Math.exp(-limits.followRate * Math.min(frameSec, 0.1));
  cam.centerX += (cx - cam.centerX) * k;
  cam.centerY += (cy - cam.centerY) * k;
  cam.zoom += (zoom - cam.zoom) * k;
}

/** A box in world metres, top-left (x0, y0) to bottom-right (x1, y1). */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** How far, m, beyond the players' box the goal may be on each axis and still be framed with them. */
export const GOAL_NEAR_M = 12;

/**
 * Grows `box` (the players') to hold the goal (gx, gy, gw, gh, m) when the goal is near: within
 * GOAL_NEAR_M of the box on both axes, and the two together fit the widest view (the smallest
 * zoom, margins kept). A goal door at the top of a cliff is then in sight from the cliff's foot,
 * instead of cut off by the screen's edge until the players have climbed to it. Farther goals
 * leave the box as it is: the players come first.
 */
export function frameGoal(
  box: Box, limits: CameraLimits, viewW: number, viewH: number, gx: number, gy: number, gw: number, gh: number,
): void {
  const gapX = Math.max(gx - box.x1, box.x0 - (gx + gw), 0);
  const gapY = Math.max(gy - box.y1, box.y0 - (gy + gh), 0);
  if (!(gapX <= GOAL_NEAR_M && gapY <= GOAL_NEAR_M)) return;
  const x0 = Math.min(box.x0, gx);
  const x1 = Math.max(box.x1, gx + gw);
  const y0 = Math.min(box.y0, gy);
  const y1 = Math.max(box.y1, gy + gh);
  if (x1 - x0 + 2 * limits.marginM > viewW / limits.minZoom || y1 - y0 + 2 * limits.marginM > viewH / limits.minZoom) return;
  box.x0 = x0;
  box.x1 = x1;
  box.y0 = y0;
  box.y1 = y1;
}

/** How far beside the players' box the camera looks for spikes below them, m. */
export const SPIKES_SIDE_M = 6;
/** How far below the bottom of the players' box those spikes may be and still be framed, m. */
export const SPIKES_BELOW_M = 10;

/**
 * Grows `box` (the players', after frameGoal) down to the spikes at the bottom of a drop under or
 * just beside the players: per column within SPIKES_SIDE_M of the box, the first tile below the
 * box that is not empty, when it is spikes within SPIKES_BELOW_M. A pit then shows what waits at
 * its bottom from its edge on, instead of a drop into the dark: a blind tester walked off Moving
 * Rigs' start into an 8 m pit whose spikes were below the screen. A drop onto stone, or deeper
 * than SPIKES_BELOW_M, is left as it is; like frameGoal, only when the grown box fits the widest
 * view.
 */
export function frameSpikesBelow(box: Box, limits: CameraLimits, viewH: number, grid: TileGrid): void {
  const top = Math.floor(box.y1);
  const last = Math.floor(box.y1 + SPIKES_BELOW_M);
  let bottom = box.y1;
  for (let col = Math.floor(box.x0 - SPIKES_SIDE_M); col <= Math.floor(box.x1 + SPIKES_SIDE_M); col++) {
    if (col < 0 || col >= grid.width) continue;
    for (let row = top; row <= last && row < grid.height; row++) {
      const t = tileAt(grid, col, row);
      if (t === Tile.Empty) continue;
      if (t === Tile.Spikes && row + 1 > bottom) bottom = row + 1;
      break;
    }
  }
  if (bottom === box.y1 || bottom - box.y0 + 2 * limits.marginM > viewH / limits.minZoom) return;
  box.y1 = bottom;
}

/**
 * Where the world point (x, y), m, is on a `viewW` x `viewH` px view through `cam`, in CSS px from
 * the view's top-left (the renderer places the scene this way; screen shake is left out, so DOM
 * overlays placed with it stay still while the picture shakes).
 */
export function worldToScreen(cam: Readonly<Camera>, viewW: number, viewH: number, x: number, y: number): { x: number; y: number } {
  return { x: viewW / 2 + (x - cam.centerX) * cam.zoom, y: viewH / 2 + (y - cam.centerY) * cam.zoom };
}

/** Keeps a view of half-size `half` inside [lo, hi]; centres it when the range is smaller. */
function clampAxis(center: number, half: number, lo: number, hi: number): number {
  if (hi - lo <= 2 * half) return (lo + hi) / 2;
  return Math.min(Math.max(center, lo + half), hi - half);
}

/**
 * Screen shake on hard events (a death, a rope snap), as "trauma" in [0, 1] that decays; the
 * offset grows with trauma squared so small knocks barely move the view. Kept apart from Camera
 * so the camera's centre (read by tests and the debug handle) is never shaken.
 */
export interface Shake {
  trauma: number;
  /** Time the shake has run, s (drives the wobble). */
  timeSec: number;
  /** Offset to add to the view this frame, m. */
  x: number;
  y: number;
}

/** Largest offset at full trauma, m, and how fast trauma fades, 1/s. */
export const SHAKE_MAX_M = 0.35;
export const SHAKE_DECAY = 1.8;

export function createShake(): Shake {
  return { trauma: 0, timeSec: 0, x: 0, y: 0 };
}

/** Adds `amount` of trauma (capped at 1). Under reduced motion nothing shakes, ever. */
export function kickShake(shake: Shake, amount: number, isReducedMotion: boolean): void {
  if (isReducedMotion || !(amount > 0)) return;
  shake.trauma = Math.min(1, shake.trauma + amount);
}

/** Ages the shake by `frameSec` and writes this frame's offset; zero under reduced motion. */
export function updateShake(shake: Shake, frameSec: number, isReducedMotion: boolean): void {
  const dt = frameSec > 0 ? Math.min(frameSec, 0.1) : 0;
  if (isReducedMotion) shake.trauma = 0;
  shake.trauma = Math.max(0, shake.trauma - SHAKE_DECAY * dt);
  shake.timeSec += dt;
  const a = shake.trauma * shake.trauma * SHAKE_MAX_M;
  const t = shake.timeSec;
  // Two incommensurate sines per axis: a wobble that never repeats visibly, with no random source.
  shake.x = a * (Math.sin(t * 47) * 0.7 + Math.sin(t * 83 + 1) * 0.3);
  shake.y = a * (Math.sin(t * 53 + 2) * 0.7 + Math.sin(t * 71 + 3) * 0.3);
}
