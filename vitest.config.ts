import { defineConfig } from 'vitest/config';

// Four projects: "unit" tests pure logic and the content files; "dist" checks the
// built site in dist/ (run after `astro build`, see package.json); "fault" kills
// the local server in a burst of submissions; "load" sends 100 submissions to the
// local server (in `npm run verify`, as it takes a while). Lighthouse runs through Lighthouse CI (lighthouserc.cjs).
export default defineConfig({
  resolve: {
    // The schemas in src/content.config.ts only need defineCollection at test time.
    alias: { 'astro:content': 'astro/content/config' },
  },
  test: {
    projects: [
      // tests/attacks/ holds the attack tests, each named for the attack it tries: *.dist.test.ts need dist/.
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/attacks/**/*.test.ts'],
          exclude: ['tests/attacks/**/*.dist.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'dist',
          include: ['tests/dist/**/*.test.ts', 'tests/attacks/**/*.dist.test.ts'],
          exclude: ['tests/dist/load.test.ts', 'tests/dist/crash-restart.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          // Most files wait on a server or a build of their own: two at once, not one as on two cores by default.
          maxWorkers: 2,
        },
      },
      {
        // The SIGKILL fault test starts the local server twice and sends a burst: it runs on its own, after the rest.
        extends: true,
        test: {
          name: 'fault',
          include: ['tests/dist/crash-restart.test.ts'],
          environment: 'node',
          testTimeout: 480_000,
        },
      },
      {
        extends: true,
        test: { name: 'load', include: ['tests/dist/load.test.ts'], environment: 'node', testTimeout: 330_000 },
      },
    ],
  },
});
