import { builtPages } from '../support/dist';
import { sweepPages } from './support/page-sweep';

/* The page sweep (support/page-sweep.ts) on every page of the built site: minutes, so `npm run verify` runs it. */

sweepPages(builtPages().map((built) => built.path));
