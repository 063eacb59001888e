// Solo replays: what one solo player pressed (buttons and switch presses per tick), turned into
// the two characters' masks by solo mode's own mapping (createSoloControl().apply, the code the
// game runs), then recorded and verified exactly as a pair replay (src/level/replay.ts). So a solo
// replay proves the level can be finished by one player through the real solo rules, not a copy.

import { createSoloControl } from '../input/soloControl';
import {
  REPLAY_FORMAT,
  SOLO_REPLAY_FORMAT,
  encodeInputs,
  recordReplay,
  verifyReplay,
  type SoloReplayFile,
  type VerifyResult,
} from '../level/replay';

/** One tick of solo play: the buttons held and how many times the switch was pressed. */
export type SoloTick = readonly [buttons: number, switchPresses: number];

/** Per tick, the two masks solo mode hands the sim, and which slot it controlled then. */
export interface SoloTickMasks {
  masks: Array<[number, number]>;
  controlled: number[];
  /** Per tick, per slot: 1 while that slot's anchor was held by the latch. */
  latched: Array<[number, number]>;
}

/** Solo inputs (one [buttons, switchPresses] per tick) -> the [P1, P2] masks, through solo mode. */
export function soloTickMasks(ticks: ReadonlyArray<SoloTick>): SoloTickMasks {
  const solo = createSoloControl();
  solo.setOn(true);
  const pair = new Uint8Array(2);
  const out: SoloTickMasks = { masks: [], controlled: [], latched: [] };
  for (const [buttons, switchPresses] of ticks) {
    // The solo player's buttons reach solo mode as P1's keys; P1's and P2's keys drive the same
    // character in solo, so which slot carries them makes no difference.
    pair[0] = buttons;
    pair[1] = 0;
    solo.apply(pair, switchPresses);
    out.masks.push([pair[0], pair[1]]);
    out.controlled.push(solo.controlled);
    out.latched.push([solo.isAnchorLatched(0) ? 1 : 0, solo.isAnchorLatched(1) ? 1 : 0]);
  }
  return out;
}

/** Runs -> one [buttons, switchPresses] per tick (the runs are checked by parseSoloReplay). */
export function decodeSoloRuns(runs: ReadonlyArray<readonly [number, number, number]>): SoloTick[] {
  const out: SoloTick[] = [];
  for (const [length, buttons, switches] of runs) for (let n = 0; n < length; n++) out.push([buttons, switches]);
  return out;
}

/** Records a solo replay: the level run with these solo inputs through solo mode. Throws like
 *  recordReplay on an invalid level or an out-of-range mask. */
export function recordSoloReplay(levelText: string, ticks: ReadonlyArray<SoloTick>): SoloReplayFile {
  const pair = recordReplay(levelText, soloTickMasks(ticks).masks);
  // The same run-length encoding as masks: [length, buttons, switchPresses].
  return { ...pair, format: SOLO_REPLAY_FORMAT, inputs: encodeInputs(ticks) };
}

/** Verifies a solo replay as verifyReplay does a pair one (level hash, every state hash,
 *  completion), on the masks solo mode makes of its inputs. */
export function verifySoloReplay(levelText: string, replay: SoloReplayFile, opts: { stopAtMismatch?: boolean } = {}): VerifyResult {
  const { masks } = soloTickMasks(decodeSoloRuns(replay.inputs));
  return verifyReplay(levelText, { ...replay, format: REPLAY_FORMAT, inputs: encodeInputs(masks) }, opts);
}
