// The menus' and HUD's size for a window (src/ui/uiScale.ts): 1 up to 1280x720, then the smaller
// of the two ratios, so a 16:9 TV or 4K screen gets the same layout larger, and an odd shape the
// size that fits its short side.
import { expect, test } from 'vitest';
import { uiZoomFor } from '../../src/ui/uiScale';

test('1280x720 and smaller windows: 1; 16:9 windows grow with their width', () => {
  expect(uiZoomFor(1280, 720)).toBe(1);
  expect(uiZoomFor(800, 500)).toBe(1);
  expect(uiZoomFor(100, 100)).toBe(1);
  expect(uiZoomFor(1920, 1080)).toBe(1.5);
  expect(uiZoomFor(2560, 1440)).toBe(2);
  expect(uiZoomFor(3840, 2160)).toBe(3);
});

test('the short side decides; hundredths only; capped at 4; junk sizes give 1', () => {
  expect(uiZoomFor(3840, 1080)).toBe(1.5); // ultrawide: the height decides
  expect(uiZoomFor(1400, 2000)).toBe(1.09); // portrait: the width decides, rounded down
  expect(uiZoomFor(20000, 20000)).toBe(4);
  expect(uiZoomFor(Number.NaN, 720)).toBe(1);
  expect(uiZoomFor(0, 0)).toBe(1);
});
