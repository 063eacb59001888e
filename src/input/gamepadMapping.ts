// Reads one gamepad into a small bit set of the controls the game uses, and turns that into a
// player's button mask. Pure (no navigator, no clock), so it is tested with plain fake pads.
// Anything a pad lacks (no buttons, fewer buttons, no axes, NaN axes) reads as "not pressed".

import { Button } from '../sim';

/** The controls of a pad that the game uses, as bits (not the sim's Button bits). */
export const PadControl = {
  Left: 1,
  Right: 2,
  Up: 4,
  Down: 8,
  /** Bottom face button (standard 0: A / Cross): jump, confirm. */
  South: 16,
  /** Right face button (standard 1: B / Circle): back in menus. */
  East: 32,
  /** Left face button (standard 2: X / Square): anchor. */
  West: 64,
  /** Right trigger (standard 7): anchor. */
  RightTrigger: 128,
  /** Start (standard 9): pause. */
  Start: 256,
  /** Any other button: it only counts for "press a button to join". */
  Other: 512,
  /** Left or right shoulder button (standard 4 / 5: LB / RB, L1 / R1): switches control in solo. */
  Shoulder: 1024,
} as const;

/** Radial dead zone of the left stick, as a fraction of full tilt. */
export const STICK_DEAD_ZONE = 0.25;
/** A stick direction counts when its share of the tilt is at least sin(22.5°): eight equal
 *  sectors, so a stick pushed mostly right is only "right", never also "down". */
const STICK_AXIS_SHARE = 0.3827;
/** Analog buttons (triggers) count as pressed from half travel, whatever the browser's own threshold. */
const BUTTON_THRESHOLD = 0.5;

/** A button as browsers report it (very old ones: a plain number). */
export type GamepadButtonLike = { readonly pressed?: boolean; readonly value?: number } | number | null | undefined;

/** What the game reads of a `Gamepad`; fake pads in tests need only these fields. */
export interface GamepadLike {
  readonly index: number;
  readonly id?: string;
  readonly connected?: boolean;
  readonly mapping?: string;
  readonly buttons?: ReadonlyArray<GamepadButtonLike>;
  readonly axes?: ReadonlyArray<number>;
}

// Standard-mapping button index -> control. D-pad is 12 up, 13 down, 14 left, 15 right.
const BUTTON_CONTROLS: ReadonlyMap<number, number> = new Map([
  [0, PadControl.South],
  [1, PadControl.East],
  [2, PadControl.West],
  [4, PadControl.Shoulder],
  [5, PadControl.Shoulder],
  [7, PadControl.RightTrigger],
  [9, PadControl.Start],
  [12, PadControl.Up],
  [13, PadControl.Down],
  [14, PadControl.Left],
  [15, PadControl.Right],
]);

function isButtonDown(b: GamepadButtonLike): boolean {
  if (typeof b === 'number') return b >= BUTTON_THRESHOLD; // very old implementations: plain values
  if (!b || typeof b !== 'object') return false;
  return b.pressed === true || (typeof b.value === 'number' && b.value >= BUTTON_THRESHOLD);
}

function axis(axes: ReadonlyArray<number> | undefined, i: number): number {
  const v = axes?.[i];
  return typeof v === 'number' && Number.isFinite(v) ? Math.max(-1, Math.min(1, v)) : 0;
}

/** The left stick as direction bits, after the radial dead zone. */
export function stickControls(x: number, y: number, deadZone = STICK_DEAD_ZONE): number {
  const tilt = Math.sqrt(x * x + y * y);
  if (!(tilt >= deadZone) || tilt === 0) return 0;
  const share = STICK_AXIS_SHARE * tilt;
  let bits = 0;
  if (x <= -share) bits |= PadControl.Left;
  if (x >= share) bits |= PadControl.Right;
  if (y <= -share) bits |= PadControl.Up; // the Gamepad API's y points down, like the sim's
  if (y >= share) bits |= PadControl.Down;
  return bits;
}

/**
 * The controls held on `pad` (standard mapping; a pad without it is read the same way, since most
 * report their face buttons and left stick at the standard places). Never throws.
 */
export function readPadControls(pad: GamepadLike | null | undefined): number {
  if (!pad) return 0;
  let bits = 0;
  const buttons = Array.isArray(pad.buttons) ? pad.buttons : [];
  for (let i = 0; i < buttons.length; i++) {
    if (!isButtonDown(buttons[i])) continue;
    bits |= BUTTON_CONTROLS.get(i) ?? PadControl.Other;
  }
  const axes = Array.isArray(pad.axes) ? pad.axes : undefined;
  return bits | stickControls(axis(axes, 0), axis(axes, 1));
}

/** The sim's button mask for held controls: stick/d-pad move and Down, South jumps, West or the
 *  right trigger anchors. Up does nothing in play (jump is a button, as on the keyboard's W). */
export function playerMaskOf(controls: number): number {
  let mask = 0;
  if (controls & PadControl.Left) mask |= Button.Left;
  if (controls & PadControl.Right) mask |= Button.Right;
  if (controls & PadControl.Down) mask |= Button.Down;
  if (controls & PadControl.South) mask |= Button.Jump;
  if (controls & (PadControl.West | PadControl.RightTrigger)) mask |= Button.Anchor;
  return mask;
}
