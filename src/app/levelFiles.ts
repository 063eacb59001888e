// The level and replay files bundled as text, and their live updates while `npm run dev` runs.
// This is the one module that globs levels/: it accepts its own hot updates, so saving (or adding)
// a level file re-runs only this module and tells the subscribers, instead of reloading the page.

/** Every `levels/NN-slug.json`, by path (`../../levels/03-first-gap.json`). */
export const levelTexts: Record<string, string> = import.meta.glob<string>('../../levels/[0-9]*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Every committed replay, `levels/replays/<level basename>.replay.json`, by path. Solo replays
 *  (`*.solo.replay.json`) are proofs for check-levels only: left out of the game's bundle. */
export const replayTexts: Record<string, string> = import.meta.glob<string>(['../../levels/replays/*.replay.json', '!../../levels/replays/*.solo.replay.json'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

export interface LevelFiles {
  levelTexts: Record<string, string>;
  replayTexts: Record<string, string>;
}

type Listener = (files: LevelFiles) => void;

/**
 * Calls `listener` with the new texts whenever a level or replay file is saved, added or removed
 * (dev server only; a production build never calls it). Returns an unsubscribe function.
 */
export function onLevelFilesChanged(listener: Listener): () => void {
  const listeners = hotListeners();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The listeners outlive each hot re-run of this module: they live in `import.meta.hot.data`, which
// vite hands from one version of the module to the next (a module-level Set would start empty).
function hotListeners(): Set<Listener> {
  if (!import.meta.hot) return new Set();
  const data = import.meta.hot.data as { listeners?: Set<Listener> };
  data.listeners ??= new Set();
  return data.listeners;
}

if (import.meta.hot) {
  // Registered by each version; vite calls the previous version's callback with the new module.
  import.meta.hot.accept((next) => {
    if (!next) return;
    const files: LevelFiles = { levelTexts: next.levelTexts as Record<string, string>, replayTexts: next.replayTexts as Record<string, string> };
    for (const listener of hotListeners()) listener(files);
  });
}
