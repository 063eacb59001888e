// `npm run make-replay -- [level ...]`: plays each level with its scripted bot (tools/bots/first-gap.ts,
// tools/bots/swing-yard.ts), records the masks it pressed and writes levels/replays/<basename>.replay.json.
// A level is named by its file (levels/03-first-gap.json), basename (03-first-gap) or id (first-gap);
// no argument = every level that has a bot. Run it after an intended physics or level change, then
// check the diff: `npm run check-levels` verifies the committed replays.
// `npm run make-replay -- --solo [level ...]` does the same for solo replays: the level's solo bot
// (tools/bots/solo/<id>.ts, exporting playSolo) plays it as one player through solo mode, and its
// buttons and switch presses go to levels/replays/<basename>.solo.replay.json.

import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLevel } from '../src/level/parseLevel';
import { formatReplay, recordReplay, type ReplayFile, type ReplayFormat } from '../src/level/replay';
import { recordSoloReplay, type SoloTick } from '../src/app/soloReplay';
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

/** A solo bot plays the world as one player through solo mode and returns what it pressed. */
type SoloBot = (world: SimWorld) => SoloTick[];

/** The solo bot of a level id: tools/bots/solo/<id>.ts's `playSolo`, or null when there is none. */
export async function soloBotFor(id: string): Promise<SoloBot | null> {
  const file = soloBotPath(id);
  if (!existsSync(file)) return null;
  const module = (await import(file)) as { playSolo?: SoloBot };
  if (typeof module.playSolo !== 'function') throw new Error(`tools/bots/solo/${id}.ts does not export a playSolo(world) function`);
  return module.playSolo;
}

/** Where the solo bot of a level id lives; a level with one must have a solo replay. */
export function soloBotPath(id: string): string {
  return join(ROOT, 'tools', 'bots', 'solo', `${id}.ts`);
}

/** The solo replay file of a level file: levels/replays/<basename>.solo.replay.json (or `<dir>/replays/`). */
export function soloReplayPathFor(levelFile: string, dir = LEVELS_DIR): string {
  return join(dir, 'replays', `${basename(levelFile, '.json')}.solo.replay.json`);
}

/** The replay file of a level file: levels/replays/<basename>.replay.json (or `<dir>/replays/`). */
export function replayPathFor(levelFile: string, dir = LEVELS_DIR): string {
  return join(dir, 'replays', `${basename(levelFile, '.json')}.replay.json`);
}

/** Every level file: levels/*.json (or `dir`'s) except JSON Schemas (*.schema.json). */
export function levelFiles(dir = LEVELS_DIR): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json')).sort().map((f) => join(dir, f));
}

async function main(allArgs: string[]): Promise<number> {
  const isSolo = allArgs.includes('--solo');
  const args = allArgs.filter((a) => a !== '--solo');
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
    const what = isSolo ? 'solo bot' : 'bot';
    const record = isSolo ? await soloRecorder(parsed.id) : await pairRecorder(parsed.id);
    if (!record) {
      const where = isSolo ? `tools/bots/solo/${parsed.id}.ts exporting playSolo(world)` : `tools/bots/${parsed.id}.ts exporting play(world, onTick)`;
      if (args.length > 0) throw new Error(`no ${what} plays level "${parsed.id}"; write ${where}`);
      console.log(`skip  ${basename(file)}: no ${what} for level "${parsed.id}"`);
      continue;
    }
    const replay = record(text, createSimWorld(parsed.def));
    if (replay.completedTick === null) {
      console.log(`FAIL  ${basename(file)}: the ${what} did not complete the level in ${replay.ticks} ticks; nothing written`);
      failures++;
      continue;
    }
    const out = isSolo ? soloReplayPathFor(file) : replayPathFor(file);
    writeFileSync(out, formatReplay(replay));
    console.log(`wrote ${out.replace(`${ROOT}/`, '')}: ${replay.ticks} ticks, ${replay.inputs.length} runs, completed at tick ${replay.completedTick}`);
  }
  return failures > 0 ? 1 : 0;
}

/** Plays the level with its bot on `world` and records the replay, or null when it has no bot. */
type Recorder = (levelText: string, world: SimWorld) => ReplayFile<ReplayFormat>;

async function pairRecorder(id: string): Promise<Recorder | null> {
  const bot = await botFor(id);
  if (!bot) return null;
  return (text, world) => {
    const masks: Array<[number, number]> = [];
    bot(world, () => masks.push([world.input[0], world.input[1]]));
    return recordReplay(text, masks);
  };
}

async function soloRecorder(id: string): Promise<Recorder | null> {
  const bot = await soloBotFor(id);
  // recordSoloReplay plays the bot's presses again from the level file, through solo mode.
  return bot ? (text, world) => recordSoloReplay(text, bot(world)) : null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e: unknown) => {
    console.error(`make-replay: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 2;
  });
}
