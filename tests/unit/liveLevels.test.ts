// Live reload's decision (src/app/liveLevels.ts): only a changed text of the file being played
// acts; valid -> reload, invalid -> errors while the old version keeps running, and a later save
// of a good version (even the one already running) reloads and so clears the errors.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLevelCatalog } from '../../src/app/levelCatalog';
import { decideLiveUpdate, type LiveWatch } from '../../src/app/liveLevels';

const firstGap = readFileSync('levels/03-first-gap.json', 'utf8');
const swingYard = readFileSync('levels/10-swing-yard.json', 'utf8');

function withGoalX(text: string, x: number): string {
  const json = JSON.parse(text) as { goal: { x: number } };
  json.goal.x = x;
  return JSON.stringify(json, null, 2);
}

const catalog = (first: string, second = swingYard) =>
  createLevelCatalog({ '../../levels/03-first-gap.json': first, '../../levels/10-swing-yard.json': second });

describe('decideLiveUpdate', () => {
  const watching = (): LiveWatch => ({ file: '03-first-gap.json', seenText: firstGap });

  it('does nothing when no level file is being played (a dropped level)', () => {
    expect(decideLiveUpdate(null, catalog(withGoalX(firstGap, 30)))).toEqual({ kind: 'none' });
  });

  it('does nothing when the file being played did not change (another level was saved)', () => {
    expect(decideLiveUpdate(watching(), catalog(firstGap, withGoalX(swingYard, 20)))).toEqual({ kind: 'none' });
  });

  it('does nothing when the file being played was deleted: the game keeps it running', () => {
    const onlySwingYard = createLevelCatalog({ '../../levels/10-swing-yard.json': swingYard });
    expect(decideLiveUpdate(watching(), onlySwingYard)).toEqual({ kind: 'none' });
  });

  it('reloads a valid new version, with its parsed definition', () => {
    const update = decideLiveUpdate(watching(), catalog(withGoalX(firstGap, 30)));
    expect(update.kind).toBe('reload');
    if (update.kind !== 'reload') return;
    expect(update.entry.file).toBe('03-first-gap.json');
    expect(update.level.id).toBe('first-gap');
    expect(update.level.def.goal.x).toBe(30);
  });

  it('reports the errors of an invalid new version, naming the file and the JSON path', () => {
    const broken = firstGap.replace('"goal": {', '"goal": { "colour": 1,');
    expect(broken).not.toBe(firstGap);
    const update = decideLiveUpdate(watching(), catalog(broken));
    expect(update.kind).toBe('errors');
    if (update.kind !== 'errors') return;
    expect(update.title).toMatch(/levels\/03-first-gap\.json has errors; the last good version keeps running/);
    expect(update.errors.join('\n')).toMatch(/\$\.goal\.colour: 'goal': unknown field/);
  });

  it('reports text that is not JSON', () => {
    const update = decideLiveUpdate(watching(), catalog(firstGap.slice(0, 200)));
    expect(update.kind).toBe('errors');
  });

  it('after a broken save, saving the version that is running again reloads it (clearing the errors)', () => {
    const watch = watching();
    const broken = firstGap.replace('"tether": {', '"tether": { "length": -1, "x": 0,');
    const bad = decideLiveUpdate(watch, catalog(broken));
    expect(bad.kind).toBe('errors');
    if (bad.kind === 'errors') watch.seenText = bad.entry.text;
    expect(decideLiveUpdate(watch, catalog(broken))).toEqual({ kind: 'none' }); // same broken text again
    const fixed = decideLiveUpdate(watch, catalog(firstGap));
    expect(fixed.kind).toBe('reload');
  });
});
