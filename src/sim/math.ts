// The few bits of trigonometry the sim needs, from + - * / and sqrt only, so results are the same
// bits in every JavaScript engine (Math.sin and friends differ in the last bit between engines).
// Angles in a tick are small (a box turns at most maxTurn per substep), so short series are exact
// to double precision there.

/** Largest rotation of a body in one substep, rad (the series below are exact to ~1e-16 up to here). */
export const MAX_TURN = 0.1;

/**
 * A small turn, rad, with its sine and cosine. The solver's hot loops hand angles to these helpers
 * through one of these (a module scratch of the caller) instead of as arguments and return values:
 * V8 boxes a double passed to or returned from a call it does not inline, an allocation per call.
 */
export interface SmallTurn { angle: number; sin: number; cos: number }

export function createSmallTurn(): SmallTurn {
  return { angle: 0, sin: 0, cos: 0 };
}

/** t.sin and t.cos of t.angle for |angle| <= MAX_TURN (Taylor to d^9 and d^10). */
export function setSmallSinCos(t: SmallTurn): void {
  const d = t.angle;
  const d2 = d * d;
  t.sin = d * (1 - (d2 / 6) * (1 - (d2 / 20) * (1 - (d2 / 42) * (1 - d2 / 72))));
  t.cos = 1 - (d2 / 2) * (1 - (d2 / 12) * (1 - (d2 / 30) * (1 - (d2 / 56) * (1 - d2 / 90))));
}

/**
 * The angle from orientation (c0[e], s0[e]) to (c1[e], s1[e]) into t.angle, for small turns: atan
 * of the tangent of the difference (series to t^11 for |t| <= ~0.1, used only within one substep).
 * Reads body `e`'s columns itself, so no double crosses the call.
 */
export function setTurnBetween(t: SmallTurn, c0: Float64Array, s0: Float64Array, c1: Float64Array, s1: Float64Array, e: number): void {
  const cross = c0[e] * s1[e] - s0[e] * c1[e];
  const dot = c0[e] * c1[e] + s0[e] * s1[e];
  const tan = cross / dot;
  const t2 = tan * tan;
  t.angle = tan * (1 - t2 * (1 / 3 - t2 * (1 / 5 - t2 * (1 / 7 - t2 * (1 / 9 - t2 / 11)))));
}

/** In and out numbers of setAngleOf and setExpPositive (a caller's scratch: no double crosses the call). */
export interface MathArgs { x: number; y: number; out: number }

export function createMathArgs(): MathArgs {
  return { x: 0, y: 0, out: 0 };
}

/**
 * sin and cos of any angle, rad, from the series above: halve the angle until it is small, then
 * double back (sin 2x = 2 sin x cos x, cos 2x = cos² x - sin² x). For set-up (a level's pendulum
 * start angle), not for the tick; within ~1e-15 of Math.sin / Math.cos, and the same bits everywhere.
 */
export function sinCos(angle: number): { sin: number; cos: number } {
  let halvings = 0;
  let a = angle;
  while (Math.abs(a) > MAX_TURN && halvings < 64) { a /= 2; halvings++; }
  const turn = createSmallTurn();
  turn.angle = a;
  setSmallSinCos(turn);
  let s = turn.sin;
  let c = turn.cos;
  for (let k = 0; k < halvings; k++) {
    const s2 = 2 * s * c;
    c = c * c - s * s;
    s = s2;
  }
  return { sin: s, cos: c };
}

/**
 * The angle of the direction (c, s) = (m.x, m.y) into m.out, rad in [0, pi] for s >= 0 (and
 * [-pi, 0] for s < 0): an atan2 of + - * / and sqrt. The tangent is halved twice
 * (atan x = 2 atan(x / (1 + sqrt(1 + x²)))) to |t| <= tan(pi/16), where the series to t^17 is
 * exact to ~1e-15. For the capstan's wrap angle.
 */
export function setAngleOf(m: MathArgs): void {
  const c = m.x;
  const s = m.y;
  const ac = Math.abs(c);
  const as = Math.abs(s);
  if (ac === 0 && as === 0) { m.out = 0; return; }
  // atan of the smaller ratio, then the octant.
  const isSteep = as > ac;
  let t = isSteep ? ac / as : as / ac;
  t = t / (1 + Math.sqrt(1 + t * t));
  t = t / (1 + Math.sqrt(1 + t * t));
  const t2 = t * t;
  let series = 1 / 17;
  for (let k = 15; k >= 1; k -= 2) series = 1 / k - t2 * series;
  let a = 4 * t * series; // in [0, pi/4]
  if (isSteep) a = Math.PI / 2 - a;
  if (c < 0) a = Math.PI - a;
  m.out = s < 0 ? -a : a;
}

/**
 * e^x of x = m.x into m.out, for 0 <= x <= ~50, from + - * /: halve x below 1/16, sum the series
 * to x^10, square back. Within ~1e-14 relative of Math.exp, the same bits in every engine. For the
 * capstan's e^(mu theta).
 */
export function setExpPositive(m: MathArgs): void {
  const x = m.x;
  let halvings = 0;
  let a = x;
  while (a > 1 / 16 && halvings < 16) { a /= 2; halvings++; }
  let term = 1;
  let sum = 1;
  for (let k = 1; k <= 10; k++) { term *= a / k; sum += term; }
  for (let k = 0; k < halvings; k++) sum *= sum;
  m.out = sum;
}
