// The two players at their interpolated positions, in the pose playerPose.ts picks from sim state.
// They differ in shape as well as colour, so they read apart in grey scale too: P1 is a round bean
// in a bobble hat with two big eyes; P2 is boxier, in a pointed hood with a goggle visor. Limbs are
// drawn in the player's dark outline colour.
// Drawn as code (not textures) because each pose is a few lines and poses blend with the camera
// zoom without resampling; the alternative, SVG sprite sheets, would need async loading. Each
// drawing (player, pose, run frame, facing, stake; a hang's grip by the rope's direction in 128
// steps) is built once into a GraphicsContext that pixi triangulates once, and each frame a
// player's Graphics only takes the context of its pose and moves: redrawn every frame, the
// players' shapes were triangulated again each frame (issue 17, "a cheap frame").

import { Container, Graphics, GraphicsContext } from 'pixi.js';
import { PLAYER_COUNT, Button, playerEntity, type SimWorld } from '../sim';
import { palette } from './palette';
import { choosePose, nextFacing, Pose, RUN_FRAMES, runFrame, type PoseKind } from './playerPose';
import { CM_PER_M as U } from './units';

/** Render state per player kept between frames (never read by the sim). */
export interface PlayerLooks {
  /** +1 right, -1 left. */
  facing: Int8Array;
  /** Metres run on the ground, drives the run frames. */
  runM: Float64Array;
}

export function createPlayerLooks(): PlayerLooks {
  return { facing: new Int8Array([1, -1]), runM: new Float64Array(PLAYER_COUNT) };
}

// Styles built once so drawing allocates no style objects per frame.
// Outside the fill, so the outline never eats into the body colour (tests count its pixels).
const OUTLINE = [0, 1].map((slot) => ({ width: 3.5, color: palette.playerOutline[slot], alignment: 0 }));
const LEG = [0, 1].map((slot) => ({ width: 12, color: palette.playerOutline[slot], cap: 'round' as const }));
const ARM = [0, 1].map((slot) => ({ width: 9, color: palette.playerOutline[slot], cap: 'round' as const }));

/** Feet and hands, relative to the body centre in cm (x toward the facing side), reused per player. */
const limb = new Float64Array(8); // back foot x, y; front foot x, y; back hand x, y; front hand x, y

/** Directions of a hanging player's grip (toward the partner up the rope) drawn apart. */
const HANG_STEPS = 128;

export interface PlayerViews {
  /** Shows both players centred at (cx[slot], cy[slot]) m and advances `looks` by `frameSec`. */
  draw(world: SimWorld, cx: Float64Array, cy: Float64Array, looks: PlayerLooks, frameSec: number): void;
}

/** The players' views under `layer` (P2 over P1), their drawings built as first needed. */
export function createPlayerViews(layer: Container): PlayerViews {
  const shapes = [new Graphics(), new Graphics()];
  layer.addChild(...shapes);
  const drawings = new Map<number, GraphicsContext>();
  return {
    draw(world, cx, cy, looks, frameSec): void {
      const { body, player } = world;
      for (let slot = 0; slot < PLAYER_COUNT; slot++) {
        const eid = playerEntity(world, slot);
        const vx = body.vx[eid];
        looks.facing[slot] = nextFacing(looks.facing[slot], vx);
        const isGrounded = player.isGrounded[eid] === 1;
        const isAnchored = player.isAnchored[eid] === 1;
        const dx = cx[1 - slot] - cx[slot];
        const dy = cy[1 - slot] - cy[slot];
        const held = player.buttons[eid];
        const isPullingAway = (dx < -0.5 && (held & Button.Right) !== 0) || (dx > 0.5 && (held & Button.Left) !== 0);
        const pose = choosePose(isGrounded, isAnchored, player.isTaut[eid] === 1, dy < -0.3, vx, body.vy[eid], isPullingAway);
        if (pose === Pose.Pull) looks.facing[slot] = dx < 0 ? 1 : -1; // away from the partner, whatever the speed
        if (pose === Pose.Run && frameSec > 0) looks.runM[slot] += Math.abs(vx) * Math.min(frameSec, 0.1);
        const f = looks.facing[slot];
        const frame = pose === Pose.Run ? runFrame(looks.runM[slot]) : 0;
        // The grip's direction (a hang only), in facing space: x mirrored with the player.
        let hang = 0;
        if (pose === Pose.Hang) {
          const a = Math.atan2(dy, dx * f);
          hang = ((Math.round((a / (2 * Math.PI)) * HANG_STEPS) % HANG_STEPS) + HANG_STEPS) % HANG_STEPS;
        }
        const feetCm = Math.round(body.halfH[eid] * U);
        const facing = f > 0 ? 1 : 0;
        const stake = isAnchored ? 1 : 0;
        const key = ((((((slot * 8 + pose) * RUN_FRAMES + frame) * 2 + facing) * 2 + stake) * HANG_STEPS + hang) * 1024) + feetCm;
        let drawing = drawings.get(key);
        if (!drawing) {
          drawing = drawPlayer(slot, pose, frame, f, isAnchored, hang, feetCm);
          drawings.set(key, drawing);
        }
        const shape = shapes[slot];
        if (shape.context !== drawing) shape.context = drawing;
        shape.position.set(cx[slot] * U, cy[slot] * U);
      }
    },
  };
}

/** One drawing of a player, centred on its body's centre (drawing units). */
function drawPlayer(
  slot: number, pose: PoseKind, frame: number, f: number, isAnchored: boolean, hang: number, feetCm: number,
): GraphicsContext {
  const g = new GraphicsContext();
  if (isAnchored) drawStake(g, f * 14, feetCm);
  const a = (hang / HANG_STEPS) * 2 * Math.PI;
  const crouch = placeLimbs(pose, frame, Math.cos(a), Math.sin(a));
  drawCharacter(g, slot, 0, crouch, f, crouch, pose === Pose.Hang);
  return g;
}

/**
 * Fills `limb` for `pose`; returns how far the body sinks, cm. (ux, uy) is the unit direction to
 * the partner with x already in facing space (hands reach up along the rope when hanging).
 */
function placeLimbs(pose: PoseKind, frame: number, ux: number, uy: number): number {
  switch (pose) {
    case Pose.Run: {
      // Four frames of a stride: contact, pass, contact (other leg), pass; arms swing against the legs.
      const s = frame === 0 ? 1 : frame === 2 ? -1 : 0;
      const lift = frame === 1 || frame === 3 ? 8 : 0;
      set(-14 * s - 2, 70 - (s < 0 ? 0 : lift), 16 * s + 2, 70 - (s > 0 ? 0 : lift), -36 - 12 * s, 16, 38 + 12 * s, 14 + 4 * s);
      return lift ? -3 : 0;
    }
    case Pose.Jump:
      set(-8, 58, 14, 52, -26, -44, 26, -44);
      return 0;
    case Pose.Fall:
      set(-16, 72, 16, 66, -42, -26, 42, -30);
      return 0;
    case Pose.Hang:
      // Both hands on the rope where it leaves the body (it is tied at the centre), one above the
      // other; legs hang together.
      set(-6, 70, 6, 68, ux * 42, uy * 42, ux * 56, uy * 56);
      return 0;
    case Pose.Pull:
      // Leaning into the pull: feet braced behind, both hands back on the rope.
      set(-26, 70, -4, 70, -44, 2, -34, 8);
      return 6;
    case Pose.Anchor:
      set(-24, 70, 20, 70, 8, 34, 16, 34);
      return 10;
    default:
      set(-10, 70, 10, 70, -36, 26, 38, 24);
      return 0;
  }
}

function set(a: number, b: number, c: number, d: number, e: number, h: number, i: number, j: number): void {
  limb[0] = a; limb[1] = b; limb[2] = c; limb[3] = d; limb[4] = e; limb[5] = h; limb[6] = i; limb[7] = j;
}

/**
 * One player at body centre (x, y) cm (already sunk by `crouch`), facing f. Hanging, both arms go
 * behind the body: the hands show above the head on the rope and the face stays clear.
 */
function drawCharacter(
  g: GraphicsContext, slot: number, x: number, y: number, f: number, crouch: number, isArmBehind: boolean,
): void {
  const dark = palette.playerOutline[slot];
  const hipY = y + 30;
  // Legs (feet stay on the ground line, so a crouch bends them), then the back arm behind the body.
  for (let k = 0; k < 2; k++) {
    const hipX = x + f * (k === 0 ? -10 : 10);
    const fx = x + f * limb[2 * k];
    const fy = y - crouch + limb[2 * k + 1] - 5;
    g.moveTo(hipX, hipY).lineTo(fx, fy).stroke(LEG[slot]);
    g.ellipse(fx + f * 4, fy + 1, 9, 5).fill(dark);
  }
  const shoulderY = y - 4;
  g.moveTo(x - f * 24, shoulderY).lineTo(x + f * limb[4], y + limb[5]).stroke(ARM[slot]);
  g.circle(x + f * limb[4], y + limb[5], 6).fill(dark);

  if (isArmBehind) drawFrontArm(g, slot, x, y, f);
  if (slot === 0) drawBeanBody(g, x, y, f);
  else drawHoodBody(g, x, y, f);
  if (!isArmBehind) drawFrontArm(g, slot, x, y, f);
  // Hands on the rope stay in front of the head, so the grip shows whichever way the rope leans.
  else g.circle(x + f * limb[4], y + limb[5], 6).circle(x + f * limb[6], y + limb[7], 6).fill(dark);
}

function drawFrontArm(g: GraphicsContext, slot: number, x: number, y: number, f: number): void {
  g.moveTo(x + f * 26, y - 4).lineTo(x + f * limb[6], y + limb[7]).stroke(ARM[slot]);
  g.circle(x + f * limb[6], y + limb[7], 6).fill(palette.playerOutline[slot]);
}

/** P1: a round bean with a bobble beanie on top and two big round eyes. */
function drawBeanBody(g: GraphicsContext, x: number, y: number, f: number): void {
  g.roundRect(x - 36, y - 52, 72, 92, 32).fill(palette.player[0]).stroke(OUTLINE[0]);
  // Beanie: a dark dome on the crown, a light rim, and a bobble leaning back.
  g.moveTo(x - 27, y - 46).arcTo(x - 27, y - 70, x, y - 70, 24).arcTo(x + 27, y - 70, x + 27, y - 46, 24)
    .closePath().fill(palette.p1Hat);
  g.roundRect(x - 30, y - 50, 60, 9, 4).fill(palette.p1HatRim);
  g.circle(x - f * 6, y - 73, 8).fill(palette.p1HatRim);
  // Eyes toward the facing side, pupils looking ahead.
  const ex = x + f * 9;
  g.circle(ex - 11, y - 24, 8).circle(ex + 11, y - 24, 8).fill(palette.eye);
  g.circle(ex - 11 + f * 3, y - 23, 4).circle(ex + 11 + f * 3, y - 23, 4).fill(palette.pupil);
}

/** P2: a boxy coat, a hood drawn up to a point that trails behind, and a goggle visor. */
function drawHoodBody(g: GraphicsContext, x: number, y: number, f: number): void {
  g.roundRect(x - 35, y - 54, 70, 94, 12).fill(palette.player[1]).stroke(OUTLINE[1]);
  // Hood: a point leaning back from the crown.
  g.moveTo(x - f * 34, y - 44).quadraticCurveTo(x - f * 37, y - 70, x - f * 24, y - 88)
    .quadraticCurveTo(x - f * 4, y - 62, x + f * 26, y - 54).closePath()
    .fill(palette.player[1]).stroke(OUTLINE[1]);
  g.roundRect(x - 35, y - 54, 70, 7, 3.5).fill(palette.p2Hood);
  // Visor band with two lenses toward the facing side.
  const ex = x + f * 7;
  g.roundRect(ex - 26, y - 33, 52, 16, 8).fill(palette.p2Visor);
  g.circle(ex - 11, y - 25, 5.5).circle(ex + 11, y - 25, 5.5).fill(palette.p2Lens);
}

/** An anchor stake (drawing units): a post from the feet into the ground with a crossbar at the surface. */
function drawStake(g: GraphicsContext, x: number, feetY: number): void {
  const w = 0.05 * U;
  g.rect(x - w, feetY - 0.3 * U, 2 * w, 0.65 * U)
    .moveTo(x - w, feetY + 0.35 * U).lineTo(x + w, feetY + 0.35 * U).lineTo(x, feetY + 0.5 * U).closePath()
    .fill(palette.stake);
  g.roundRect(x - 0.45 * U, feetY - 0.06 * U, 0.9 * U, 0.12 * U, 0.06 * U).fill(palette.stake);
  g.circle(x, feetY - 0.3 * U, 0.08 * U).fill(palette.stake);
}
