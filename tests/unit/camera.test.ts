import { describe, expect, test } from 'vitest';
import { createCamera, defaultCameraLimits, updateCamera, type Camera } from '../../src/render/camera';

const limits = defaultCameraLimits;

/** Screen-space x/y (px) of a world point for a camera on a viewW x viewH screen. */
function toScreen(cam: Camera, viewW: number, viewH: number, x: number, y: number): [number, number] {
  return [viewW / 2 + (x - cam.centerX) * cam.zoom, viewH / 2 + (y - cam.centerY) * cam.zoom];
}

describe('camera', () => {
  test('snaps to the midpoint of two players standing together, zoomed to the minimum view', () => {
    const cam = createCamera();
    updateCamera(cam, limits, 1280, 720, 20, 10, 22, 12, 100, 40, 0);
    expect(cam.centerX).toBeCloseTo(21, 9);
    expect(cam.centerY).toBeCloseTo(11, 9);
    expect(cam.zoom).toBeCloseTo(Math.min(1280 / limits.minViewW, 720 / limits.minViewH), 9);
  });

  test('zoom stays within its limits on tiny and huge windows', () => {
    const cam = createCamera();
    updateCamera(cam, limits, 200, 150, 20, 10, 22, 12, 100, 40, 0);
    expect(cam.zoom).toBe(limits.minZoom);
    updateCamera(cam, limits, 8000, 4000, 20, 10, 22, 12, 100, 40, 0);
    expect(cam.zoom).toBe(limits.maxZoom);
  });

  test('keeps both players on screen even when the level clamp would cut one off', () => {
    const cam = createCamera();
    // Players far apart near the level's left edge on a small screen.
    updateCamera(cam, limits, 640, 360, 0.5, 5, 14, 7, 100, 40, 0);
    for (const [x, y] of [[0.5, 5], [14, 7]] as const) {
      const [sx, sy] = toScreen(cam, 640, 360, x, y);
      expect(sx).toBeGreaterThanOrEqual(0);
      expect(sx).toBeLessThanOrEqual(640);
      expect(sy).toBeGreaterThanOrEqual(0);
      expect(sy).toBeLessThanOrEqual(360);
    }
  });

  test('eases toward the target at the same rate whatever the frame rate', () => {
    const at30 = createCamera();
    const at120 = createCamera();
    for (const cam of [at30, at120]) updateCamera(cam, limits, 1280, 720, 20, 10, 22, 12, 100, 40, 0);
    for (let i = 0; i < 15; i++) updateCamera(at30, limits, 1280, 720, 30, 10, 32, 12, 100, 40, 1 / 30);
    for (let i = 0; i < 60; i++) updateCamera(at120, limits, 1280, 720, 30, 10, 32, 12, 100, 40, 1 / 120);
    expect(at30.centerX).toBeGreaterThan(21);
    expect(at30.centerX).toBeLessThan(31);
    expect(at30.centerX).toBeCloseTo(at120.centerX, 6);
  });

  test('a NaN or huge frame time never throws the camera off', () => {
    const cam = createCamera();
    updateCamera(cam, limits, 1280, 720, 20, 10, 22, 12, 100, 40, 0);
    updateCamera(cam, limits, 1280, 720, 20, 10, 22, 12, 100, 40, Number.NaN);
    expect(Number.isFinite(cam.centerX)).toBe(true);
    updateCamera(cam, limits, 1280, 720, 40, 10, 42, 12, 100, 40, 1e9);
    expect(Number.isFinite(cam.centerX)).toBe(true);
    expect(cam.centerX).toBeLessThanOrEqual(41);
  });
});
