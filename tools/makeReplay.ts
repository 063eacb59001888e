// `npm run make-replay -- [level ...]`: plays each level with its scripted bot (tools/bots/first-gap.ts,
// tools/bots/swing-yard.ts), records the masks it pressed and writes levels/replays/<basename>.replay.json.
// A level is named by its file (levels/03-first-gap.json), basename (03-first-gap) or id (first-gap);
// no argument = every level that has a bot. Run it after an intended physics or level change, then
// check the diff: `npm run check-levels` verifies the committed replays.

import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLevel } from '../src/level/parseLevel';
import { formatReplay, recordReplay } from '../src/level/replay';
import { createSimWorld, type SimWorld } from '../src/sim';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const LEVELS_DIR = join(ROOT, 'levels');
export const REPLAYS_DIR = join(LEVELS_DIR, 'replays');

/** A bot plays the world until the level is complete (or it gives up), calling onTick after each step. */
type Bot = (world: SimWorld, onTick: () => void) => void;

/** The bot of a level id: tools/bots/<id>.ts's `play`, or null when there is none. */
async function botFor(id: string): Promise<Bot | null> {
  const file = join(ROOT, 'tools', 'bots', `${id}.ts`);
  if (!existsSync(file)) return null;
  const module = (await import(file)) as { play?: Bot };
  if (typeof module.play !== 'function') throw new Error(`tools/bots/${id}.ts does not export a play(world, onTick) function`);
  return module.play;
}

/** The replay file of a level file: levels/replays/<basename>.replay.json (or `<dir>/replays/`). */
export function replayPathFor(levelFile: string, dir = LEVELS_DIR): string {
  return join(dir, 'replays', `${basename(levelFile, '.json')}.replay.json`);
}

/** Every level file: levels/*.json (or `dir`'s) except JSON Schemas (*.schema.json). */
export function levelFiles(dir = LEVELS_DIR): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json')).sort().map((f) => join(dir, f));
}

async function main(args: string[]): Promise<number> {
  const files = levelFiles();
  const wanted = args.length === 0 ? files : args.map((arg) => {
    const file = files.find((f) => f === join(ROOT, arg) || f === arg || basename(f, '.json') === basename(arg, '.json')
      || (() => { const p = parseLevel(readFileSync(f, 'utf8')); return p.ok && p.id === arg; })());
    if (!file) throw new Error(`no level '${arg}' in levels/ (give a file, a basename like 03-first-gap or a level id)`);
    return file;
  });
  let failures = 0;
  for (const file of wanted) {
    const text = readFileSync(file, 'utf8');
    const parsed = parseLevel(text);
    if (!parsed.ok) throw new Error(`${file} is not a valid level: ${parsed.errors.join('; ')}`);
    const bot = await botFor(parsed.id);
    if (!bot) {
      if (args.length > 0) throw new Error(`no bot plays level "${parsed.id}"; write tools/bots/${parsed.id}.ts exporting play(world, onTick)`);
      console.log(`skip  ${basename(file)}: no bot for level "${parsed.id}"`);
      continue;
    }
    const world = createSimWorld(parsed.def);
    const masks: Array<[number, number]> = [];
    bot(world, () => masks.push([world.input[0], world.input[1]]));
    const replay = recordReplay(text, masks);
    if (replay.completedTick === null) {
      console.log(`FAIL  ${basename(file)}: the bot did not complete the level in ${replay.ticks} ticks; nothing written`);
      failures++;
      continue;
    }
    const out = replayPathFor(file);
    writeFileSync(out, formatReplay(replay));
    console.log(`wrote ${out.replace(`${ROOT}/`, '')}: ${replay.ticks} ticks, ${replay.inputs.length} runs, completed at tick ${replay.completedTick}`);
  }
  return failures > 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e: unknown) => {
    console.error(`make-replay: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 2;
  });
}
