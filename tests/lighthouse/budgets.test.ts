import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lighthouseTargets } from '../../support/budgets.ts';
import { chromePath, measure } from '../../scripts/bench/lighthouse.ts';
import { freePort, serveDist } from '../../scripts/bench/server.ts';
import { distRoot } from '../support/dist';

/*
 * Lighthouse on the built site, served as `npm run bench` serves it (HTTP/2 with
 * TLS, compressed, Netlify's headers), one page of every type, mobile and
 * desktop: what this machine's speed cannot change. Accessibility, best
 * practices and SEO score 100 (the 404 page without the three audits a correct
 * "not found" answer fails), nothing is fetched from outside the machine, and
 * Lighthouse names the largest element, whose paint waits for no font, script,
 * style sheet or icon: nothing but the page and, at most, images.
 *
 * The timings (the performance score, mobile LCP within 0.95 s and 1.15× its floor, CLS 0) depend on
 * the CPU Lighthouse gets, so a test would pass or fail on the machine's load:
 * `npm run bench -- --check` judges them by the median of three runs on a quiet
 * machine (docs/decisions.md, "Performance budgets").
 */

const root = resolve(import.meta.dirname, '../..');
let server: Awaited<ReturnType<typeof serveDist>>;

// Starting the server packages the functions as a deploy does: seconds on a quiet machine, a minute or more on a busy one.
beforeAll(async () => {
  server = await serveDist(root, await freePort(4500, 4599));
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

/** The categories whose audits read the page, not the clock. */
const untimed = ['accessibility', 'best-practices', 'seo'] as const;

const targets = lighthouseTargets(distRoot).filter((target) => target.path);

describe.each(['mobile', 'desktop'] as const)('Lighthouse, %s', (preset) => {
  it.each(targets.map((target) => [`${target.type} ${target.path}`, target] as const))(
    '%s scores 100 where timing plays no part, and stays on this machine',
    async (_name, target) => {
      const result = await measure(`${server.secureOrigin}${target.path}`, preset, {
        chromePath,
        runs: 1,
        ignoreStatusCode: target.ignoreStatusCode ?? false,
      });
      expect(result.scores, `Lighthouse completed a run: ${result.errors.join('; ')}`).not.toBeNull();
      const scores = result.notFound?.scores ?? result.scores!;
      expect(Object.fromEntries(untimed.map((category) => [category, scores[category]]))).toEqual({
        accessibility: 100,
        'best-practices': 100,
        seo: 100,
      });
      expect(result.medianRun?.outbound).toEqual([]);
      expect(result.medianRun?.lcpElement, 'the largest element').toBeTruthy();
      // Each request that ends before the largest paint is a cost Lighthouse's model puts on the way to it. The hero
      // video is not: it starts only once the page has loaded and the browser is idle, so it cannot hold up a paint,
      // but on a busy machine it can finish before the largest paint reaches the screen.
      const waitedFor = (result.medianRun?.beforeLcp ?? []).filter(
        (request) => request.resourceType !== 'Image' && !/\/video\/hero\.(webm|mp4)$/.test(request.url),
      );
      expect(waitedFor, 'requests that ended before the largest paint').toEqual([]);
    },
    240_000,
  );
});
