// What a player pressed during one tick, as a bit mask of held buttons. The sim derives edges
// (pressed / released) itself from the previous tick's mask, so a replay is just masks per tick.

/** Button bits of a player's input mask. */
export const Button = {
  Left: 1,
  Right: 2,
  Jump: 4,
  Down: 8,
  Anchor: 16,
  /** Back to the last checkpoint (the pause menu's "Back to checkpoint"): on the tick it is
   *  pressed, the level is put back as after a death, with no death and no pause (respawnSystem). */
  Retry: 32,
} as const;

/** Held buttons of one player for one tick (a combination of {@link Button} bits). */
export type ButtonMask = number;

/** All defined bits; anything else in a mask is ignored. */
export const BUTTON_MASK_ALL = 63;
