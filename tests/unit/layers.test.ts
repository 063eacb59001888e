// The layers of DESIGN.md section 1, enforced beside the sim's purity test (purity.test.ts): which
// folder of src/ may import which, code outside the sim reaches it only through src/sim/index.ts,
// tools and the bench never import tests, nothing imports main.ts, and src/ has no import cycle
// (type-only imports count: a cycle of types is still a knot a reader has to untie).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve('.');

function tsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return tsFiles(path);
    return /\.(ts|mts|mjs)$/.test(path) ? [path] : [];
  });
}

/** Import specifiers of a source file (static, re-exports, type-only and dynamic with a literal). */
function specifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/^\s*\/\/.*$/gm, ' ');
  return [...code.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)]
    .map((m) => m[1] ?? m[2] ?? m[3]);
}

/** The repo file a relative specifier names (x.ts, x/index.ts or x itself), or null for packages. */
function resolveSpecifier(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec.replace(/\?.*$/, ''));
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base; // unresolved (an asset or a typo): still checked by path
}

interface Edge { from: string; to: string }

const files = [...tsFiles('src'), ...tsFiles('tools'), ...tsFiles('bench'), ...tsFiles('tests')].map((f) => resolve(f));
const edges: Edge[] = files.flatMap((from) => specifiers(readFileSync(from, 'utf8'))
  .map((spec) => resolveSpecifier(from, spec))
  .filter((to): to is string => to !== null)
  .map((to) => ({ from, to })));

const rel = (p: string) => relative(ROOT, p);
/** 'sim', 'render', ... for a file in src/<layer>/, 'main' for src/main.ts, else the top folder. */
function layerOf(path: string): string {
  const parts = rel(path).split('/');
  if (parts[0] !== 'src') return parts[0];
  return parts.length === 2 ? parts[1].replace(/\.ts$/, '') : parts[1];
}

/** What each layer of src/ may import (besides itself). app and main wire everything together. */
const ALLOWED: Record<string, readonly string[]> = {
  sim: [],
  level: ['sim'],
  input: ['sim'],
  audio: ['sim'],
  render: ['sim'],
  ui: ['sim', 'level', 'input'], // level: levelText.ts, how a level's names are shown (bidi-isolated)
  editor: ['sim', 'level', 'render', 'ui', 'input'],
  app: ['sim', 'level', 'render', 'ui', 'input', 'audio', 'editor'],
  main: ['sim', 'level', 'render', 'ui', 'input', 'audio', 'editor', 'app'],
};

describe('layers', () => {
  it('finds the sources and their imports', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(edges.length).toBeGreaterThan(300);
  });

  it('each folder of src/ imports only the layers below it (ui does not import app)', () => {
    const broken = edges
      .filter((e) => rel(e.from).startsWith('src/'))
      .filter((e) => {
        const from = layerOf(e.from);
        const to = layerOf(e.to);
        if (from === to) return false;
        if (!rel(e.to).startsWith('src/')) return true; // src never imports tools, tests or bench
        return !(ALLOWED[from] ?? []).includes(to);
      })
      .map((e) => `${rel(e.from)} -> ${rel(e.to)}`);
    expect(broken).toEqual([]);
  });

  it('code outside src/sim reaches the sim only through src/sim/index.ts (tests may import the module they test)', () => {
    const broken = edges
      .filter((e) => !rel(e.from).startsWith('src/sim/') && !rel(e.from).startsWith('tests/'))
      .filter((e) => rel(e.to).startsWith('src/sim/') && rel(e.to) !== 'src/sim/index.ts')
      .map((e) => `${rel(e.from)} -> ${rel(e.to)}`);
    expect(broken).toEqual([]);
  });

  it('tools and the bench do not import tests', () => {
    const broken = edges
      .filter((e) => /^(tools|bench)\//.test(rel(e.from)) && rel(e.to).startsWith('tests/'))
      .map((e) => `${rel(e.from)} -> ${rel(e.to)}`);
    expect(broken).toEqual([]);
  });

  it('nothing imports src/main.ts', () => {
    expect(edges.filter((e) => rel(e.to) === 'src/main.ts').map((e) => rel(e.from))).toEqual([]);
  });

  it('src/ has no import cycle', () => {
    const graph = new Map<string, string[]>();
    for (const e of edges) {
      if (!rel(e.from).startsWith('src/') || !rel(e.to).startsWith('src/')) continue;
      graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
    }
    // Tarjan's strongly connected components: any with more than one file (or a self-import) is a cycle.
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    let next = 0;
    const visit = (v: string): void => {
      index.set(v, next);
      low.set(v, next++);
      stack.push(v);
      onStack.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) !== index.get(v)) return;
      const component: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); component.push(rel(w)); } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    };
    for (const v of graph.keys()) if (!index.has(v)) visit(v);
    expect(cycles).toEqual([]);
  });
});
