// Boxes and anchors. Each box is one Graphics drawn once per level in its own frame (centred, in
// drawing units); a frame only moves and turns it to its interpolated pose, so a swinging box costs
// no re-tessellation. Anchors (and ropes' fixed points) are bolts: one drawing shared by a
// Graphics per bolt, each moved to its anchor every frame (ready for anchors that level scripts
// will move); redrawn every frame into one Graphics, they were triangulated again each frame.

import { Container, Graphics, GraphicsContext } from 'pixi.js';
import type { SimWorld } from '../sim';
import type { BodyPoses } from './bodyPoses';
import { palette } from './palette';
import { CM_PER_M as U } from './units';

// Styles built once (see renderer.ts: no style literals per frame).
const CRATE_EDGE = { width: 0.07 * U, color: palette.crateEdge, alignment: 1 } as const;
const SPIKE_EDGE = { width: 0.025 * U, color: palette.spikeEdge, alignment: 0.5, join: 'round' } as const;
const CORE_EDGE = { width: 0.05 * U, color: palette.spikes, alignment: 1 } as const;
const RING = { width: 0.06 * U, color: palette.anchorRing } as const;

/** Spacing of spikes along a side, m, and how far they reach, m. */
const SPIKE_PITCH = 0.25;
const SPIKE_DEPTH = 0.22;

export interface BoxViews {
  /** Rebuilds one Graphics per box of `world` (a new level); the old ones are destroyed. */
  build(world: SimWorld): void;
  /** Moves every box view to its pose; call after interpolateBodyPoses. */
  update(world: SimWorld, poses: BodyPoses): void;
  /** How many boxes the views were built for (to notice a level with a different box list). */
  readonly count: number;
}

export function createBoxViews(layer: Container): BoxViews {
  const views: Graphics[] = [];
  return {
    build(world): void {
      for (const view of views) view.destroy();
      views.length = 0;
      const { body, box } = world;
      const boxes = world.queries.boxes.dense;
      for (let k = 0; k < boxes.length; k++) {
        const e = boxes[k];
        const g = new Graphics();
        if (box.isPlatform[e] === 1) drawPlatform(g, body.halfW[e], body.halfH[e]);
        else if (box.isSpiked[e] === 1) drawSpikedBox(g, body.halfW[e], body.halfH[e]);
        else drawCrate(g, body.halfW[e], body.halfH[e]);
        // In pixi's batch with the ropes and bolts: a drawing of over 200 vertices (a crate's rim
        // and brace, a spiked box) is otherwise a draw call of its own, each with its program,
        // vertex array and transform uniform; copying its few hundred vertices into the batch as
        // it moves costs less (issue 17, "a cheap frame").
        g.context.batchMode = 'batch';
        views.push(g);
        layer.addChild(g);
      }
    },
    update(world, poses): void {
      const boxes = world.queries.boxes.dense;
      for (let k = 0; k < views.length; k++) {
        const e = boxes[k];
        const g = views[k];
        g.position.set(poses.x[e] * U, poses.y[e] * U);
        // y points down in the sim and on screen, so the sim's angle is pixi's rotation as it is.
        g.rotation = Math.atan2(poses.s[e], poses.c[e]);
      }
    },
    get count(): number {
      return views.length;
    },
  };
}

/** A moving platform centred at the origin: a steel slab with a light top (it can be stood on) and rivets. */
function drawPlatform(g: Graphics, halfW: number, halfH: number): void {
  const w = halfW * U;
  const h = halfH * U;
  g.roundRect(-w, -h, 2 * w, 2 * h, Math.min(h, 0.08 * U)).fill(palette.platform);
  g.rect(-w, -h, 2 * w, Math.min(2 * h, 0.12 * U)).fill(palette.platformTop);
  const rivets = Math.max(2, Math.round(halfW * 2));
  for (let i = 0; i < rivets; i++) {
    const x = -w + ((i + 0.5) / rivets) * 2 * w;
    g.circle(x, Math.min(h * 0.35, 0.12 * U), Math.min(h * 0.25, 0.05 * U));
  }
  g.fill(palette.platformRivet);
}

/** A wooden crate centred at the origin: face, a board along the top and bottom, a diagonal brace and a dark rim. */
function drawCrate(g: Graphics, halfW: number, halfH: number): void {
  const w = halfW * U;
  const h = halfH * U;
  const corner = Math.min(w, h) * 0.12;
  const rim = CRATE_EDGE.width;
  g.roundRect(-w, -h, 2 * w, 2 * h, corner).fill(palette.crate);
  // Boards: thin dark seams just inside the rim, then the brace between them.
  const board = Math.min(w, h) * 0.25;
  const seam = rim * 0.5;
  g.rect(-w, -h + board, 2 * w, seam).rect(-w, h - board - seam, 2 * w, seam);
  const t = board * 0.8;
  const top = -h + board + seam;
  const bottom = h - board - seam;
  // Plank seams down the face, about every 0.3 m, so the face reads as boards and not a flat panel.
  const planks = Math.max(2, Math.round((2 * halfW) / 0.3));
  for (let i = 1; i < planks; i++) g.rect(-w + (2 * w * i) / planks - seam / 4, top, seam / 2, bottom - top);
  g.poly([-w + rim, bottom - t, -w + rim, bottom, -w + rim + t, bottom, w - rim, top + t, w - rim, top, w - rim - t, top]);
  g.fill(palette.crateBoard);
  g.roundRect(-w, -h, 2 * w, 2 * h, corner).stroke(CRATE_EDGE);
  // A nail at each end of the top and bottom boards.
  const nail = Math.min(board * 0.22, 0.035 * U);
  for (let sx = -1; sx <= 1; sx += 2) {
    for (let sy = -1; sy <= 1; sy += 2) g.circle(sx * (w - rim - nail * 1.5), sy * (h - board / 2), nail);
  }
  g.fill(palette.crateEdge);
}

/**
 * A spiked box: a dark core with a yellow rim, and spikes on all four sides and corners whose tips
 * lie on the box's collision edge, so what looks dangerous is exactly what kills.
 */
function drawSpikedBox(g: Graphics, halfW: number, halfH: number): void {
  const depth = Math.min(SPIKE_DEPTH, 0.5 * Math.min(halfW, halfH));
  const cw = halfW - depth;
  const ch = halfH - depth;
  g.rect(-cw * U, -ch * U, 2 * cw * U, 2 * ch * U).fill(palette.spikedCore);
  g.rect(-cw * U, -ch * U, 2 * cw * U, 2 * ch * U).stroke(CORE_EDGE);
  spikeRow(g, cw, halfW, ch, 1, 0);
  spikeRow(g, cw, halfW, ch, -1, 0);
  spikeRow(g, ch, halfH, cw, 0, 1);
  spikeRow(g, ch, halfH, cw, 0, -1);
  // Corner spikes point out along the diagonals, so the corners are not a safe-looking gap.
  const foot = Math.min(SPIKE_PITCH / 2, cw, ch);
  for (let sx = -1; sx <= 1; sx += 2) {
    for (let sy = -1; sy <= 1; sy += 2) {
      g.poly([sx * cw * U, sy * (ch - foot) * U, sx * halfW * U, sy * halfH * U, sx * (cw - foot) * U, sy * ch * U]);
    }
  }
  g.fill(palette.spikes);
  g.stroke(SPIKE_EDGE);
}

/**
 * Adds the spikes of the side facing (nx, ny) (one of the four axis directions) as triangles:
 * bases along the core's side (from -len to +len, at `base` from the centre), tips at `edge`, m.
 */
function spikeRow(g: Graphics, base: number, edge: number, len: number, nx: number, ny: number): void {
  const n = Math.max(1, Math.round((2 * len) / SPIKE_PITCH));
  const pitch = (2 * len) / n;
  for (let i = 0; i < n; i++) {
    const a = -len + i * pitch;
    const b = a + pitch;
    const m = (a + b) / 2;
    // (along, out) -> (x, y): for a side facing +-x, along is y; for +-y, along is x.
    if (nx !== 0) {
      g.poly([nx * base * U, a * U, nx * edge * U, m * U, nx * base * U, b * U]);
    } else {
      g.poly([a * U, ny * base * U, m * U, ny * edge * U, b * U, ny * base * U]);
    }
  }
}

/**
 * Anchors: a dark plate with a steel ring at each anchor. A rope tied to a fixed point of the level
 * (not to an anchor entity) gets the same bolt, so no rope ever hangs from thin air.
 */
export interface AnchorViews {
  /** Puts a bolt on every anchor (at its interpolated pose) and every rope's fixed point. */
  draw(world: SimWorld, poses: BodyPoses): void;
}

/** The bolts under `layer`: one shared drawing, a Graphics per bolt shown, made when first needed. */
export function createAnchorViews(layer: Container): AnchorViews {
  const bolt = new GraphicsContext()
    .roundRect(-0.16 * U, -0.16 * U, 0.32 * U, 0.32 * U, 0.05 * U).fill(palette.anchorPlate)
    .circle(0, 0, 0.11 * U).stroke(RING);
  const bolts: Graphics[] = [];
  let shown = 0;
  const place = (x: number, y: number): void => {
    if (shown === bolts.length) bolts.push(layer.addChild(new Graphics(bolt)));
    const g = bolts[shown++];
    g.visible = true;
    g.position.set(x, y);
  };
  return {
    draw(world, poses): void {
      shown = 0;
      const { rope } = world;
      const anchors = world.queries.anchors.dense;
      for (let k = 0; k < anchors.length; k++) {
        const e = anchors[k];
        place(poses.x[e] * U, poses.y[e] * U);
      }
      // A rope tied to a fixed point is tied to the ground body at that point.
      const ropes = world.queries.ropes.dense;
      for (let k = 0; k < ropes.length; k++) {
        const r = ropes[k];
        if (rope.isActive[r] === 0) continue;
        if (rope.bodyA[r] === world.ground) place(rope.localAX[r] * U, rope.localAY[r] * U);
        if (rope.bodyB[r] === world.ground) place(rope.localBX[r] * U, rope.localBY[r] * U);
      }
      for (let k = shown; k < bolts.length; k++) bolts[k].visible = false;
    },
  };
}
