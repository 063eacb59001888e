// Closed-form ground truths from PHYSICS.md that the rope tests measure the sim against. Plain
// test-side maths (Math.cosh and friends are fine here: this never runs inside the sim).

/** Complete elliptic integral of the first kind K(k), modulus k in [0, 1), by the AGM: K = pi / (2 AGM(1, sqrt(1 - k^2))). */
export function ellipticK(k: number): number {
  if (!(k >= 0 && k < 1)) throw new RangeError(`ellipticK: modulus ${k} outside [0, 1)`);
  let a = 1;
  let b = Math.sqrt(1 - k * k);
  for (let n = 0; n < 64 && Math.abs(a - b) > 1e-16 * a; n++) {
    const next = (a + b) / 2;
    b = Math.sqrt(a * b);
    a = next;
  }
  return Math.PI / (2 * a);
}

/** Period of a simple pendulum of length `length` m released from rest at `theta0` rad: 4 sqrt(L/g) K(sin(theta0/2)), s. */
export function pendulumPeriod(length: number, gravity: number, theta0: number): number {
  return 4 * Math.sqrt(length / gravity) * ellipticK(Math.sin(theta0 / 2));
}

/**
 * Catenary parameter a (m) of a rope of length `ropeLength` hung between two pins `span` m apart at the
 * same height: the root of S = 2 a sinh(D / (2a)), by bisection on log a (the right side falls
 * monotonically from infinity to D as a grows).
 */
export function catenaryParameter(ropeLength: number, span: number): number {
  if (!(ropeLength > span && span > 0)) throw new RangeError(`catenary: need rope length ${ropeLength} > span ${span} > 0`);
  const lengthAt = (a: number) => 2 * a * Math.sinh(span / (2 * a));
  let lo = span / 1400; // sinh(700) is near the largest finite double: S there is astronomically long
  let hi = span;
  while (lengthAt(hi) > ropeLength) hi *= 2;
  for (let n = 0; n < 200; n++) {
    const mid = Math.sqrt(lo * hi);
    if (lengthAt(mid) > ropeLength) lo = mid;
    else hi = mid;
    if (hi - lo <= 1e-15 * hi) break;
  }
  return (lo + hi) / 2;
}

/** Sag (m) of that catenary below its pins: a (cosh(D / 2a) - 1). */
export function catenarySag(ropeLength: number, span: number): number {
  const a = catenaryParameter(ropeLength, span);
  return a * (Math.cosh(span / (2 * a)) - 1);
}

/**
 * Sag (m) of the discrete version the sim actually builds: `segments` equal rigid links of total
 * length `ropeLength`, pinned at both ends `span` m apart, with equal point masses at the interior
 * joints. The horizontal tension H is the same in every link; link k (k = 0..N-1) carries the weight
 * of the joints past the middle, so tan(theta_k) = (k - (N - 1) / 2) / h with h = H / (m g). The
 * span sum_k l cos(theta_k) grows with h: solve it for `span` by bisection, then sum the drops.
 */
export function discreteChainSag(ropeLength: number, span: number, segments: number): number {
  if (!(ropeLength > span && span > 0 && segments >= 2)) throw new RangeError('discreteChainSag: bad arguments');
  const link = ropeLength / segments;
  const mid = (segments - 1) / 2;
  const spanAt = (h: number) => {
    let sum = 0;
    for (let k = 0; k < segments; k++) {
      const t = (k - mid) / h;
      sum += link / Math.sqrt(1 + t * t);
    }
    return sum;
  };
  let lo = 1e-9;
  let hi = 1;
  while (spanAt(hi) < span) hi *= 2;
  for (let n = 0; n < 200; n++) {
    const h = Math.sqrt(lo * hi);
    if (spanAt(h) < span) lo = h;
    else hi = h;
    if (hi - lo <= 1e-15 * hi) break;
  }
  const h = (lo + hi) / 2;
  // Drop from a pin to the lowest joint(s): the links of the first half (by symmetry).
  let sag = 0;
  for (let k = 0; k < Math.floor(segments / 2); k++) {
    const t = (mid - k) / h;
    sag += (link * t) / Math.sqrt(1 + t * t);
  }
  return sag;
}
