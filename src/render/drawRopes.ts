// Every active rope, redrawn each frame: a smooth curve through the rope's particles, interpolated
// between the last two ticks, with tied ends pinned to where the things they hold are drawn, and
// short diagonal strands along it so it reads as twisted rope. Tension shows in the texture: slack
// rope is dark with loose, wide twists; taut rope is pulled pale, thinner and tightly twisted. A
// rope that can snap (a breaking tension) is drawn frayed from the start, worn pale with loose
// fibres sticking out, and shows its load: the more of its breaking tension it carries, the redder
// it gets and the longer its fibres stand out, until near the breaking point it is vermillion.
// Colour and shape both change, so it reads without colour too.
// Each rope is three one-colour meshes whose vertices are rewritten in place (dynamicMesh.ts): the
// core as a strip along the curve, the strands and the fibres as thin quads. Stroking the same
// shapes into a Graphics made pixi triangulate every line again each frame: 2-4 ms of a frame on
// the rope-heavy levels (issue 17, "a cheap frame").

import { Container } from 'pixi.js';
import { playerEntity, traceRopePolyline, type SimWorld } from '../sim';
import type { BodyPoses } from './bodyPoses';
import { createDynamicMesh, type DynamicMesh } from './dynamicMesh';
import { palette } from './palette';
import { FRAY_STEPS, frayStep, loadOf } from './ropeLoad';
import { CM_PER_M as U } from './units';

/** One look of rope: core width and colour, strand width and colour, the strands' spacing and slant (cm). */
interface RopeLook {
  width: number;
  color: number;
  strandWidth: number;
  strandColor: number;
  pitch: number;
  slant: number;
}

function look(width: number, color: number, strand: number, pitch: number, slant: number): RopeLook {
  return { width, color, strandWidth: width * 0.32, strandColor: strand, pitch, slant };
}
const TAUT = look(0.075 * U, palette.ropeTaut, palette.ropeTautStrand, 0.075 * U, 0.025 * U);
const SLACK = look(0.085 * U, palette.ropeSlack, palette.ropeSlackStrand, 0.13 * U, 0.05 * U);
const STRAINED = look(0.08 * U, palette.ropeStrained, palette.ropeStrainedStrand, 0.06 * U, 0.02 * U);

/** Frayed looks by load step: worn straw at no load, blending to the strained colours. */
const FRAYED: readonly RopeLook[] = Array.from({ length: FRAY_STEPS }, (_, k) => {
  const t = k / FRAY_STEPS;
  return look(0.08 * U, mix(palette.ropeFrayed, palette.ropeStrained, t), mix(palette.ropeFrayedStrand, palette.ropeStrainedStrand, t),
    0.09 * U, 0.035 * U);
});
/** The loose fibres' width, cm (their length shows the load). */
const TUFT_WIDTH = 0.018 * U;
/** Spacing of the loose fibres along a frayed rope, cm. */
const TUFT_PITCH = 0.16 * U;

/**
 * A level rope counts as taut above this tension, N. Its own particles weigh ~0.07 kg each, so a
 * slack rope hanging free carries a few newtons at most; anything holding a box carries far more.
 */
const TAUT_TENSION = 5;

/** Scratch space for interpolated points (drawing units), grown only when a rope has more particles than ever before. */
let px = new Float64Array(64);
let py = new Float64Array(64);
/** The drawn curve sampled into a polyline (drawing units), grown likewise. */
let curveX = new Float64Array(256);
let curveY = new Float64Array(256);
/** Points per quadratic piece of the curve: at the camera's zooms a piece is a few pixels to tens. */
const CURVE_STEPS = 4;

/** One rope's meshes, under the rope layer in rope order. */
interface RopeView {
  container: Container;
  core: DynamicMesh;
  strands: DynamicMesh;
  tufts: DynamicMesh;
}

export interface RopeViews {
  /** Draws every active rope of `world`; `poses` holds this frame's interpolated bodies (bodyPoses.ts). */
  draw(world: SimWorld, alpha: number, poses: BodyPoses): void;
}

/** The ropes' views under `layer`, one per rope drawn, made when first needed and then reused. */
export function createRopeViews(layer: Container): RopeViews {
  const views: RopeView[] = [];
  const viewAt = (k: number): RopeView => {
    if (k < views.length) return views[k];
    const view: RopeView = {
      container: new Container(),
      core: createDynamicMesh('strip', TAUT.color),
      strands: createDynamicMesh('quads', TAUT.strandColor),
      tufts: createDynamicMesh('quads', palette.ropeFrayedTuft),
    };
    view.container.addChild(view.core.mesh, view.strands.mesh, view.tufts.mesh);
    layer.addChild(view.container);
    views.push(view);
    return view;
  };
  return {
    draw(world, alpha, poses): void {
      const ropes = world.queries.ropes.dense;
      let shown = 0;
      for (let k = 0; k < ropes.length; k++) {
        const r = ropes[k];
        if (world.rope.isActive[r] === 0 || world.rope.count[r] < 2) continue;
        const view = viewAt(shown++);
        view.container.visible = true;
        drawOneRope(view, world, r, alpha, poses);
      }
      for (let k = shown; k < views.length; k++) views[k].container.visible = false;
    },
  };
}

function setTint(mesh: DynamicMesh, color: number): void {
  if (mesh.mesh.tint !== color) mesh.mesh.tint = color;
}

function drawOneRope(view: RopeView, world: SimWorld, r: number, alpha: number, poses: BodyPoses): void {
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

  const ropeLook = lookOf(world, r);
  setTint(view.core, ropeLook.color);
  writeCore(view.core, sampleCurve(line.isPivot, count), ropeLook.width / 2);
  setTint(view.strands, ropeLook.strandColor);
  addStrands(view.strands, count, ropeLook);
  const limit = world.rope.breakTension[r];
  if (limit > 0 && r !== world.tetherRope) {
    const load = loadOf(world.rope.tension[r], limit);
    setTint(view.tufts, frayStep(load) === FRAY_STEPS ? palette.ropeStrainedStrand : palette.ropeFrayedTuft);
    addTufts(view.tufts, count, ropeLook.width, load);
  } else {
    view.tufts.commit(0);
  }
}

/**
 * The drawn curve as a polyline into curveX/curveY, returning its length: quadratic pieces through
 * segment midpoints with the particles as control points, a smooth curve that never overshoots the
 * simulated rope (a Catmull-Rom spline through the points can). At a corner the rope runs straight
 * in and out of it (a curve there would round it off through the stone).
 */
function sampleCurve(isPivot: Uint8Array, count: number): number {
  const most = 2 + (count - 2) * CURVE_STEPS;
  if (curveX.length < most) {
    curveX = new Float64Array(most * 2);
    curveY = new Float64Array(most * 2);
  }
  let n = 0;
  curveX[n] = px[0];
  curveY[n++] = py[0];
  let sx = px[0];
  let sy = py[0];
  for (let k = 1; k < count - 1; k++) {
    const midX = (px[k] + px[k + 1]) / 2;
    const midY = (py[k] + py[k + 1]) / 2;
    if (isPivot[k] === 1) {
      curveX[n] = px[k];
      curveY[n++] = py[k];
      curveX[n] = midX;
      curveY[n++] = midY;
    } else {
      for (let s = 1; s <= CURVE_STEPS; s++) {
        const t = s / CURVE_STEPS;
        const a = (1 - t) * (1 - t);
        const b = 2 * (1 - t) * t;
        const c = t * t;
        curveX[n] = a * sx + b * px[k] + c * midX;
        curveY[n++] = a * sy + b * py[k] + c * midY;
      }
    }
    sx = midX;
    sy = midY;
  }
  curveX[n] = px[count - 1];
  curveY[n++] = py[count - 1];
  return n;
}

/**
 * The core: a strip `half` wide on each side of the sampled curve's `n` points, mitred at each
 * point (the miter at most twice the half width, at a corner), each end carried on by `half` like
 * a stroke's square cap.
 */
function writeCore(core: DynamicMesh, n: number, half: number): void {
  core.reserve(2 * n);
  const out = core.positions;
  let used = 0;
  // The unit normal of the last segment with a length (a point repeated has none of its own).
  let lastNx = 0;
  let lastNy = 1;
  for (let i = 0; i < n; i++) {
    // Normals of the segments before and after point i (the end points have one).
    let bx = lastNx, by = lastNy;
    let ax = bx, ay = by;
    if (i + 1 < n) {
      const dx = curveX[i + 1] - curveX[i];
      const dy = curveY[i + 1] - curveY[i];
      const len = Math.sqrt(dx * dx + dy * dy);
      if (len > 1e-6) {
        ax = -dy / len;
        ay = dx / len;
      }
    }
    if (i === 0) { bx = ax; by = ay; }
    lastNx = ax;
    lastNy = ay;
    let mx = ax + bx;
    let my = ay + by;
    const ml = Math.sqrt(mx * mx + my * my);
    if (ml < 1e-6) { mx = ax; my = ay; } else { mx /= ml; my /= ml; }
    const cos = mx * ax + my * ay;
    const reach = half / (cos > 0.5 ? cos : 0.5);
    let x = curveX[i];
    let y = curveY[i];
    if (i === 0 || i === n - 1) {
      // Along the curve, away from the rope: the tangent is the normal turned a quarter back.
      const sign = i === 0 ? -1 : 1;
      x += sign * ay * half;
      y -= sign * ax * half;
    }
    out[2 * used] = x + mx * reach;
    out[2 * used + 1] = y + my * reach;
    used++;
    out[2 * used] = x - mx * reach;
    out[2 * used + 1] = y - my * reach;
    used++;
  }
  core.commit(used);
}

/** A line from (ax, ay) to (bx, by), `half` wide on each side, as quad `q` of `out`. */
function writeQuad(out: Float32Array, q: number, ax: number, ay: number, bx: number, by: number, half: number): void {
  const dx = bx - ax;
  const dy = by - ay;
  const len = Math.sqrt(dx * dx + dy * dy) || 1;
  const ex = (-dy / len) * half;
  const ey = (dx / len) * half;
  const o = 8 * q;
  out[o] = ax + ex; out[o + 1] = ay + ey;
  out[o + 2] = ax - ex; out[o + 3] = ay - ey;
  out[o + 4] = bx - ex; out[o + 5] = by - ey;
  out[o + 6] = bx + ex; out[o + 7] = by + ey;
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
function addTufts(tufts: DynamicMesh, count: number, width: number, load: number): void {
  const half = width * 0.45;
  const n = stepsAlong(count, TUFT_PITCH, TUFT_PITCH * 0.3);
  tufts.reserve(4 * n);
  const out = tufts.positions;
  for (let i = 0; i < n; i++) {
    const cx = markX[i], cy = markY[i], tx = markTx[i], ty = markTy[i];
    const side = (i & 1) === 0 ? 1 : -1;
    // Pattern 0..1 from the fibre's index: three lengths, never two long ones in a row.
    const pattern = ((i * 7) % 3) / 2;
    const reach = (0.035 + 0.03 * pattern + 0.07 * load) * U;
    const nx = -ty * side, ny = tx * side;
    writeQuad(out, i, cx + nx * half * 0.6, cy + ny * half * 0.6,
      cx + nx * (half + reach) + tx * reach * 0.7, cy + ny * (half + reach) + ty * reach * 0.7, TUFT_WIDTH / 2);
  }
  tufts.commit(4 * n);
}

/**
 * Strands: every `pitch` cm along the rope, a short line across it slanted along it, like the lay
 * of twisted fibres.
 */
function addStrands(strands: DynamicMesh, count: number, ropeLook: RopeLook): void {
  const half = ropeLook.width * 0.42;
  const { slant } = ropeLook;
  const n = stepsAlong(count, ropeLook.pitch, ropeLook.pitch * 0.5);
  strands.reserve(4 * n);
  const out = strands.positions;
  for (let i = 0; i < n; i++) {
    const cx = markX[i], cy = markY[i], tx = markTx[i], ty = markTy[i];
    // From one edge to the other (normal = (-ty, tx)), leaning `slant` along the rope.
    writeQuad(out, i, cx + ty * half - tx * slant, cy - tx * half - ty * slant,
      cx - ty * half + tx * slant, cy + tx * half + ty * slant, ropeLook.strandWidth / 2);
  }
  strands.commit(4 * n);
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
