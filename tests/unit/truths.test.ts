// The ground truths themselves, checked against published values, before any sim is measured by them.
import { describe, expect, it } from 'vitest';
import { catenaryParameter, catenarySag, discreteChainSag, ellipticK, pendulumPeriod } from './truths';

describe('elliptic integral K by the AGM', () => {
  it('matches tabulated values', () => {
    expect(ellipticK(0)).toBeCloseTo(Math.PI / 2, 15);
    // Abramowitz & Stegun table 17.1 (modular angle 45 and 80 degrees; k = sin of it).
    expect(ellipticK(Math.SQRT1_2)).toBeCloseTo(1.854074677301372, 13);
    expect(ellipticK(Math.sin((80 * Math.PI) / 180))).toBeCloseTo(3.153385251887839, 12);
  });

  it('agrees with the series K(k) = pi/2 (1 + k^2/4 + 9 k^4/64 + ...) for a small modulus', () => {
    const k = 0.05;
    const series = (Math.PI / 2) * (1 + k ** 2 / 4 + (9 * k ** 4) / 64 + (25 * k ** 6) / 256 + (1225 * k ** 8) / 16384);
    expect(ellipticK(k)).toBeCloseTo(series, 12); // the next term is ~1e-14
  });

  it('rejects a modulus outside [0, 1)', () => {
    expect(() => ellipticK(1)).toThrow(RangeError);
    expect(() => ellipticK(-0.1)).toThrow(RangeError);
  });
});

describe('pendulum period', () => {
  it('small angles give 2 pi sqrt(L/g); 90 degrees is 1.18034 times that', () => {
    const t0 = 2 * Math.PI * Math.sqrt(4 / 9.81);
    expect(pendulumPeriod(4, 9.81, 1e-6)).toBeCloseTo(t0, 10);
    expect(pendulumPeriod(4, 9.81, Math.PI / 2) / t0).toBeCloseTo(1.180340599, 8);
  });
});

describe('catenary', () => {
  it('the parameter solves S = 2 a sinh(D / 2a)', () => {
    for (const [s, d] of [[10, 8], [10.001, 10], [50, 1], [3, 2.9]]) {
      const a = catenaryParameter(s, d);
      expect(2 * a * Math.sinh(d / (2 * a))).toBeCloseTo(s, 9);
    }
  });

  it('a nearly taut rope sags like the parabola sqrt(3 D (S - D) / 8); a very long one by about S / 2', () => {
    expect(catenarySag(10.001, 10) / Math.sqrt((3 * 10 * 0.001) / 8)).toBeCloseTo(1, 3);
    expect(catenarySag(100, 0.01) / 50).toBeCloseTo(1, 3);
  });

  it('a discrete chain of many links approaches the continuous catenary', () => {
    const exact = catenarySag(10, 8);
    const err = (n: number) => Math.abs(discreteChainSag(10, 8, n) / exact - 1);
    expect(err(4000)).toBeLessThan(1e-5);
    expect(err(40)).toBeLessThan(err(10));
    expect(err(160)).toBeLessThan(err(40));
    // Two links: a triangle with both sides S / 2.
    expect(discreteChainSag(10, 8, 2)).toBeCloseTo(3, 12);
  });
});
