// Command line of the headless runner (`npm run sim -- <level.json> [options]`) -> options.
// Pure: no files, no process; a bad argument throws a UsageError whose message is the one line
// the runner prints.

/** A problem with what the user asked for: the runner prints the message and exits with code 2. */
export class UsageError extends Error {}

/** Longest run the runner accepts, ticks (~4.6 hours of game at 60 Hz). */
export const MAX_TICKS = 1_000_000;
/** Ticks run when neither --ticks nor --replay says how many (10 s). */
export const DEFAULT_TICKS = 600;

export interface SimOptions {
  levelPath: string;
  /** Ticks to run; undefined = the replay's length, or DEFAULT_TICKS without a replay. */
  ticks?: number;
  replayPath?: string;
  /** Entity ids to trace, in the order given. */
  trace: string[];
  /** Trace every this many ticks. */
  every: number;
  /** Print only JSON on stdout. */
  json: boolean;
  help: boolean;
}

export const USAGE = `usage: npm run sim -- <level.json> [--ticks N] [--replay file.json] [--trace id,id] [--every K] [--json]
  --ticks N      ticks to run (0-${MAX_TICKS}; default: the replay's length, or ${DEFAULT_TICKS} = 10 s)
  --replay FILE  per-tick inputs: a replay file (levels/replays/*.replay.json; a *.solo.replay.json plays through solo mode),
                 { "inputs": [[p1, p2], ...] } or { "runs": [[ticks, p1, p2], ...] }
                 (masks: Left 1, Right 2, Jump 4, Down 8, Anchor 16; after the replay ends nobody presses anything)
  --trace IDS    comma-separated ids of players (p1, p2), boxes, platforms, anchors or ropes (tether too):
                 adds trace: { id: samples }, [tick, x, y] for bodies, [tick, x, y, angle, spin] for boxes,
                 { tick, tension, stretch, points } for ropes
  --every K      trace every K ticks (default 1)
  --json         print only the JSON state (default: a short summary)`;

const VALUE_OPTIONS = new Set(['--ticks', '--replay', '--trace', '--every']);

export function parseSimArgs(argv: readonly string[]): SimOptions {
  const options: SimOptions = { levelPath: '', trace: [], every: 1, json: false, help: false };
  const seen = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') { options.help = true; continue; }
    if (arg === '--json') { options.json = true; continue; }
    if (!arg.startsWith('-') || arg === '-') {
      if (options.levelPath !== '') throw new UsageError(`one level file only (got '${options.levelPath}' and '${arg}')`);
      options.levelPath = arg;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(0, eq) : arg;
    if (!VALUE_OPTIONS.has(name)) throw new UsageError(`unknown option '${name}' (try --help)`);
    if (seen.has(name)) throw new UsageError(`${name} given twice`);
    seen.add(name);
    let value: string;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      if (i + 1 >= argv.length || argv[i + 1].startsWith('--')) throw new UsageError(`${name} needs a value`);
      value = argv[++i];
    }
    switch (name) {
      case '--ticks': options.ticks = wholeNumber(name, value, 0, MAX_TICKS); break;
      case '--every': options.every = wholeNumber(name, value, 1, MAX_TICKS); break;
      case '--replay':
        if (value === '') throw new UsageError('--replay needs a file name');
        options.replayPath = value;
        break;
      case '--trace': {
        const ids = value.split(',').map((s) => s.trim());
        if (ids.some((id) => id === '')) throw new UsageError(`--trace needs comma-separated ids, like --trace p1,crate (got '${value}')`);
        options.trace = [...new Set(ids)];
        break;
      }
    }
  }
  if (!options.help && options.levelPath === '') throw new UsageError('which level? usage: npm run sim -- <level.json> [options] (try --help)');
  return options;
}

function wholeNumber(name: string, text: string, min: number, max: number): number {
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max} (got '${text}')`);
  }
  return n;
}
