import { builtPages, onePageOfEachType } from '../support/dist';
import { sweepPages } from './support/page-sweep';

/*
 * The page sweep (support/page-sweep.ts) on one page of each kind: every
 * top-level page but two of the four policies, which share one template,
 * and one of each deeper kind (a service, a
 * project, an expertise, an app policy, a book, a chapter).
 * `npm run verify` sweeps every page (every-page.sweep.ts).
 */

// [policy].astro: /terms-and-conditions (in onePageOfEachType()) and /shipping-policy, the one with a table, stand
// for these.
const policies = /^\/(privacy-policy|refunds-and-cancellations)$/;
const topLevel = builtPages()
  .map((built) => built.path)
  .filter((path) => path.split('/').length === 2 && !policies.test(path));

sweepPages([...new Set([...topLevel, ...onePageOfEachType()])]);
