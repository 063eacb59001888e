// The few bits of trigonometry the sim needs, from + - * / and sqrt only, so results are the same
// bits in every JavaScript engine (Math.sin and friends differ in the last bit between engines).
// Angles in a tick are small (a box turns at most maxTurn per substep), so short series are exact
// to double precision there.

/** Largest rotation of a body in one substep, rad (the series below are exact to ~1e-16 up to here). */
export const MAX_TURN = 0.1;

/** sin(d) for |d| <= MAX_TURN (Taylor to d^9). */
export function smallSin(d: number): number {
  const d2 = d * d;
  return d * (1 - (d2 / 6) * (1 - (d2 / 20) * (1 - (d2 / 42) * (1 - d2 / 72))));
}

/** cos(d) for |d| <= MAX_TURN (Taylor to d^10). */
export function smallCos(d: number): number {
  const d2 = d * d;
  return 1 - (d2 / 2) * (1 - (d2 / 12) * (1 - (d2 / 30) * (1 - (d2 / 56) * (1 - d2 / 90))));
}

/**
 * The angle from orientation (c0, s0) to (c1, s1), for small turns: atan of the tangent of the
 * difference (series to t^11 for |t| <= ~0.1, used only within one substep).
 */
export function smallAngleBetween(c0: number, s0: number, c1: number, s1: number): number {
  const cross = c0 * s1 - s0 * c1;
  const dot = c0 * c1 + s0 * s1;
  const t = cross / dot;
  const t2 = t * t;
  return t * (1 - t2 * (1 / 3 - t2 * (1 / 5 - t2 * (1 / 7 - t2 * (1 / 9 - t2 / 11)))));
}
