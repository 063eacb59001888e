// The sim must stay pure (DESIGN.md §1): it imports only bitecs and itself, and never touches the
// DOM, clocks, randomness or engine-dependent Math. This scan fails the suite if it does.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SIM = resolve('src/sim');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Source with comments and string contents blanked, so words in prose don't count. */
function codeOnly(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/.*$/gm, ' ');
}

const FORBIDDEN = [
  /\bwindow\b/, /\bdocument\b/, /\bnavigator\b/, /\blocalStorage\b/, /\bperformance\b/, /\bDate\b/,
  /\bprocess\b/, /\bsetTimeout\b/, /\bsetInterval\b/, /\brequestAnimationFrame\b/, /\bglobalThis\b/,
  /Math\.random/, /Math\.(sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|exp|expm1|log|log2|log10|log1p|pow|hypot|cbrt)\b/,
];

describe('sim purity', () => {
  const files = tsFiles(SIM);

  it('finds the sim sources', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((f) => [relative(SIM, f), f]))('%s imports only bitecs and src/sim', (_name, file) => {
    const source = readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)]
      .map((m) => m[1] ?? m[2]);
    for (const spec of specifiers) {
      if (spec === 'bitecs') continue;
      expect(spec.startsWith('.'), `${spec} is a package other than bitecs`).toBe(true);
      const target = resolve(dirname(file), spec);
      expect(target.startsWith(SIM), `${spec} leaves src/sim`).toBe(true);
    }
  });

  it.each(files.map((f) => [relative(SIM, f), f]))('%s uses no DOM, clock, randomness or engine-dependent Math', (_name, file) => {
    const code = codeOnly(readFileSync(file, 'utf8'));
    for (const pattern of FORBIDDEN) expect(code, `matches ${pattern}`).not.toMatch(pattern);
  });
});
