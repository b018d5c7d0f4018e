#!/usr/bin/env node
// @ts-check
// Runs before `npm start`, `npm test` and `npm run verify` (their pre-scripts),
// and before anything is installed: first it checks that this Node is one the
// locked dependencies support (package.json's engines, which .ci/run checks
// with `--check-node` too), then it runs `npm ci` only when node_modules is
// missing or older than package-lock.json, so `npm start` works on a fresh clone
// without reinstalling (and rewriting the lock file) on every call. npm keeps
// its record of what it installed in node_modules/.package-lock.json; a lock
// file newer than that record means drift.
//
// It stays JavaScript, unlike the other scripts: it must run on whatever Node
// the machine has, to say which one is needed, and Node before 22.18 cannot run
// TypeScript. `// @ts-check` has `astro check` type-check it all the same.
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
