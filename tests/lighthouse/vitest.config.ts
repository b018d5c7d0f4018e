import { defineConfig } from 'vitest/config';

// Lighthouse on the built site, alone (`npm run test:lighthouse`, last in `npm test`):
// no other test may share the CPU time Lighthouse scales into its timings.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/lighthouse/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
  },
});
