// The editor's camera: where it looks (centre, m) and how close (CSS px per metre), steered by the
// designer (pan, zoom about the pointer, fit the level) instead of following the players. Pure
// numbers; the game's renderer draws with it (GameRenderer.setCameraOverride).

import type { Camera } from '../../render/camera';

export const MIN_ZOOM = 6;
export const MAX_ZOOM = 160;

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** World point (m) under screen point (sx, sy) px on a `w` x `h` px view. */
export function screenToWorld(cam: Readonly<Camera>, w: number, h: number, sx: number, sy: number): { x: number; y: number } {
  return { x: cam.centerX + (sx - w / 2) / cam.zoom, y: cam.centerY + (sy - h / 2) / cam.zoom };
}

export function worldToScreen(cam: Readonly<Camera>, w: number, h: number, x: number, y: number): { x: number; y: number } {
  return { x: (x - cam.centerX) * cam.zoom + w / 2, y: (y - cam.centerY) * cam.zoom + h / 2 };
}

/** Zooms by `factor` keeping the world point under (sx, sy) where it is. */
export function zoomAt(cam: Camera, w: number, h: number, sx: number, sy: number, factor: number): void {
  const before = screenToWorld(cam, w, h, sx, sy);
  cam.zoom = clampZoom(cam.zoom * factor);
  const after = screenToWorld(cam, w, h, sx, sy);
  cam.centerX += before.x - after.x;
  cam.centerY += before.y - after.y;
}

/** Shows the whole `levelW` x `levelH` m level with a margin, within the part of the screen
 *  between `insetLeft` and `w - insetRight` px (the editor's panels cover the rest). */
export function fitLevel(cam: Camera, w: number, h: number, levelW: number, levelH: number, insetLeft = 0, insetRight = 0): void {
  const freeW = Math.max(100, w - insetLeft - insetRight);
  cam.zoom = clampZoom(Math.min(freeW / (levelW + 2), h / (levelH + 2)));
  cam.centerY = levelH / 2;
  // The level's centre at the centre of the free part of the screen.
  cam.centerX = levelW / 2 - ((insetLeft - insetRight) / 2) / cam.zoom;
}
