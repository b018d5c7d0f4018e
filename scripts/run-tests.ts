// `npm test` and `npm run verify`: the test tiers, with the independent ones at
// the same time so that both cores work. A plan is a list of phases; a phase is
// a list of lanes that run side by side; a lane is npm scripts run one after the
// other. A phase starts when the one before it passed. On the first failure the
// other lanes are stopped and the run ends with status 1.
//
// Each lane's output is printed as a block when the lane ends, so two tiers'
// lines never interleave; a line says when each script starts and how long it took.
//
//   node scripts/run-tests.ts test     what `npm test` runs
//   node scripts/run-tests.ts verify   what `npm run verify` runs
import { spawn, type ChildProcess } from 'node:child_process';

/** Phases, each a list of lanes that run side by side, each lane npm scripts one after the other. */
const plans: Record<string, string[][][]> = {
  test: [
    // Nothing here needs the build; `check` and `build` share Astro's generated
    // types in .astro/, so they take turns.
    [['lint'], ['test:unit'], ['check', 'build']],
    // The built site, its files and the local server beside the browser tests, which take about as long.
    [['test:dist'], ['test:e2e']],
  ],
  // The slow suites on a fresh build, one at a time: the sweep of every page in Chromium, the local server
  // killed in a burst and then loaded with a hundred submissions, then Lighthouse CI (lighthouserc.cjs), alone
  // so that nothing shares the CPU it measures with.
  verify: [[['build', 'test:pages', 'test:fault', 'test:load', 'test:lighthouse']]],
};

const plan = plans[process.argv[2] ?? ''];
if (!plan) {
  console.error(`Usage: node scripts/run-tests.ts ${Object.keys(plans).join(' | ')}`);
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const running = new Set<ChildProcess>();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** Runs one npm script, keeping its output; resolves with whether it passed. */
function runScript(script: string, output: Buffer[]): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`▶ ${script}`);
    // Its own process group (not on Windows), so a failure elsewhere can stop it with everything it started.
    const child = spawn(npm, ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      shell: process.platform === 'win32',
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    running.add(child);
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      const passed = code === 0;
      output.push(
        Buffer.from(
          `${passed ? '✔' : '✘'} ${script} ${passed ? 'passed' : `failed (${signal ?? code})`} in ${seconds(started)}\n`,
        ),
      );
      resolve(passed);
    });
  });
}

/*
 * Stops the other lanes with SIGINT, as Ctrl+C would: Playwright then stops the
 * server it started for the browser tests, which SIGTERM would leave running,
 * orphaned, on its port (where the next run would find a stale server). A lane
 * still running 30 seconds later is killed.
 */
function stopAll() {
  const signal = (child: ChildProcess, name: NodeJS.Signals) => {
    try {
      if (process.platform === 'win32') child.kill();
      else if (child.pid !== undefined) process.kill(-child.pid, name);
    } catch {
      // It has just ended.
    }
  };
  for (const child of running) signal(child, 'SIGINT');
  setTimeout(() => {
    for (const child of running) signal(child, 'SIGKILL');
  }, 30_000).unref();
}

let failed = false;

async function runLane(scripts: string[]): Promise<boolean> {
  const output: Buffer[] = [];
  let passed = true;
  for (const script of scripts) {
    if (failed) break;
    passed = await runScript(script, output);
    if (!passed) break;
  }
  process.stdout.write(Buffer.concat(output));
  if (!passed && !failed) {
    failed = true;
    stopAll();
  }
  return passed;
}

process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

const started = Date.now();
for (const phase of plan) {
  await Promise.all(phase.map(runLane));
  if (failed) break;
}
console.log(failed ? `\nFailed after ${seconds(started)}.` : `\nAll passed in ${seconds(started)}.`);
process.exitCode = failed ? 1 : 0;
