#!/usr/bin/env node
// Makes sure a Chromium binary exists for the browser tests (playwright-core never downloads one).
// Order: $CHROMIUM_PATH, /usr/bin/chromium, else `apt-get install chromium` when running as root.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';
const MESSAGE =
  "Chromium not found: install it with 'sudo apt-get install chromium' (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium/Chrome binary.";

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasCommand(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function found() {
  const env = process.env.CHROMIUM_PATH;
  if (env) return isExecutable(env) ? env : null; // an explicit path wins; do not silently ignore it
  return isExecutable(DEFAULT_PATH) ? DEFAULT_PATH : null;
}

if (found()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!process.env.CHROMIUM_PATH && isRoot && hasCommand('apt-get')) {
  console.log('Chromium not found: installing it with apt-get (Debian package "chromium")...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env }).status === 0;
  if (run(['update']) && run(['install', '-y', 'chromium']) && found()) {
    console.log(`Chromium installed at ${DEFAULT_PATH}`);
    process.exit(0);
  }
}

console.error(
  process.env.CHROMIUM_PATH
    ? `Chromium not found: CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file; point it at a Chromium/Chrome binary or unset it.`
    : MESSAGE,
);
process.exit(1);
