// `npm run sim -- <level.json> [--ticks N] [--replay file] [--trace id,id] [--every K] [--json]`:
// steps a level headless in Node and prints its final state (see tools/simRunner.ts and the README).
// Exit codes: 0 done, 2 bad arguments / missing file / bad level or replay (one line on stderr),
// 1 an internal error (also one line: this tool never prints a stack trace).
// runSimCli() is the whole command, callable in process (tests/unit/simRunner.test.ts).

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAX_LEVEL_BYTES, parseLevel } from '../src/level/parseLevel';
import { parseReplayInputs } from './replayInputs';
import { DEFAULT_TICKS, USAGE, UsageError, parseSimArgs } from './simArgs';
import { formatSummary, runSim } from './simRunner';

/** Errors listed in the one-line message about a bad level. */
const LEVEL_ERRORS_SHOWN = 5;

function readText(kind: string, path: string, maxBytes: number): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : String((e as Error).message);
    throw new UsageError(`cannot read ${kind} '${path}': ${why}`);
  }
  if (text.length > maxBytes) throw new UsageError(`${kind} '${path}' is ${text.length} bytes; at most ${maxBytes}`);
  return text;
}

/** Where the command writes: the process's streams, or a test's buffers. */
export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

function main(argv: readonly string[], out: CliOutput): number {
  const options = parseSimArgs(argv);
  if (options.help) {
    out.stdout(`${USAGE}\n`);
    return 0;
  }
  const parsed = parseLevel(readText('level file', options.levelPath, MAX_LEVEL_BYTES));
  if (!parsed.ok) {
    const shown = parsed.errors.slice(0, LEVEL_ERRORS_SHOWN).join('; ');
    const more = parsed.errors.length > LEVEL_ERRORS_SHOWN ? ` (and ${parsed.errors.length - LEVEL_ERRORS_SHOWN} more)` : '';
    throw new UsageError(`${options.levelPath} is not a valid level: ${shown}${more}`);
  }
  const inputs = options.replayPath === undefined
    ? undefined
    : parseReplayInputs(readText('replay', options.replayPath, 64 * 1024 * 1024));
  const ticks = options.ticks ?? (inputs ? inputs.length / 2 : DEFAULT_TICKS);
  const spawnOf = (slot: number) => parsed.level.spawns.find((s) => s.player === slot + 1)?.id ?? '';
  const result = runSim(
    { id: parsed.id, def: parsed.def, ids: parsed.ids, spawnIds: [spawnOf(0), spawnOf(1)] },
    { ticks, inputs, trace: options.trace, every: options.every },
  );
  out.stdout(options.json ? `${JSON.stringify(result)}\n` : `${formatSummary(result)}\n`);
  return 0;
}

/** `npm run sim -- <argv>`: writes to `out` and returns the exit code; never throws. */
export function runSimCli(argv: readonly string[], out: CliOutput = processOutput): number {
  try {
    return main(argv, out);
  } catch (e) {
    if (e instanceof UsageError) {
      out.stderr(`sim: ${e.message}\n`);
      return 2;
    }
    out.stderr(`sim: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = runSimCli(process.argv.slice(2));
}
