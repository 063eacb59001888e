#!/usr/bin/env node
// Makes sure a Chromium binary exists for the browser tests (playwright-core never downloads one).
// Order: $CHROMIUM_PATH, /usr/bin/chromium, else `apt-get install chromium` when running as root.
// The tests run faster in Debian's headless shell of the same Chromium (tools/chromium.ts,
// testChromiumPath): it is installed with Chromium, or later when apt lists it, and where it
// cannot be the tests use /usr/bin/chromium.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';
const SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell'; // tools/chromium.ts HEADLESS_SHELL_PATH
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

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const canInstall = !process.env.CHROMIUM_PATH && isRoot && hasCommand('apt-get');
const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const apt = (args) => spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env: aptEnv }).status === 0;
let isUpdated = false;
const install = (pkg) => (isUpdated ||= apt(['update'])) && apt(['install', '-y', pkg]);

/** apt already lists the package (no `apt-get update` first: npm test must not run one every time where there is none). */
const isKnownToApt = (pkg) => spawnSync('apt-cache', ['show', pkg], { stdio: 'ignore' }).status === 0;

if (found()) {
  if (canInstall && !isExecutable(SHELL_PATH) && isKnownToApt('chromium-headless-shell')) {
    console.log('Installing Debian\'s "chromium-headless-shell" (the browser tests run faster in it)...');
    if (!install('chromium-headless-shell') || !isExecutable(SHELL_PATH)) {
      console.log(`could not install it; the browser tests use ${DEFAULT_PATH}`);
    }
  }
  process.exit(0);
}

if (canInstall) {
  console.log('Chromium not found: installing it with apt-get (Debian packages "chromium" and "chromium-headless-shell")...');
  if (install('chromium') && found()) {
    console.log(`Chromium installed at ${DEFAULT_PATH}`);
    if (!install('chromium-headless-shell')) console.log(`could not install the headless shell; the browser tests use ${DEFAULT_PATH}`);
    process.exit(0);
  }
}

console.error(
  process.env.CHROMIUM_PATH
    ? `Chromium not found: CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file; point it at a Chromium/Chrome binary or unset it.`
    : MESSAGE,
);
process.exit(1);
