// Solo mode: one player drives both characters. Rewrites the two per-tick button masks the keyboard
// and pads produced (P1's keys, P2's keys, both pads) into "all of it drives the controlled
// character, the other holds still", so the sim and replays see ordinary masks.
// Invariant: the character not controlled gets no button but a latched Anchor.

import { PLAYER_COUNT, Button } from '../sim';

/** The key that swaps control in solo: next to W A S D, and neither a default player key nor one the
 *  game or the browser keeps (Tab would be the obvious one, but the browser owns it). */
export const SOLO_SWITCH_KEY = 'KeyQ';

/** Most switch presses one sample acts on, plus one to keep an odd count odd (even number). */
const MAX_SWITCHES_PER_SAMPLE = 8;

export interface SoloControl {
  /** True while solo mode is on; off, `apply` leaves the masks alone (two players). */
  readonly isOn: boolean;
  /** The slot the player drives now (0 = P1). */
  readonly controlled: number;
  /** True while `slot` keeps anchoring because it was anchoring when control left it. */
  isAnchorLatched(slot: number): boolean;
  /** Turns solo on or off; either way control starts on P1 with nothing latched. */
  setOn(isOn: boolean): void;
  /** Control back to P1, no latch, nothing suppressed (a new attempt). */
  reset(): void;
  /**
   * Rewrites `masks` (slot 0 and 1, as sampled this tick) in place, after acting on
   * `switchPresses` presses of the switch key / button since the last call. Allocates nothing.
   */
  apply(masks: Uint8Array, switchPresses: number): void;
}

export function createSoloControl(): SoloControl {
  let isOn = false;
  let controlled = 0;
  // Per slot: 1 while an anchor is held for it by the latch (it was anchoring when control left).
  const latched = new Uint8Array(PLAYER_COUNT);
  // The masks handed out last sample, and the buttons held then: a switch happens between two
  // samples, so "anchoring at the switch" and "held through the switch" are about the last one.
  const lastOut = new Uint8Array(PLAYER_COUNT);
  let lastHeld = 0;
  // Buttons held through the last switch: they act for the new character only once released, so
  // the anchor key held to keep one character anchored does not anchor the other one too. A key
  // that goes down in the switch's own sample is a new press and acts at once.
  let suppressed = 0;

  const reset = (): void => {
    controlled = 0;
    latched.fill(0);
    lastOut.fill(0);
    lastHeld = 0;
    suppressed = 0;
  };

  return {
    get isOn() {
      return isOn;
    },
    get controlled() {
      return controlled;
    },
    isAnchorLatched(slot) {
      return latched[slot] === 1;
    },
    setOn(next) {
      isOn = next;
      reset();
    },
    reset,
    apply(masks, switchPresses) {
      if (!isOn) return;
      let held = 0;
      for (let slot = 0; slot < PLAYER_COUNT; slot++) held |= masks[slot];
      let switches = switchPresses > 0 ? Math.floor(switchPresses) : 0; // NaN and negatives: none
      if (switches > MAX_SWITCHES_PER_SAMPLE) switches = MAX_SWITCHES_PER_SAMPLE + (switches & 1);
      for (let n = 0; n < switches; n++) {
        // Anchoring at the moment of the switch (by key or by latch): it keeps anchoring.
        latched[controlled] = lastOut[controlled] & Button.Anchor ? 1 : 0;
        lastOut[controlled] = latched[controlled] ? Button.Anchor : 0;
        controlled = (controlled + 1) % PLAYER_COUNT;
        suppressed = lastHeld & held;
      }
      suppressed &= held; // a released button is free again
      // Back in control, the latch lets go once the anchor key is up.
      if (!(held & Button.Anchor)) latched[controlled] = 0;
      for (let slot = 0; slot < PLAYER_COUNT; slot++) {
        const anchor = latched[slot] ? Button.Anchor : 0;
        masks[slot] = lastOut[slot] = slot === controlled ? (held & ~suppressed) | anchor : anchor;
      }
      lastHeld = held;
    },
  };
}
