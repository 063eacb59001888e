// The tether, redrawn every frame into one Graphics: a smooth curve through the rope particles,
// interpolated between the last two ticks. Taut rope is darker and thicker than slack rope so
// players can read the tension at a glance.

import type { Graphics } from 'pixi.js';
import type { SimWorld } from '../sim/world';
import { palette } from './palette';
import { CM_PER_M as U } from './units';

// Built once: a style literal in draw() would be a new object every frame.
const TAUT_STYLE = { width: 0.09 * U, color: palette.ropeTaut, cap: 'round', join: 'round' } as const;
const SLACK_STYLE = { width: 0.065 * U, color: palette.ropeSlack, cap: 'round', join: 'round' } as const;

/** Scratch space for interpolated points (drawing units), grown only when a rope has more particles than ever before. */
let px = new Float64Array(64);
let py = new Float64Array(64);

/**
 * Draws the world's tether. `endX/endY` hold the interpolated centres of player 1 and player 2, m
 * (the rope's ends), so the rope meets the bodies exactly where they are drawn.
 */
export function drawRope(g: Graphics, world: SimWorld, alpha: number, endX: Float64Array, endY: Float64Array): void {
  g.clear();
  const { pool, rope } = world;
  const r = world.tetherRope;
  const first = rope.first[r];
  const count = rope.count[r];
  if (count < 2) return;
  if (px.length < count) {
    px = new Float64Array(count * 2);
    py = new Float64Array(count * 2);
  }
  for (let k = 0; k < count; k++) {
    const i = first + k;
    px[k] = (pool.drawX[i] + (pool.x[i] - pool.drawX[i]) * alpha) * U;
    py[k] = (pool.drawY[i] + (pool.y[i] - pool.drawY[i]) * alpha) * U;
  }
  px[0] = endX[0] * U;
  py[0] = endY[0] * U;
  px[count - 1] = endX[1] * U;
  py[count - 1] = endY[1] * U;

  // Quadratic pieces through segment midpoints, with the particles as control points: a smooth
  // curve that never overshoots the simulated rope (a Catmull-Rom spline through the points can).
  g.moveTo(px[0], py[0]);
  for (let k = 1; k < count - 1; k++) {
    g.quadraticCurveTo(px[k], py[k], (px[k] + px[k + 1]) / 2, (py[k] + py[k + 1]) / 2);
  }
  g.lineTo(px[count - 1], py[count - 1]);

  const isTaut = world.player.isTaut[world.players[0]] === 1;
  g.stroke(isTaut ? TAUT_STYLE : SLACK_STYLE);
}
