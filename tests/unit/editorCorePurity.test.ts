// The editor's core (src/editor/doc) stays testable in Node: no pixi, howler or DOM, and of the
// layers only the level format and the sim. Browser APIs that Node 20 also has (IndexedDB through
// idb-keyval, CompressionStream, fetch, crypto) are allowed where storage and links need them.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = 'src/editor/doc';
const files = readdirSync(DIR).filter((f) => f.endsWith('.ts')).map((f) => join(DIR, f));
const code = (path: string) => readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/.*$/gm, ' ').replace(/'[^'\n]*'|`[^`]*`/g, "''");

describe('editor core purity', () => {
  it('finds the core', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('imports only the level format, the sim, valibot and idb-keyval', () => {
    for (const f of files) {
      const specs = [...readFileSync(f, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      for (const s of specs) {
        const ok = s.startsWith('./') || s.startsWith('../../level/') || s === '../../sim' || s === 'valibot' || s === 'idb-keyval';
        expect(ok, `${f} imports ${s}`).toBe(true);
      }
    }
  });

  it('touches no DOM (document, window, elements, localStorage)', () => {
    for (const f of files) {
      expect(code(f), f).not.toMatch(/\b(document|window|localStorage|sessionStorage|HTMLElement|requestAnimationFrame|navigator)\b/);
    }
  });
});
