// Par times (src/app/levelCatalog.ts): each campaign level's par comes from its committed replay's
// finish, half as long again and rounded up to whole 5 s, so a pair has a target a little slower
// than the expert run; a level without a finishing replay has none.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLevelCatalog, parTicksFor } from '../../src/app/levelCatalog';

const files = (dir: string, suffix: string): Record<string, string> => Object.fromEntries(
  readdirSync(dir).filter((f) => f.endsWith(suffix)).map((f) => [`../../${dir}/${f}`, readFileSync(`${dir}/${f}`, 'utf8')]),
);

describe('par', () => {
  it('is 1.5 times the replay, rounded up to whole 5 s', () => {
    expect(parTicksFor(612)).toBe(1200); // 10.2 s -> 15.3 s -> 20 s
    expect(parTicksFor(600)).toBe(900); // 10 s -> 15 s exactly
    expect(parTicksFor(1)).toBe(300);
    expect(parTicksFor(2152)).toBe(3300); // 35.9 s -> 53.8 s -> 55 s
  });

  it('every campaign level gets its par from its committed replay; a broken or missing replay gives none', () => {
    const levels = files('levels', '.json');
    const replays = files('levels/replays', '.replay.json');
    const catalog = createLevelCatalog(levels, replays);
    expect(catalog.length).toBeGreaterThanOrEqual(8);
    for (const entry of catalog) {
      const replay = JSON.parse(replays[`../../levels/replays/${entry.file.replace(/\.json$/, '')}.replay.json`]) as { completedTick: number };
      expect(entry.parTicks).toBe(parTicksFor(replay.completedTick + 1));
      expect(entry.parTicks! / 60).toBeGreaterThan((replay.completedTick + 1) / 60 * 1.5 - 1e-9);
    }
    const first = catalog[0].file.replace(/\.json$/, '');
    const broken = createLevelCatalog(levels, { ...replays, [`../../levels/replays/${first}.replay.json`]: '{ not json' });
    expect(broken[0].parTicks).toBeUndefined();
    expect(createLevelCatalog(levels)[0].parTicks).toBeUndefined();
  });
});
