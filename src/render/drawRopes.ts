// Every active rope, redrawn each frame into one Graphics: a smooth curve through the rope's
// particles, interpolated between the last two ticks, with tied ends pinned to where the things
// they hold are drawn, and short diagonal strands along it so it reads as twisted rope. Tension
// shows in the texture: slack rope is dark with loose, wide twists; taut rope is pulled pale,
// thinner and tightly twisted. A rope that can snap (a breaking tension) is drawn frayed from the
// start, worn pale with loose fibres sticking out, and shows its load: the more of its breaking
// tension it carries, the redder it gets and the longer its fibres stand out, until near the
// breaking point it is vermillion. Colour and shape both change, so it reads without colour too.

import type { Graphics } from 'pixi.js';
import { playerEntity, traceRopePolyline, type SimWorld } from '../sim';
import type { BodyPoses } from './bodyPoses';
import { palette } from './palette';
import { CM_PER_M as U } from './units';

/** One look of rope: core stroke, strand stroke, and the strands' spacing and slant (cm). */
interface RopeLook {
  core: { width: number; color: number; cap: 'round'; join: 'round' };
  strand: { width: number; color: number };
  pitch: number;
  slant: number;
}

// Built once: a style literal in draw() would be a new object every frame.
function look(width: number, color: number, strand: number, pitch: number, slant: number): RopeLook {
  return {
    core: { width, color, cap: 'round', join: 'round' },
    // Butt caps: round caps on hundreds of short strands were the rope's main tessellation cost.
    strand: { width: width * 0.32, color: strand },
    pitch, slant,
  };
}
const TAUT = look(0.075 * U, palette.ropeTaut, palette.ropeTautStrand, 0.075 * U, 0.025 * U);
const SLACK = look(0.085 * U, palette.ropeSlack, palette.ropeSlackStrand, 0.13 * U, 0.05 * U);
const STRAINED = look(0.08 * U, palette.ropeStrained, palette.ropeStrainedStrand, 0.06 * U, 0.02 * U);

/** Steps of load a frayed rope is drawn in below STRAIN_WARNING (looks built once, see look()). */
const FRAY_STEPS = 6;
/** Frayed looks by load step: worn straw at no load, blending to the strained colours. */
const FRAYED: readonly RopeLook[] = Array.from({ length: FRAY_STEPS }, (_, k) => {
  const t = k / FRAY_STEPS;
  return look(0.08 * U, mix(palette.ropeFrayed, palette.ropeStrained, t), mix(palette.ropeFrayedStrand, palette.ropeStrainedStrand, t),
    0.09 * U, 0.035 * U);
});
/** The loose fibres: one stroke style for every load (their length shows the load). */
const TUFT = { width: 0.018 * U, color: palette.ropeFrayedTuft };
const TUFT_STRAINED = { width: 0.018 * U, color: palette.ropeStrainedStrand };
/** Spacing of the loose fibres along a frayed rope, cm. */
const TUFT_PITCH = 0.16 * U;

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
  const ropes = world.queries.ropes.dense;
  for (let k = 0; k < ropes.length; k++) {
    const r = ropes[k];
    if (world.rope.isActive[r] === 0 || world.rope.count[r] < 2) continue;
    drawOneRope(g, world, r, alpha, poses);
  }
}

function drawOneRope(g: Graphics, world: SimWorld, r: number, alpha: number, poses: BodyPoses): void {
  // The rope's polyline: its particles, with the corners a bent rope runs round between them (a
  // segment joining the particles either side of a corner would cut through the stone).
  const line = traceRopePolyline(world, r, alpha);
  const count = line.count;
  if (px.length < count) {
    px = new Float64Array(count * 2);
    py = new Float64Array(count * 2);
  }
  for (let k = 0; k < count; k++) {
    px[k] = line.x[k] * U;
    py[k] = line.y[k] * U;
  }
  pinEnd(world, r, 0, poses, 0);
  pinEnd(world, r, 1, poses, count - 1);

  // Quadratic pieces through segment midpoints, with the particles as control points: a smooth
  // curve that never overshoots the simulated rope (a Catmull-Rom spline through the points can).
  // At a corner the rope runs straight in and out of it (a curve there would round it off through the stone).
  g.moveTo(px[0], py[0]);
  for (let k = 1; k < count - 1; k++) {
    const midX = (px[k] + px[k + 1]) / 2;
    const midY = (py[k] + py[k + 1]) / 2;
    if (line.isPivot[k] === 1) g.lineTo(px[k], py[k]).lineTo(midX, midY);
    else g.quadraticCurveTo(px[k], py[k], midX, midY);
  }
  g.lineTo(px[count - 1], py[count - 1]);
  const ropeLook = lookOf(world, r);
  g.stroke(ropeLook.core);
  addStrands(g, count, ropeLook);
  const limit = world.rope.breakTension[r];
  if (limit > 0 && r !== world.tetherRope) addTufts(g, count, ropeLook.core.width, loadOf(world.rope.tension[r], limit));
}

/** Share of its breaking tension a rope carries, 0..1 (0 for a rope that cannot break). */
export function loadOf(tension: number, breakTension: number): number {
  if (!(breakTension > 0) || !(tension > 0)) return 0;
  return tension >= breakTension ? 1 : tension / breakTension;
}

/** Which frayed look a load draws: 0..FRAY_STEPS-1 below STRAIN_WARNING, FRAY_STEPS (strained) from it. */
export function frayStep(load: number): number {
  if (load >= STRAIN_WARNING) return FRAY_STEPS;
  return Math.max(0, Math.min(FRAY_STEPS - 1, Math.floor((load / STRAIN_WARNING) * FRAY_STEPS)));
}

/** Marks along the rope (stepsAlong's output): points and unit tangents, drawing units; grown only when needed. */
let markX: Float64Array = new Float64Array(128);
let markY: Float64Array = new Float64Array(128);
let markTx: Float64Array = new Float64Array(128);
let markTy: Float64Array = new Float64Array(128);

function doubled(a: Float64Array): Float64Array {
  const b = new Float64Array(a.length * 2);
  b.set(a);
  return b;
}

/**
 * Walks the polyline of the first `count` scratch points and records a mark every `pitch`, the
 * first `first` in: its point and the polyline's unit tangent there. Returns how many. The polyline
 * is close to the drawn curve at these spacings, and one walk with no allocation serves both the
 * strands and the loose fibres.
 */
function stepsAlong(count: number, pitch: number, first: number): number {
  let n = 0;
  let carry = first; // distance to the next mark
  for (let k = 0; k < count - 1; k++) {
    const ax = px[k], ay = py[k];
    const dx = px[k + 1] - ax, dy = py[k + 1] - ay;
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len < 1e-6) continue;
    const tx = dx / len, ty = dy / len;
    let d = carry;
    for (; d < len; d += pitch, n++) {
      if (n === markX.length) {
        markX = doubled(markX); markY = doubled(markY); markTx = doubled(markTx); markTy = doubled(markTy);
      }
      markX[n] = ax + tx * d;
      markY[n] = ay + ty * d;
      markTx[n] = tx;
      markTy[n] = ty;
    }
    carry = d - len;
  }
  return n;
}

/**
 * Loose fibres: every TUFT_PITCH along the rope, a short line out of one edge or the other,
 * leaning along the rope. Their lengths follow a fixed pattern by place (the same fibres every
 * frame, so nothing flickers) and grow with the load, so a loaded rope bristles.
 */
function addTufts(g: Graphics, count: number, width: number, load: number): void {
  const half = width * 0.45;
  const n = stepsAlong(count, TUFT_PITCH, TUFT_PITCH * 0.3);
  for (let i = 0; i < n; i++) {
    const cx = markX[i], cy = markY[i], tx = markTx[i], ty = markTy[i];
    const side = (i & 1) === 0 ? 1 : -1;
    // Pattern 0..1 from the fibre's index: three lengths, never two long ones in a row.
    const pattern = ((i * 7) % 3) / 2;
    const out = (0.035 + 0.03 * pattern + 0.07 * load) * U;
    const nx = -ty * side, ny = tx * side;
    g.moveTo(cx + nx * half * 0.6, cy + ny * half * 0.6)
      .lineTo(cx + nx * (half + out) + tx * out * 0.7, cy + ny * (half + out) + ty * out * 0.7);
  }
  if (n > 0) g.stroke(frayStep(load) === FRAY_STEPS ? TUFT_STRAINED : TUFT);
}

/**
 * Strands: every `pitch` cm along the rope, a short line across it slanted along it, like the lay
 * of twisted fibres.
 */
function addStrands(g: Graphics, count: number, ropeLook: RopeLook): void {
  const half = ropeLook.core.width * 0.42;
  const { slant } = ropeLook;
  const n = stepsAlong(count, ropeLook.pitch, ropeLook.pitch * 0.5);
  for (let i = 0; i < n; i++) {
    const cx = markX[i], cy = markY[i], tx = markTx[i], ty = markTy[i];
    // From one edge to the other (normal = (-ty, tx)), leaning `slant` along the rope.
    g.moveTo(cx + ty * half - tx * slant, cy - tx * half - ty * slant)
      .lineTo(cx - ty * half + tx * slant, cy + tx * half + ty * slant);
  }
  if (n > 0) g.stroke(ropeLook.strand);
}

function lookOf(world: SimWorld, r: number): RopeLook {
  const { rope } = world;
  // The tether keeps the players' own notion of taut, so it reads the same as the players' state.
  if (r === world.tetherRope) return world.player.isTaut[playerEntity(world, 0)] === 1 ? TAUT : SLACK;
  const tension = rope.tension[r];
  const limit = rope.breakTension[r];
  if (limit > 0) {
    const step = frayStep(loadOf(tension, limit));
    return step === FRAY_STEPS ? STRAINED : FRAYED[step];
  }
  return tension > TAUT_TENSION ? TAUT : SLACK;
}

/** Colour `a` moved a fraction `t` of the way to `b`, channel by channel. */
function mix(a: number, b: number, t: number): number {
  const ch = (shift: number): number => {
    const x = (a >> shift) & 255;
    return Math.round(x + (((b >> shift) & 255) - x) * t) << shift;
  };
  return ch(16) | ch(8) | ch(0);
}

/** Moves point `k` of the scratch curve onto the drawn position of what end `side` of `r` is tied to. */
function pinEnd(world: SimWorld, r: number, side: number, poses: BodyPoses, k: number): void {
  const { rope } = world;
  const e = side === 0 ? rope.bodyA[r] : rope.bodyB[r];
  if (e === 0) return; // a free end: the end particle itself, already interpolated
  const ox = side === 0 ? rope.localAX[r] : rope.localBX[r];
  const oy = side === 0 ? rope.localAY[r] : rope.localBY[r];
  px[k] = (poses.x[e] + poses.c[e] * ox - poses.s[e] * oy) * U;
  py[k] = (poses.y[e] + poses.s[e] * ox + poses.c[e] * oy) * U;
}
