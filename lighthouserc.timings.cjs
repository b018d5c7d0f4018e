// `npm run bench`: the mobile pages of lighthouserc.cjs, three runs each, with the timings asserted on their median
// (largest paint within 0.95 s, no layout shift). They move with the machine's load: judge them on a quiet machine.
'use strict';
module.exports = require('./lighthouserc.cjs').configFor('mobile', { timings: true });
