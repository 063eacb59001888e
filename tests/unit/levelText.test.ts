// Level text inside the game's own sentences is isolated (a right-to-left override in it reversed
// the words after it), and values read from files are shown as what they are (1e309 was "null").

import { describe, expect, it } from 'vitest';
import { describeCatalog, createLevelCatalog } from '../../src/app/levelCatalog';
import { balanceIsolates, isolateText, showValue } from '../../src/level/levelText';
import { parseLevel } from '../../src/level/parseLevel';

const FSI = '\u2068';
const PDI = '\u2069';
const RLO = '\u202E';

describe('isolateText', () => {
  it('leaves printable ASCII alone and isolates anything else', () => {
    expect(isolateText('The First Gap')).toBe('The First Gap');
    expect(isolateText(`evil${RLO}name`)).toBe(`${FSI}evil${RLO}name${PDI}`);
    expect(isolateText('שלום')).toBe(`${FSI}שלום${PDI}`);
  });

  it('balances the text\'s own isolates: a stray PDI cannot close ours, an open one is closed', () => {
    expect(balanceIsolates(`a${PDI}${RLO}b`)).toBe(`a${RLO}b`);
    expect(balanceIsolates(`a${FSI}b`)).toBe(`a${FSI}b${PDI}`);
    expect(balanceIsolates(`a\u2067b${PDI}c${PDI}`)).toBe(`a\u2067b${PDI}c`);
    expect(isolateText(`${PDI}${RLO}x`)).toBe(`${FSI}${RLO}x${PDI}`);
  });

  it('isolates level text in the messages: a bad id in a level, a ?level= value\'s catalogue', () => {
    const level = { format: 'ropebound-level', version: 2, id: 'x', name: 'x', tiles: ['..', '##'], spawns: [{ id: `p${RLO}1`, player: 1, x: 1, y: 1 }], goal: { id: 'g', x: 0, y: 0, w: 1, h: 1 }, tether: { length: 2, segments: 2 } };
    const result = parseLevel(JSON.stringify(level));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toContain(`$.spawns[0].id: '${FSI}p${RLO}1${PDI}': must be 1-40 letters, digits, _ or -`);
    const catalog = createLevelCatalog({ '01-evil.json': JSON.stringify({ id: 'evil', name: `Evil ${RLO}name` }) });
    expect(describeCatalog(catalog)).toEqual([`?level=1 or ?level=evil · ${FSI}Evil ${RLO}name${PDI}`]);
  });
});

describe('showValue', () => {
  it('shows an infinite number as what it is (JSON.stringify wrote "null")', () => {
    expect(showValue(JSON.parse('1e309'))).toBe('a number too large to hold — 1e309 and beyond read as Infinity');
    expect(showValue(JSON.parse('-1e309'))).toBe('a number too far below zero to hold — -1e309 and beyond read as -Infinity');
    expect(showValue(32)).toBe('32');
    expect(showValue(null)).toBe('null');
  });

  it('is short and never recursive', () => {
    expect(showValue('v'.repeat(500))).toBe(`"${'v'.repeat(37)}..."`);
    expect(showValue(JSON.parse('['.repeat(10_000) + ']'.repeat(10_000)))).toBe('[...]');
    expect(showValue({ a: 1 })).toBe('{...}');
  });
});
