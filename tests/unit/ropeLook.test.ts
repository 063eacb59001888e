// How the load of a rope that can snap maps to its drawn look (src/render/ropeLoad.ts): the
// share of its breaking tension, and the step of the frayed look from worn straw to vermillion.
import { expect, test } from 'vitest';
import { frayStep, loadOf } from '../../src/render/ropeLoad';

test('the load is the share of the breaking tension, 0 for a rope that cannot break, capped at 1', () => {
  expect(loadOf(600, 1200)).toBeCloseTo(0.5, 12);
  expect(loadOf(5000, 1200)).toBe(1);
  expect(loadOf(600, 0)).toBe(0);
  expect(loadOf(0, 1200)).toBe(0);
  expect(loadOf(Number.NaN, 1200)).toBe(0);
});

test('the frayed look steps up with the load and is strained from 70 % on', () => {
  const steps = Array.from({ length: 101 }, (_, i) => frayStep(i / 100));
  for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeGreaterThanOrEqual(steps[i - 1]);
  expect(steps[0]).toBe(0);
  expect(new Set(steps.slice(0, 70)).size).toBeGreaterThanOrEqual(5); // visible steps below the warning
  const strained = Math.max(...steps);
  expect(steps.slice(0, 70).every((s) => s < strained)).toBe(true);
  expect(steps.slice(70).every((s) => s === strained)).toBe(true);
});
