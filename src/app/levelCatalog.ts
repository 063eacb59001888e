// The built-in levels and how a `?level=` value picks one. Levels are the files in levels/, named
// `NN-slug.json`: `?level=10`, `?level=swing-yard`, `?level=10-swing-yard` and the
// file's own `id` all pick 10-swing-yard.json. Pure: main.ts hands in the file texts
// (import.meta.glob), tests can too. Each entry's `key` (its file and its id) names it for
// progress and the menus: two files with the same id (a copied level) are still two levels.

import { isolateText } from '../level/levelText';
import { worldOfLevel } from '../level/levelWorlds';
import type { WorldNumber } from '../level/levelSchema';

export interface LevelEntry {
  /** Campaign number from the file name (`10-swing-yard.json` -> 10). */
  number: number;
  /** File name without the number and extension (`swing-yard`). */
  slug: string;
  /** The level's `id` field, when the file is JSON with a string id (else the slug). */
  id: string;
  /** The level's `name` field, when present. */
  name: string;
  /** File name, e.g. `10-swing-yard.json`. */
  file: string;
  text: string;
  /** What names this level in progress, the menus and the app: `10-swing-yard.json#swing-yard`
   *  (levelKey). Unique in a catalogue, since file names are. */
  key: string;
  /** Par, ticks: a target time for a good pair (parTicksFor the committed replay's finish), when
   *  the level has a replay that finishes it. */
  parTicks?: number;
  /** How many gems the level has, when it has any. */
  gemCount?: number;
  /** The world it belongs to (its `world` field; 1 when it names none or a wrong one). */
  world: WorldNumber;
}

/** Par from an expert replay's finish (ticks): half as long again, rounded up to whole 5 s. */
export function parTicksFor(replayTicks: number): number {
  const FIVE_S = 300;
  return Math.max(1, Math.ceil((replayTicks * 1.5) / FIVE_S)) * FIVE_S;
}

/** The key of the campaign level in file `file` with id `id`: progress is kept under it. */
export function levelKey(file: string, id: string): string {
  return `${file}#${id}`;
}

const FILE_NAME = /(?:^|\/)(\d+)-([^/]+)\.json$/;

/**
 * Builds the catalogue from `{ path: text }` (paths ending in `NN-slug.json`), sorted by number;
 * `replays` (`{ path: text }`, paths ending in `NN-slug.replay.json`) give the levels their par.
 */
export function createLevelCatalog(files: Record<string, string>, replays: Record<string, string> = {}): LevelEntry[] {
  const finishes = replayFinishes(replays);
  const entries: LevelEntry[] = [];
  for (const [path, text] of Object.entries(files)) {
    const match = FILE_NAME.exec(path);
    if (!match) continue;
    const slug = match[2];
    const head = readHead(text);
    const file = `${match[1]}-${slug}.json`;
    const id = head.id ?? slug;
    const entry: LevelEntry = { number: Number(match[1]), slug, id, name: head.name ?? slug, file, text, key: levelKey(file, id), world: head.world };
    const finish = finishes.get(file.replace(/\.json$/, ''));
    if (finish !== undefined) entry.parTicks = parTicksFor(finish);
    if (head.gems) entry.gemCount = head.gems;
    entries.push(entry);
  }
  return entries.sort((a, b) => a.number - b.number || a.slug.localeCompare(b.slug));
}

const REPLAY_NAME = /(?:^|\/)(\d+-[^/]+)\.replay\.json$/;

/** Ticks to the finish ((completedTick + 1)) of each replay that finishes its level, by level basename. */
function replayFinishes(replays: Record<string, string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [path, text] of Object.entries(replays)) {
    const match = REPLAY_NAME.exec(path);
    if (!match) continue;
    try {
      const tick: unknown = (JSON.parse(text) as { completedTick?: unknown }).completedTick;
      if (typeof tick === 'number' && Number.isInteger(tick) && tick >= 0 && tick < 1e9) out.set(match[1], tick + 1);
    } catch {
      // A broken replay gives no par; check-levels reports it.
    }
  }
  return out;
}

/** The id, name, gem count and world of a level file without validating it (parseLevel does that
 *  when it loads): read once here, so the menus never parse a level's text again. */
function readHead(text: string): { id?: string; name?: string; gems?: number; world: WorldNumber } {
  try {
    const json: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    if (typeof json !== 'object' || json === null) return { world: worldOfLevel(null) };
    const { id, name, gems } = json as { id?: unknown; name?: unknown; gems?: unknown };
    return {
      id: typeof id === 'string' ? id : undefined,
      name: typeof name === 'string' ? name : undefined,
      gems: Array.isArray(gems) ? gems.length : undefined,
      world: worldOfLevel(json),
    };
  } catch {
    return { world: worldOfLevel(null) };
  }
}

/**
 * The entry a `?level=` value names: a number (`2`, `02`), a slug or a level id, case-insensitive.
 * A missing or empty value picks the first level; an unknown one gives null.
 */
export function findLevel(catalog: readonly LevelEntry[], query: string | null): LevelEntry | null {
  const q = (query ?? '').trim().toLowerCase();
  if (q === '') return catalog[0] ?? null;
  if (/^\d+$/.test(q)) return catalog.find((e) => e.number === Number(q)) ?? null;
  const byFile = catalog.find((e) => e.file.toLowerCase() === q || e.file.toLowerCase() === `${q}.json`);
  return byFile ?? catalog.find((e) => e.slug.toLowerCase() === q || e.id.toLowerCase() === q) ?? null;
}

/** What `?level=` should say to open `entry` again: its id, or its file's name (`10-swing-yard`)
 *  when another level answers to that id or slug first (a copied file). */
export function levelQueryOf(catalog: readonly LevelEntry[], entry: LevelEntry): string {
  return findLevel(catalog, entry.id)?.key === entry.key ? entry.id : entry.file.replace(/\.json$/, '');
}

/** One line per level for messages, saying how to pick it: `?level=1 or ?level=first-gap · The First Gap`. */
export function describeCatalog(catalog: readonly LevelEntry[]): string[] {
  return catalog.map((e) => `?level=${e.number} or ?level=${isolateText(e.id)} · ${isolateText(e.name)}`);
}
