// Runs `npm run build` and measures it: wall time and the peak memory of the
// whole process tree (npm, the shell, Astro and anything it starts), sampled
// from /proc every 50 ms. On a system without /proc the memory is not measured.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const pageSize = 4096;

/** Resident memory in bytes of a process and all its descendants. */
function treeRss(rootPid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may contain spaces: read after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      rss.set(Number(entry), Number(fields[21]) * pageSize);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended between listing and reading.
    }
  }
  let total = 0;
  const stack = [rootPid];
  for (let pid = stack.pop(); pid !== undefined; pid = stack.pop()) {
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

export interface BuildMeasurement {
  seconds: number;
  /** Null where there is no /proc to read it from. */
  peakMemoryBytes: number | null;
  output: string;
}

/** Builds the project in `cwd`. */
export function measureBuild(cwd: string): Promise<BuildMeasurement> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn('npm', ['run', 'build'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const canSample = existsSync('/proc/self/stat');
    let peak = 0;
    const sample = () => {
      if (canSample && child.pid !== undefined) peak = Math.max(peak, treeRss(child.pid));
    };
    const timer = setInterval(sample, 50);
    sample();
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) return reject(new Error(`npm run build failed (exit ${code}):\n${output.slice(-4000)}`));
      resolve({ seconds, peakMemoryBytes: canSample ? peak : null, output });
    });
  });
}
