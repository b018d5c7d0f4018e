import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
const url = process.argv[2] ?? 'http://localhost:4400/';
const preset = process.argv[3] ?? 'mobile';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync','--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'] });
const t = Date.now();
const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, preset === 'desktop' ? desktopConfig : undefined);
const lhr = result.lhr;
console.log(preset, Date.now() - t, 'ms', Object.fromEntries(Object.entries(lhr.categories).map(([k, v]) => [k, v.score])));
for (const id of ['first-contentful-paint','largest-contentful-paint','cumulative-layout-shift','total-blocking-time']) console.log(id, lhr.audits[id].numericValue);
for (const [id, a] of Object.entries(lhr.audits)) if (a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable') console.log('FAIL', id, a.score, a.displayValue ?? '', a.explanation ?? '');
if (lhr.runWarnings.length) console.log('warnings', lhr.runWarnings);
if (lhr.runtimeError) console.log('runtimeError', lhr.runtimeError);
await chrome.kill();
if (process.env.DETAIL) {
  for (const id of process.env.DETAIL.split(',')) console.log(id, JSON.stringify(lhr.audits[id]?.details, null, 1)?.slice(0, 3000));
}
console.log('benchmarkIndex', lhr.environment.benchmarkIndex);
const m = lhr.audits.metrics?.details?.items?.[0]; if (m) console.log(Object.fromEntries(Object.entries(m).filter(([k]) => /observed(FirstContentfulPaint|LargestContentfulPaint|Load|DomContentLoaded)$/.test(k))));
