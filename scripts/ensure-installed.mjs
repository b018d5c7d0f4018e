#!/usr/bin/env node
// @ts-check
// Runs before `npm start`, `npm test` and `npm run verify`: checks that this Node is one package.json's engines
// allow (.ci/run uses `--check-node`), then runs `npm ci` only when node_modules is missing or older than the lock
// file (npm's own record, node_modules/.package-lock.json). JavaScript, not TypeScript, so that any Node can run it
// to say which Node is needed; `// @ts-check` still has `astro check` check it.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';

/** @param {string} version "22.22.3" @returns {number[]} */
const parts = (version) => version.split('.').map(Number);

/** @param {number[]} a @param {number[]} b @returns {number} */
function compare(a, b) {
  for (let index = 0; index < 3; index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * Whether `version` is in `range`, a list of "^X.Y.Z" and ">=X.Y.Z" joined by "||" (the forms
 * package.json's engines uses; any other form is an error, so that a new one is not misread).
 * @param {string} version @param {string} range @returns {boolean}
 */
function satisfies(version, range) {
  const current = parts(version);
  return range.split('||').some((alternative) => {
    const match = /^\s*(\^|>=)(\d+\.\d+\.\d+)\s*$/.exec(alternative);
    if (!match) throw new Error(`package.json engines.node: cannot read "${alternative.trim()}"`);
    const floor = parts(match[2] ?? '');
    return compare(current, floor) >= 0 && (match[1] === '>=' || current[0] === floor[0]);
  });
}

/** @type {{ engines: { node: string } }} */
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const needed = manifest.engines.node;
if (!satisfies(process.versions.node, needed)) {
  console.error(
    `Node ${process.versions.node} is not supported here: the locked dependencies need Node ${needed} ` +
      '(package.json "engines"). Install Node 24 (https://nodejs.org) and run the command again.',
  );
  process.exit(1);
}
if (process.argv.includes('--check-node')) process.exit(0);

/** @param {string} path @returns {number | undefined} */
const modified = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
};

const installed = modified('node_modules/.package-lock.json');
const locked = modified('package-lock.json');
if (installed === undefined || (locked !== undefined && locked > installed)) {
  console.log(
    installed === undefined ? 'Installing dependencies (npm ci)…' : 'package-lock.json changed: reinstalling (npm ci)…',
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  process.exit(result.status ?? 1);
}
