// Which drawing of a player to show, chosen from the sim state the renderer can read (grounded,
// anchored, tether taut, velocity). Pure numbers, no pixi, so the choice is unit-tested.

export const Pose = {
  Idle: 0,
  Run: 1,
  Jump: 2,
  Fall: 3,
  /** In the air on a taut tether, hanging from or swinging under the partner. */
  Hang: 4,
  /** Holding the anchor key on the ground: crouched, gripping the stake. */
  Anchor: 5,
  /** On the ground, leaning away from the partner against a taut tether (dragging or hauling). */
  Pull: 6,
} as const;
export type PoseKind = (typeof Pose)[keyof typeof Pose];

/** Below this horizontal speed, m/s, a grounded player stands (sliding to a stop reads as idle). */
export const RUN_SPEED = 0.4;
/** Metres of ground covered per run frame: the legs keep pace with the feet at any speed. */
export const RUN_STRIDE_M = 0.32;
export const RUN_FRAMES = 4;

/**
 * The pose of a player. `vy` is m/s with y down (negative = rising). `isPartnerAbove` says the
 * tether pulls upward, so a taut tether in the air is a hang rather than a plain fall (a taut
 * tether pulling sideways or down is just the player dragging the partner). `isPullingAway`: the
 * player holds a direction away from the partner.
 */
export function choosePose(
  isGrounded: boolean, isAnchored: boolean, isTaut: boolean, isPartnerAbove: boolean, vx: number, vy: number,
  isPullingAway = false,
): PoseKind {
  if (isAnchored) return Pose.Anchor;
  if (isGrounded && isTaut && isPullingAway) return Pose.Pull;
  if (isGrounded) return Math.abs(vx) > RUN_SPEED ? Pose.Run : Pose.Idle;
  if (isTaut && isPartnerAbove) return Pose.Hang;
  return vy < 0 ? Pose.Jump : Pose.Fall;
}

/** The run frame (0 .. RUN_FRAMES - 1) after `distanceM` metres run, counted per player. */
export function runFrame(distanceM: number): number {
  if (!(distanceM >= 0) || !Number.isFinite(distanceM)) return 0;
  return Math.floor(distanceM / RUN_STRIDE_M) % RUN_FRAMES;
}

/** New facing (+1 right, -1 left) from horizontal speed; slow or stopped keeps the last one. */
export function nextFacing(facing: number, vx: number): number {
  if (vx > 0.3) return 1;
  if (vx < -0.3) return -1;
  return facing;
}
