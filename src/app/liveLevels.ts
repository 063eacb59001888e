// Live level reload: what to do when the level files change under a running game (dev server).
// `decideLiveUpdate` is pure (tests feed it catalogues): only a change to the file being played
// matters; a valid new version reloads, an invalid one shows its errors while the last good
// version keeps running, and a later valid save (or an undo) clears them and loads.

import { isolateText } from '../level/levelText';
import { parseLevel } from '../level/parseLevel';
import type { LevelEntry } from './levelCatalog';

/** What the live reload knows about the level being played from levels/. */
export interface LiveWatch {
  /** The catalogue file being played, e.g. `03-first-gap.json`. */
  file: string;
  /** The file's text as last seen (valid or not): a save that does not change it is ignored. */
  seenText: string;
}

type ParsedOk = Extract<ReturnType<typeof parseLevel>, { ok: true }>;

export type LiveUpdate =
  /** Not the level being played, or its text did not change, or it was deleted (keep playing). */
  | { kind: 'none' }
  /** The played file changed and is valid: load it. */
  | { kind: 'reload'; entry: LevelEntry; level: ParsedOk }
  /** The played file changed and is invalid: show these, keep the last good version running. */
  | { kind: 'errors'; entry: LevelEntry; title: string; errors: string[] };

/**
 * The action for a new catalogue while `watch` is being played (null: nothing from levels/ is
 * being played, e.g. a dropped file). The caller sets `watch.seenText = entry.text` for any
 * action but 'none'.
 */
export function decideLiveUpdate(watch: LiveWatch | null, catalog: readonly LevelEntry[]): LiveUpdate {
  if (!watch) return { kind: 'none' };
  const entry = catalog.find((e) => e.file === watch.file);
  if (!entry || entry.text === watch.seenText) return { kind: 'none' };
  const parsed = parseLevel(entry.text);
  if (parsed.ok) return { kind: 'reload', entry, level: parsed };
  return { kind: 'errors', entry, title: liveErrorTitle(entry.file), errors: parsed.errors };
}

/** The error box title for a saved level that does not load. */
export function liveErrorTitle(file: string): string {
  return `levels/${isolateText(file)} has errors; the last good version keeps running until you save a fixed one`;
}
