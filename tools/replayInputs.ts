// A replay file -> per-tick input masks for the headless runner. Four shapes:
//   { "format": "ropebound-replay", "version": 1, ... }   the replay file (src/level/replay.ts;
//                                         levels/replays/*.json); only its inputs are used here
//   { "format": "ropebound-solo-replay", ... }   a solo replay: its buttons and switch presses
//                                         turned into the two masks by solo mode (src/app/soloReplay.ts)
//   { "inputs": [[p1, p2], ...] }          one [P1 mask, P2 mask] per tick
//   { "runs": [[ticks, p1, p2], ...] }     run-length: hold these masks for `ticks` ticks
// Masks are Button bits (Left 1, Right 2, Jump 4, Down 8, Anchor 16), 0-31.

import { REPLAY_FORMAT, SOLO_REPLAY_FORMAT, parseReplay, parseSoloReplay } from '../src/level/replay';
import { decodeSoloRuns, soloTickMasks } from '../src/app/soloReplay';
import { BUTTON_MASK_ALL } from '../src/sim';
import { MAX_TICKS, UsageError } from './simArgs';
import { showValue } from '../src/level/levelText';

/** Masks for tick t are [2t] (P1) and [2t + 1] (P2). */
export type ReplayInputs = Uint8Array;

export function parseReplayInputs(text: string): ReplayInputs {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`replay: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new UsageError('replay: must be a JSON object: a "ropebound-replay" file, { "inputs": [[p1, p2], ...] } or { "runs": [[ticks, p1, p2], ...] }');
  }
  const file = json as Record<string, unknown>;
  if (Object.hasOwn(file, 'format') && file.format === SOLO_REPLAY_FORMAT) {
    const parsed = parseSoloReplay(text);
    if (!parsed.ok) throw new UsageError(`replay: ${parsed.errors.join('; ')}`);
    const { masks } = soloTickMasks(decodeSoloRuns(parsed.replay.inputs));
    return Uint8Array.from(masks.flat());
  }
  if (Object.hasOwn(file, 'format')) {
    if (file.format !== REPLAY_FORMAT) throw new UsageError(`replay: $.format must be "${REPLAY_FORMAT}" or "${SOLO_REPLAY_FORMAT}" (got ${showValue(file.format)})`);
    const parsed = parseReplay(text);
    if (!parsed.ok) throw new UsageError(`replay: ${parsed.errors.join('; ')}`);
    const out = new Uint8Array(parsed.replay.ticks * 2);
    let t = 0;
    for (const [ticks, p1, p2] of parsed.replay.inputs) {
      for (let n = 0; n < ticks; n++, t++) {
        out[2 * t] = p1;
        out[2 * t + 1] = p2;
      }
    }
    return out;
  }
  const hasInputs = Object.hasOwn(file, 'inputs');
  const hasRuns = Object.hasOwn(file, 'runs');
  if (hasInputs === hasRuns) throw new UsageError('replay: needs exactly one of "inputs" (one [p1, p2] per tick) or "runs" ([ticks, p1, p2])');
  return hasInputs ? readInputs(file.inputs) : readRuns(file.runs);
}

function readInputs(inputs: unknown): ReplayInputs {
  if (!Array.isArray(inputs)) throw new UsageError('replay: $.inputs must be an array of [p1, p2]');
  if (inputs.length > MAX_TICKS) throw new UsageError(`replay: $.inputs has ${inputs.length} ticks; at most ${MAX_TICKS}`);
  const out = new Uint8Array(inputs.length * 2);
  inputs.forEach((entry, t) => {
    const path = `$.inputs[${t}]`;
    if (!Array.isArray(entry) || entry.length !== 2) throw new UsageError(`replay: ${path} must be [p1, p2]`);
    out[2 * t] = mask(entry[0], `${path}[0]`);
    out[2 * t + 1] = mask(entry[1], `${path}[1]`);
  });
  return out;
}

function readRuns(runs: unknown): ReplayInputs {
  if (!Array.isArray(runs)) throw new UsageError('replay: $.runs must be an array of [ticks, p1, p2]');
  let total = 0;
  runs.forEach((run, k) => {
    const path = `$.runs[${k}]`;
    if (!Array.isArray(run) || run.length !== 3) throw new UsageError(`replay: ${path} must be [ticks, p1, p2]`);
    const ticks = run[0];
    if (!Number.isInteger(ticks) || ticks < 1 || ticks > MAX_TICKS) {
      throw new UsageError(`replay: ${path}[0] (ticks) must be a whole number from 1 to ${MAX_TICKS} (got ${showValue(ticks)})`);
    }
    total += ticks as number;
    if (total > MAX_TICKS) throw new UsageError(`replay: $.runs add up to more than ${MAX_TICKS} ticks`);
    mask(run[1], `${path}[1]`);
    mask(run[2], `${path}[2]`);
  });
  const out = new Uint8Array(total * 2);
  let t = 0;
  for (const [ticks, p1, p2] of runs as number[][]) {
    for (let n = 0; n < ticks; n++, t++) {
      out[2 * t] = p1;
      out[2 * t + 1] = p2;
    }
  }
  return out;
}

function mask(value: unknown, path: string): number {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > BUTTON_MASK_ALL) {
    throw new UsageError(`replay: ${path} must be a button mask, a whole number from 0 to ${BUTTON_MASK_ALL} (got ${showValue(value)})`);
  }
  return value as number;
}
