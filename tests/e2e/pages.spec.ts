import { builtPages, onePageOfEachType } from '../support/dist';
import { sweepPages } from './support/page-sweep';

/*
 * The page sweep (support/page-sweep.ts) on every top-level page and one page
 * of each deeper kind (a service, a project, an expertise, an app policy, a
 * book, a chapter), which share their markup with the rest of their kind.
 * `npm run verify` sweeps every page (every-page.sweep.ts).
 */

const topLevel = builtPages()
  .map((built) => built.path)
  .filter((path) => path.split('/').length === 2);

sweepPages([...new Set([...topLevel, ...onePageOfEachType()])]);
