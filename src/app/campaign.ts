// Campaign rules: the built-in levels in catalogue order, which of them are open, and what comes
// after a level. Level 1 is always open; level N opens once level N-1 is finished, or when the
// designers' unlock-all switch is on. Levels are named by their catalogue key (file and id), never
// by id alone: a copied file with the same id neither shares records nor changes what comes next.
// Pure: progress and catalogue are handed in.

import { TICK_HZ } from '../sim';
import type { LevelEntry } from './levelCatalog';
import { levelRecord, type Progress } from './progress';

/** One row of the level select. */
export interface CampaignLevel {
  entry: LevelEntry;
  /** 1-based position in the campaign (what the player sees; file numbers may have gaps). */
  position: number;
  isUnlocked: boolean;
  isFinished: boolean;
  /** Best time in ticks, or null when never finished. */
  bestTicks: number | null;
  /** Most gems collected in one clear (0 when none or never finished). */
  mostGems: number;
}

export function isFinished(progress: Progress, entry: LevelEntry): boolean {
  return levelRecord(progress, entry.key) !== undefined;
}

/** Whether the level at `index` in `catalog` may be started from the level select. */
export function isUnlocked(catalog: readonly LevelEntry[], progress: Progress, index: number): boolean {
  if (index < 0 || index >= catalog.length) return false;
  if (index === 0 || progress.unlockAll) return true;
  return isFinished(progress, catalog[index - 1]);
}

export function campaignLevels(catalog: readonly LevelEntry[], progress: Progress): CampaignLevel[] {
  return catalog.map((entry, i) => ({
    entry,
    position: i + 1,
    isUnlocked: isUnlocked(catalog, progress, i),
    isFinished: isFinished(progress, entry),
    bestTicks: levelRecord(progress, entry.key)?.bestTicks ?? null,
    mostGems: levelRecord(progress, entry.key)?.mostGems ?? 0,
  }));
}

/** The campaign level after the one keyed `levelKey` in campaign order, or null after the last
 *  one (or for a level not in it). */
export function nextLevel(catalog: readonly LevelEntry[], levelKey: string): LevelEntry | null {
  const i = catalog.findIndex((e) => e.key === levelKey);
  return i >= 0 && i + 1 < catalog.length ? catalog[i + 1] : null;
}

/** Where the level select's cursor starts: the first open level not yet finished, else level 1. */
export function firstUnfinished(catalog: readonly LevelEntry[], progress: Progress): number {
  for (let i = 0; i < catalog.length; i++) {
    if (!isUnlocked(catalog, progress, i)) break;
    if (!isFinished(progress, catalog[i])) return i;
  }
  return 0;
}

/**
 * The key that a stored record belongs to when its own key names no level of `catalog`: version 1's
 * records (a bare level id) and records of a level whose file was renumbered (`05-swing-yard.json#swing-yard`
 * once the campaign grew and it became 10-swing-yard.json) go to the first level in campaign order
 * with that id (the original, where a copy came later); null when the key is current or no level
 * has the id. For progress.ts claimLegacy.
 */
export function legacyKeyOf(catalog: readonly LevelEntry[], id: string): string | null {
  if (catalog.some((e) => e.key === id)) return null;
  const bareId = id.slice(id.lastIndexOf('#') + 1);
  return catalog.find((e) => e.id === bareId)?.key ?? null;
}

/** A run's time for people: ticks at 60 per second, two decimals (`741` -> `12.35 s`). */
export function formatTicks(ticks: number, digits = 2): string {
  return `${(ticks / TICK_HZ).toFixed(digits)} s`;
}
