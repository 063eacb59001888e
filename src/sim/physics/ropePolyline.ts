// The rope as it really lies: its particles, with each pivot of a rope bent round tile corners
// inserted between the two particles whose arc lengths from end A straddle the pivot's. The
// particles of a bent rope sit on its spans, but the segment joining the last particle before a
// corner to the first after it cuts the corner; the rope itself runs through the corner. Drawing,
// picking and the invariants walk this polyline, not the bare particles.

import { MAX_WRAPS } from '../ropeComponents';
import type { SimWorld } from '../worldState';

/** A rope's polyline (see the top of the file): points 0..count-1, m. Grown, never shrunk. */
export interface RopePolyline {
  /** Points in use. */
  count: number;
  x: Float64Array;
  y: Float64Array;
  /** 1 where the point is a pivot (a tile corner the rope bends round), 0 for a particle. */
  isPivot: Uint8Array;
}

/** The one polyline traceRopePolyline fills (module scratch: no allocation per call once grown). */
const polyline: RopePolyline = { count: 0, x: new Float64Array(64), y: new Float64Array(64), isPivot: new Uint8Array(64) };

/**
 * Fills and returns the shared {@link RopePolyline} with rope r's polyline. Particles are taken at
 * `alpha` of the way from their last tick's position (drawX/Y) to their current one (1, the default:
 * where they are now); pivots are fixed corners. The result is overwritten by the next call.
 */
export function traceRopePolyline(world: SimWorld, r: number, alpha = 1): RopePolyline {
  const { particle, rope, wrap } = world;
  const first = rope.first[r];
  const n = rope.count[r];
  const pivots = wrap.count[r];
  if (polyline.x.length < n + pivots) grow(n + pivots);
  const { x, y, isPivot } = polyline;
  const base = r * MAX_WRAPS;
  // Arc length from end A of the next pivot; the pivots' arcs are spanA, then the distances between them.
  let k = 0;
  let pivotArc = pivots > 0 ? wrap.spanA[r] : Infinity;
  let arc = 0;
  let m = 0;
  for (let i = first; i < first + n; i++) {
    // Pivots at or before this particle's arc go before it, but never before particle 0 or after the last.
    while (k < pivots && i > first && (pivotArc <= arc || i === first + n - 1)) {
      x[m] = wrap.x[base + k];
      y[m] = wrap.y[base + k];
      isPivot[m] = 1;
      m++;
      k++;
      if (k < pivots) {
        const dx = wrap.x[base + k] - wrap.x[base + k - 1];
        const dy = wrap.y[base + k] - wrap.y[base + k - 1];
        pivotArc += Math.sqrt(dx * dx + dy * dy);
      }
    }
    x[m] = alpha === 1 ? particle.x[i] : particle.drawX[i] + (particle.x[i] - particle.drawX[i]) * alpha;
    y[m] = alpha === 1 ? particle.y[i] : particle.drawY[i] + (particle.y[i] - particle.drawY[i]) * alpha;
    isPivot[m] = 0;
    m++;
    arc += particle.rest[i];
  }
  polyline.count = m;
  return polyline;
}

function grow(size: number): void {
  const s = Math.max(size, polyline.x.length * 2);
  polyline.x = new Float64Array(s);
  polyline.y = new Float64Array(s);
  polyline.isPivot = new Uint8Array(s);
}
