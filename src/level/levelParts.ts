// Validation in stages: the schema's issues do not end the check. What passed the schema (every
// section, and every list entry on its own) goes on to the checks that need the whole level, so a
// file's errors all come out in one pass: a bad box width no longer hides a rope naming a missing
// anchor. What failed is left out of the later stages (its own errors are already reported), and a
// reference to an entry that failed is not reported again as "no box with id ...".

import type * as v from 'valibot';
import type { LevelFile } from './levelSchema';

/** More entries than this in a list fail it as a whole (256 is the schema's longest list). */
const MAX_LIST_LENGTH = 256;

/** The level's lists of entities: checked entry by entry. */
export const LIST_KEYS = ['spawns', 'anchors', 'boxes', 'ropes', 'platforms', 'checkpoints', 'gems', 'hints'] as const;
export type ListKey = typeof LIST_KEYS[number];

/** The level as far as the schema passed it. */
export interface LevelParts {
  /**
   * The file's object with each list holding only the entries that passed, in file order. A
   * section that failed ('tiles', 'goal', 'tether', 'physics') is still there, unchecked: read it
   * only when `hasFailed(section)` is false.
   */
  level: LevelFile;
  /** True when this section (or a whole list) failed the schema. */
  hasFailed(section: string): boolean;
  /** The JSON path of the k-th kept entry of a list: `$.boxes[3]` when boxes 0-2 passed and 3 is k = 3,
   *  or when box 1 failed and k = 2. */
  at(list: ListKey, k: number): string;
  /** True when some entry of this list with this id, or with no readable id, failed the schema: a
   *  reference to it is not an error again (it may be the one meant). */
  isFailedId(list: ListKey, id: string): boolean;
  /** True when the list, or any entry of it, failed the schema. */
  hasFailedIn(list: ListKey): boolean;
  /** True when any list entry or section failed: the level is refused whatever the later stages find. */
  hasAnyFailure: boolean;
}

/** Splits a schema-checked file into what passed and what failed, by the issues' paths. */
export function levelParts(json: Record<string, unknown>, issues: ReadonlyArray<v.BaseIssue<unknown>> | undefined): LevelParts {
  const failedSections = new Set<string>();
  const failedEntries = new Map<string, Set<number>>();
  for (const issue of issues ?? []) {
    const path = issue.path;
    const top = path?.[0]?.key;
    if (typeof top !== 'string') {
      failedSections.add('$'); // an issue about the whole file
      continue;
    }
    if (failedSections.has(top)) continue; // (100k broken spawns: 400k issues)
    const list = json[top];
    const entry = path![1]?.key;
    if (typeof entry !== 'number' || !Array.isArray(list) || !(LIST_KEYS as readonly string[]).includes(top)) {
      failedSections.add(top);
      continue;
    }
    // More entries than any list may hold: the schema said so (or will once the entries are
    // fixed); the list as a whole is what failed.
    if (list.length > MAX_LIST_LENGTH) {
      failedSections.add(top);
      continue;
    }
    let set = failedEntries.get(top);
    if (!set) failedEntries.set(top, (set = new Set()));
    set.add(entry);
  }
  const index = {} as Record<ListKey, number[]>;
  const failedIds = {} as Record<ListKey, Set<string>>;
  const hasIdless = {} as Record<ListKey, boolean>;
  const level: Record<string, unknown> = { ...json };
  for (const key of LIST_KEYS) {
    index[key] = [];
    failedIds[key] = new Set();
    const list = json[key];
    if (!Array.isArray(list) || failedSections.has(key)) {
      // Missing (optional lists) or failed as a whole: nothing to check further.
      if (failedSections.has(key)) hasIdless[key] = true; // a whole list failed: any id may be in it
      if (failedSections.has(key)) level[key] = key === 'spawns' ? [] : undefined;
      continue;
    }
    const bad = failedEntries.get(key);
    const kept: unknown[] = [];
    list.forEach((entry, i) => {
      if (bad?.has(i)) {
        const id = (entry as { id?: unknown } | null)?.id;
        if (typeof id === 'string') failedIds[key].add(id);
        else hasIdless[key] = true;
        return;
      }
      kept.push(entry);
      index[key].push(i);
    });
    level[key] = kept;
  }
  return {
    level: level as unknown as LevelFile,
    hasFailed: (section) => failedSections.has(section) || failedSections.has('$'),
    at: (list, k) => `$.${list}[${index[list][k] ?? k}]`,
    isFailedId: (list, id) => hasIdless[list] === true || failedIds[list].has(id),
    hasFailedIn: (list) => failedSections.has(list) || failedEntries.has(list),
    hasAnyFailure: failedSections.size > 0 || failedEntries.size > 0,
  };
}
