// Every active rope, redrawn each frame into one Graphics: a smooth curve through the rope's
// particles, interpolated between the last two ticks, with tied ends pinned to where the things
// they hold are drawn. Taut (loaded) rope is darker and thicker than slack rope so players can read
// tension at a glance; a rope near its breaking point turns vermillion as a warning.

import type { Graphics } from 'pixi.js';
import { EndKind } from '../sim/ropePool';
import type { SimWorld } from '../sim/world';
import type { BodyPoses } from './bodyPoses';
import { palette } from './palette';
import { CM_PER_M as U } from './units';

// Built once: a style literal in draw() would be a new object every frame.
const TAUT_STYLE = { width: 0.09 * U, color: palette.ropeTaut, cap: 'round', join: 'round' } as const;
const SLACK_STYLE = { width: 0.065 * U, color: palette.ropeSlack, cap: 'round', join: 'round' } as const;
const STRAINED_STYLE = { width: 0.1 * U, color: palette.ropeStrained, cap: 'round', join: 'round' } as const;

/**
 * A level rope counts as taut above this tension, N. Its own particles weigh ~0.07 kg each, so a
 * slack rope hanging free carries a few newtons at most; anything holding a box carries far more.
 */
const TAUT_TENSION = 5;
/** Fraction of a rope's breaking tension from which it is drawn as strained. */
const STRAIN_WARNING = 0.7;

/** Scratch space for interpolated points (drawing units), grown only when a rope has more particles than ever before. */
let px = new Float64Array(64);
let py = new Float64Array(64);

/** Draws every active rope of `world`; `poses` holds this frame's interpolated bodies (bodyPoses.ts). */
export function drawRopes(g: Graphics, world: SimWorld, alpha: number, poses: BodyPoses): void {
  g.clear();
  const order = world.ropeOrder;
  for (let k = 0; k < order.length; k++) {
    const r = order[k];
    if (world.rope.isActive[r] === 0 || world.rope.count[r] < 2) continue;
    drawOneRope(g, world, r, alpha, poses);
  }
}

function drawOneRope(g: Graphics, world: SimWorld, r: number, alpha: number, poses: BodyPoses): void {
  const { pool, rope } = world;
  const first = rope.first[r];
  const count = rope.count[r];
  if (px.length < count) {
    px = new Float64Array(count * 2);
    py = new Float64Array(count * 2);
  }
  for (let k = 0; k < count; k++) {
    const i = first + k;
    px[k] = (pool.drawX[i] + (pool.x[i] - pool.drawX[i]) * alpha) * U;
    py[k] = (pool.drawY[i] + (pool.y[i] - pool.drawY[i]) * alpha) * U;
  }
  pinEnd(world, r, 0, poses, 0);
  pinEnd(world, r, 1, poses, count - 1);

  // Quadratic pieces through segment midpoints, with the particles as control points: a smooth
  // curve that never overshoots the simulated rope (a Catmull-Rom spline through the points can).
  g.moveTo(px[0], py[0]);
  for (let k = 1; k < count - 1; k++) {
    g.quadraticCurveTo(px[k], py[k], (px[k] + px[k + 1]) / 2, (py[k] + py[k + 1]) / 2);
  }
  g.lineTo(px[count - 1], py[count - 1]);
  g.stroke(styleOf(world, r));
}

function styleOf(world: SimWorld, r: number) {
  const { rope } = world;
  // The tether keeps the players' own notion of taut, so it reads the same as the players' state.
  if (r === world.tetherRope) return world.player.isTaut[world.players[0]] === 1 ? TAUT_STYLE : SLACK_STYLE;
  const tension = rope.tension[r];
  const limit = rope.breakTension[r];
  if (limit > 0 && tension > limit * STRAIN_WARNING) return STRAINED_STYLE;
  return tension > TAUT_TENSION ? TAUT_STYLE : SLACK_STYLE;
}

/** Moves point `k` of the scratch curve onto the drawn position of what end `side` of `r` is tied to. */
function pinEnd(world: SimWorld, r: number, side: number, poses: BodyPoses, k: number): void {
  const { rope } = world;
  const kind = side === 0 ? rope.kindA[r] : rope.kindB[r];
  const e = side === 0 ? rope.entityA[r] : rope.entityB[r];
  const ox = side === 0 ? rope.pointAX[r] : rope.pointBX[r];
  const oy = side === 0 ? rope.pointAY[r] : rope.pointBY[r];
  if (kind === EndKind.Body) {
    px[k] = (poses.x[e] + poses.c[e] * ox - poses.s[e] * oy) * U;
    py[k] = (poses.y[e] + poses.s[e] * ox + poses.c[e] * oy) * U;
  } else if (kind === EndKind.Anchor) {
    px[k] = world.anchor.x[e] * U;
    py[k] = world.anchor.y[e] * U;
  } else if (kind === EndKind.Point) {
    px[k] = ox * U;
    py[k] = oy * U;
  }
  // EndKind.Free: the end particle itself, already interpolated.
}
