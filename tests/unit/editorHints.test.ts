// The editor keeps a level's teaching hints: opened, edited and exported, the file still has them
// (the editor has no tool for them yet, so dropping them silently would lose a designer's work),
// and growing or shrinking the grid on the left or top moves them with the world.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createEditorDoc, exportLevel, importLevelText, moveEntity, paintCells, resizeGrid, setLevelMeta, testPlayText, type LevelFile,
} from '../../src/editor/doc';
import { freshId, usedIds } from '../../src/editor/doc/entityQueries';
import { parseLevel } from '../../src/level/parseLevel';

const RAPPEL = readFileSync('levels/02-rappel.json', 'utf8');

function open(text: string): LevelFile {
  const imported = importLevelText(text);
  if (!imported.ok || !imported.valid) throw new Error(imported.ok ? imported.problems.join('\n') : imported.errors.join('\n'));
  return imported.level;
}

describe('editor: hints', () => {
  it('their ids are taken: a new entity never gets a hint\'s id (the level would then be refused)', () => {
    const level = open(RAPPEL);
    const hintId = level.hints![0].id;
    expect(usedIds(level).has(hintId)).toBe(true);
    expect(freshId(level, hintId)).not.toBe(hintId);
  });

  it('survive open, edits and export unchanged, and the exported file plays with them', () => {
    const original = open(RAPPEL);
    expect(original.hints?.length).toBeGreaterThan(0);
    const doc = createEditorDoc(original);
    doc.apply('Rename', (l) => setLevelMeta(l, { name: 'Rappel, again' }));
    doc.apply('Paint', (l) => paintCells(l, [{ col: 40, row: 2 }], '#'));
    doc.apply('Move', (l) => moveEntity(l, { kind: 'goal', id: 'goal' }, 2.5, 13.5));
    const exported = exportLevel(doc.level).level.text;
    expect(JSON.parse(exported).hints).toEqual(JSON.parse(RAPPEL).hints);
    const parsed = parseLevel(exported);
    expect(parsed.ok ? parsed.level.hints : parsed.errors).toEqual(JSON.parse(RAPPEL).hints);
    // A test-play plays the draft with its hints (so the designer sees the prompts).
    expect(JSON.parse(testPlayText(doc.level).text).hints).toEqual(JSON.parse(RAPPEL).hints);
  });

  it('move with the world when the grid grows on the left or top, and go when it shrinks under them', () => {
    const level = open(RAPPEL);
    const hints = level.hints!;
    const grown = resizeGrid(level, { left: 3, right: 0, top: 2, bottom: 0 });
    expect(grown.hints).toEqual(hints.map((h) => ({ ...h, x: h.x + 3, y: h.y + 2 })));
    expect(resizeGrid(grown, { left: -3, right: 0, top: -2, bottom: 0 }).hints).toEqual(hints);
    // Cutting the right side off past the shaft drops the hints there, and the level stays valid.
    const cut = resizeGrid(level, { left: 0, right: -13, top: 0, bottom: 0 });
    expect(cut.hints?.every((h) => h.x + h.w <= 37)).toBe(true);
    expect(cut.hints?.map((h) => h.id)).toEqual(['teach-rappel', 'teach-haul']);
    expect(parseLevel(exportLevel(cut).level.text).ok).toBe(true);
  });
});
