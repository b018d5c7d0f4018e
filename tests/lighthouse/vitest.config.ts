import { defineConfig } from 'vitest/config';

// Lighthouse on the built site, alone (`npm run test:lighthouse`, in `npm run verify`),
// so that no other test shares the CPU it measures with.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/lighthouse/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
  },
});
