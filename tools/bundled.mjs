#!/usr/bin/env node
// `node tools/bundled.mjs <entry.ts> [args]`: runs a measuring tool on the sim as the game ships it.
// The entry is bundled with esbuild (every file of this repo it imports statically in one ES module;
// packages stay external) and run with node, tsx still registered for what it imports at run time
// (the level bots). Run from source through tsx, every imported binding is a getter call: ~15 % of
// the samples of a CPU profile of the bench's C200 from source (bench/run.ts bundles the same way).
// import.meta.url keeps pointing at the entry, so paths the tool finds from it stay right; a tool
// that runs itself again in a child process should use process.argv[1] (the bundle).
import { spawnSync } from 'node:child_process';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node tools/bundled.mjs <entry.ts> [args]');
  process.exit(2);
}
const source = resolve(entry);
const out = join(ROOT, 'node_modules', '.cache', 'ropebound-tools', `${basename(source, '.ts')}.mjs`);
await build({
  entryPoints: [source], outfile: out, bundle: true, format: 'esm', platform: 'node', target: 'node20',
  packages: 'external', logLevel: 'error', define: { 'import.meta.url': JSON.stringify(pathToFileURL(source).href) },
});
const run = spawnSync(process.execPath, [...process.execArgv, '--import', 'tsx', out, ...args], { stdio: 'inherit', cwd: process.cwd() });
process.exit(run.status ?? 1);
