// The pages of lighthouserc.cjs with Lighthouse's desktop preset, one run each: what it asserts reads the page, not
// the clock.
'use strict';
module.exports = require('./lighthouserc.cjs').configFor('desktop');
