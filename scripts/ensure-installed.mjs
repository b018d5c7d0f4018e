#!/usr/bin/env node
// Runs `npm ci` only when node_modules is missing or older than package-lock.json,
// so `npm start` works on a fresh clone without reinstalling (and rewriting the
// lock file) on every call. npm keeps its record of what it installed in
// node_modules/.package-lock.json; a lock file newer than that record means drift.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';

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
