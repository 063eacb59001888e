import { describe, expect, test } from 'vitest';
import {
  createCamera, createShake, defaultCameraLimits, frameGoal, frameSpikesBelow, GOAL_NEAR_M, kickShake, SHAKE_MAX_M,
  SPIKES_BELOW_M, SPIKES_SIDE_M, updateCamera, updateShake, type Box, type Camera,
} from '../../src/render/camera';
import { Tile, createTileGrid, type TileGrid } from '../../src/sim';

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

describe('camera zoom and bounds', () => {
  test('zooms out as the players move apart, never past the minimum zoom', () => {
    const cam = createCamera();
    updateCamera(cam, limits, 1280, 720, 20, 10, 22, 12, 100, 40, 0);
    const together = cam.zoom;
    updateCamera(cam, limits, 1280, 720, 10, 10, 40, 12, 100, 40, 0);
    expect(cam.zoom).toBeLessThan(together);
    expect(cam.zoom).toBeCloseTo(1280 / (30 + 2 * limits.marginM), 6);
    updateCamera(cam, limits, 1280, 720, 0, 10, 95, 12, 100, 40, 0);
    expect(cam.zoom).toBe(limits.minZoom);
  });

  test('near the level edge the view stops at the edge (one metre of wall) instead of showing the void', () => {
    const cam = createCamera();
    updateCamera(cam, limits, 1280, 720, 1, 37, 3, 39, 100, 40, 0);
    const halfW = 1280 / cam.zoom / 2;
    const halfH = 720 / cam.zoom / 2;
    expect(cam.centerX - halfW).toBeCloseTo(-1, 9);
    expect(cam.centerY + halfH).toBeCloseTo(41, 9);
  });
});

describe('camera shake', () => {
  test('a kick shakes the view, bounded by SHAKE_MAX_M, and dies away within a second or so', () => {
    const shake = createShake();
    kickShake(shake, 1, false);
    let largest = 0;
    for (let i = 0; i < 30; i++) {
      updateShake(shake, 1 / 60, false);
      largest = Math.max(largest, Math.abs(shake.x), Math.abs(shake.y));
    }
    expect(largest).toBeGreaterThan(0.05);
    expect(largest).toBeLessThanOrEqual(SHAKE_MAX_M);
    for (let i = 0; i < 60; i++) updateShake(shake, 1 / 60, false);
    expect(shake.trauma).toBe(0);
    expect(Math.abs(shake.x)).toBe(0);
    expect(Math.abs(shake.y)).toBe(0);
  });

  test('under reduced motion nothing shakes, and switching it on stops a shake at once', () => {
    const shake = createShake();
    kickShake(shake, 1, true);
    for (let i = 0; i < 20; i++) {
      updateShake(shake, 1 / 60, true);
      expect(Math.abs(shake.x)).toBe(0);
      expect(Math.abs(shake.y)).toBe(0);
    }
    kickShake(shake, 1, false);
    updateShake(shake, 1 / 60, false);
    expect(Math.abs(shake.x) + Math.abs(shake.y)).toBeGreaterThan(0);
    updateShake(shake, 1 / 60, true);
    expect(Math.abs(shake.x)).toBe(0);
    expect(Math.abs(shake.y)).toBe(0);
  });

  test('bad frame times never make the shake non-finite', () => {
    const shake = createShake();
    kickShake(shake, Number.NaN, false);
    expect(shake.trauma).toBe(0);
    kickShake(shake, 5, false);
    expect(shake.trauma).toBe(1);
    updateShake(shake, Number.NaN, false);
    updateShake(shake, 1e9, false);
    expect(Number.isFinite(shake.x) && Number.isFinite(shake.y)).toBe(true);
  });
});

describe('what the camera frames besides the players', () => {
  describe('a near goal is framed with the players', () => {
    /** Whether the whole rectangle (x, y, w, h) is on a viewW x viewH screen through `cam`. */
    const isOnScreen = (cam: Camera, viewW: number, viewH: number, x: number, y: number, w: number, h: number): boolean => {
      const [sx0, sy0] = toScreen(cam, viewW, viewH, x, y);
      const [sx1, sy1] = toScreen(cam, viewW, viewH, x + w, y + h);
      return sx0 >= 0 && sy0 >= 0 && sx1 <= viewW && sy1 <= viewH;
    };
    /** Snaps a camera to `box` (players at a cliff's foot) on a 1280x720 screen in a 100 x 40 m level. */
    const snapTo = (box: Box): Camera => {
      const cam = createCamera();
      updateCamera(cam, limits, 1280, 720, box.x0, box.y0, box.x1, box.y1, 100, 40, 0);
      return cam;
    };
    // The players stand at the foot of a cliff (y 30), the goal door is on its top, 10 m up.
    const players = (): Box => ({ x0: 40, y0: 28.2, x1: 42, y1: 30 });
    const door = [43, 14, 3, 4] as const;

    test('a goal door 10 m up a cliff is cut off by the players\' own frame, and in sight with frameGoal', () => {
      expect(isOnScreen(snapTo(players()), 1280, 720, ...door)).toBe(false);
      const box = players();
      frameGoal(box, limits, 1280, 720, ...door);
      const cam = snapTo(box);
      expect(isOnScreen(cam, 1280, 720, ...door)).toBe(true);
      for (const [x, y] of [[40, 28.2], [42, 30]] as const) expect(isOnScreen(cam, 1280, 720, x, y, 0, 0)).toBe(true);
    });

    test('a goal farther than GOAL_NEAR_M, or one that does not fit the widest view with the players, leaves the frame alone', () => {
      const far = players();
      frameGoal(far, limits, 1280, 720, 42 + GOAL_NEAR_M + 1, 20, 3, 4);
      expect(far).toEqual(players());
      // Near on each axis, but on a small screen (320x180: at the smallest zoom, 13.3 x 7.5 m) the
      // two do not fit together.
      const small = players();
      frameGoal(small, limits, 320, 180, ...door);
      expect(small).toEqual(players());
    });
  });

  describe('the spikes at the bottom of a drop by the players (frameSpikesBelow)', () => {
    /**
     * A 40 x 30 m level: a floor at y 14 from x 0 to 10 (the players' ledge), a pit from x 10 to
     * 20 whose floor at y `pitFloor` holds spikes (or stone), and stone again from x 20.
     */
    function pitLevel(pitFloor: number, kind: number = Tile.Spikes): TileGrid {
      const grid = createTileGrid(40, 30);
      for (let col = 0; col < 40; col++) {
        const isPit = col >= 10 && col < 20;
        for (let row = isPit ? pitFloor : 14; row < 30; row++) grid.cells[row * 40 + col] = Tile.Solid;
        if (isPit) grid.cells[(pitFloor - 1) * 40 + col] = kind;
      }
      return grid;
    }
    const standing = (x: number): Box => ({ x0: x - 1.5, y0: 12.5, x1: x + 0.4, y1: 14 });

    test('players at a pit\'s edge: its spikes 8 m down are framed with them, on screen at 1280x720', () => {
      const box = standing(6);
      frameSpikesBelow(box, limits, 720, pitLevel(22));
      expect(box).toEqual({ ...standing(6), y1: 22 });
      const cam = createCamera();
      updateCamera(cam, limits, 1280, 720, box.x0, box.y0, box.x1, box.y1, 40, 30, 0);
      const [, spikesTop] = toScreen(cam, 1280, 720, 12, 21.5); // the spikes' tips
      const [, headY] = toScreen(cam, 1280, 720, 6, 12.5);
      expect(spikesTop).toBeLessThan(720 - 40); // clear of the bottom bar of key hints
      expect(headY).toBeGreaterThan(0);
      // Without it, the players' own frame ends above the spikes.
      const plain = createCamera();
      updateCamera(plain, limits, 1280, 720, ...Object.values(standing(6)) as [number, number, number, number], 40, 30, 0);
      expect(toScreen(plain, 1280, 720, 12, 21.5)[1]).toBeGreaterThan(720);
    });

    test('a pit farther than SPIKES_SIDE_M, deeper than SPIKES_BELOW_M, floored with stone, or too deep for the widest view leaves the frame alone', () => {
      const far = standing(10 - SPIKES_SIDE_M - 1.5);
      frameSpikesBelow(far, limits, 720, pitLevel(22));
      expect(far).toEqual(standing(10 - SPIKES_SIDE_M - 1.5));
      const deep = standing(6);
      frameSpikesBelow(deep, limits, 720, pitLevel(14 + SPIKES_BELOW_M + 2));
      expect(deep).toEqual(standing(6));
      const stone = standing(6);
      frameSpikesBelow(stone, limits, 720, pitLevel(22, Tile.Solid));
      expect(stone).toEqual(standing(6));
      // A 360 px tall window: at the smallest zoom 15 m, less than the 9.5 m + margins needed.
      const small = standing(6);
      frameSpikesBelow(small, limits, 360, pitLevel(22));
      expect(small).toEqual(standing(6));
    });

    test('spikes on the players\' own floor, or under stone, are not a drop: nothing changes', () => {
      const grid = pitLevel(22);
      for (let col = 5; col < 10; col++) grid.cells[13 * 40 + col] = Tile.Spikes; // a strip on the ledge beside them
      for (let col = 0; col < 10; col++) grid.cells[17 * 40 + col] = Tile.Spikes; // spikes inside the stone below
      const box = standing(2); // the pit's edge (x 10) is beyond SPIKES_SIDE_M
      frameSpikesBelow(box, limits, 720, grid);
      expect(box).toEqual(standing(2));
    });
  });
});
