// Gems in the editor: placed where the designer clicks (ids unique), then moved, duplicated and
// deleted like any entity, each one undo step; they move with the world when the grid grows on the
// left or top, survive export, and the exported level plays with them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createEditorDoc, deleteEntities, duplicateEntities, exportLevel, importLevelText, listEntities, moveEntity, resizeGrid,
  type LevelFile,
} from '../../src/editor/doc';
import { previewWorld } from '../../src/editor/ui/previewWorld';
import { placeEntity } from '../../src/editor/ui/place';
import { parseLevel } from '../../src/level/parseLevel';

const FIRST_GAP = readFileSync('levels/03-first-gap.json', 'utf8');

function open(text: string): LevelFile {
  const imported = importLevelText(text);
  if (!imported.ok || !imported.valid) throw new Error(imported.ok ? imported.problems.join('\n') : imported.errors.join('\n'));
  return imported.level;
}

describe('editor: gems', () => {
  it('a click places a gem with a fresh id; it is listed, drawn in the preview, and each change is one undo step', () => {
    const doc = createEditorDoc(open(FIRST_GAP)); // has 'chasm-gem'
    doc.apply('Place gem', (l) => placeEntity(l, 'gem', 10, 9).level);
    doc.apply('Place gem', (l) => placeEntity(l, 'gem', 12, 9).level);
    expect(doc.level.gems?.map((g) => [g.id, g.x, g.y])).toEqual([['chasm-gem', 18.4, 20.3], ['gem', 10, 9], ['gem-2', 12, 9]]);
    expect(listEntities(doc.level).filter((r) => r.kind === 'gem').map((r) => r.id)).toEqual(['chasm-gem', 'gem', 'gem-2']);
    expect(previewWorld(doc.level).gems).toEqual([{ x: 18.4, y: 20.3 }, { x: 10, y: 9 }, { x: 12, y: 9 }]);
    doc.apply('Move', (l) => moveEntity(l, { kind: 'gem', id: 'gem' }, 11, 8));
    expect(doc.level.gems?.[1]).toEqual({ id: 'gem', x: 11, y: 8 });
    doc.apply('Delete', (l) => deleteEntities(l, [{ kind: 'gem', id: 'gem-2' }]).level);
    expect(doc.level.gems?.map((g) => g.id)).toEqual(['chasm-gem', 'gem']);
    doc.undo();
    expect(doc.level.gems?.map((g) => g.id)).toEqual(['chasm-gem', 'gem', 'gem-2']);
    doc.undo();
    expect(doc.level.gems?.[1]).toEqual({ id: 'gem', x: 10, y: 9 });
  });

  it('duplicated with a new id and an offset; moved with the world when the grid grows left and up', () => {
    const level = open(FIRST_GAP);
    const dup = duplicateEntities(level, [{ kind: 'gem', id: 'chasm-gem' }], 1, 0);
    expect(dup.level.gems?.map((g) => [g.id, g.x, g.y])).toEqual([['chasm-gem', 18.4, 20.3], ['chasm-gem-2', 19.4, 20.3]]);
    const grown = resizeGrid(level, { left: 2, right: 0, top: 1, bottom: 0 });
    expect(grown.gems).toEqual([{ id: 'chasm-gem', x: 20.4, y: 21.3 }]);
  });

  it('survive export, and the exported level plays with them', () => {
    const doc = createEditorDoc(open(FIRST_GAP));
    doc.apply('Place gem', (l) => placeEntity(l, 'gem', 10, 9).level);
    const text = exportLevel(doc.level).level.text;
    const parsed = parseLevel(text);
    expect(parsed.ok && parsed.def.gems).toEqual([{ x: 18.4, y: 20.3 }, { x: 10, y: 9 }]);
  });
});
