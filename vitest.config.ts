import { defineConfig } from 'vitest/config';

// Four projects: "unit" tests pure logic and the content files; "dist" checks the
// built site in dist/ (run after `astro build`, see package.json); "fault" kills
// the local server in a burst of submissions and "load" sends it 100 (both in
// `npm run verify`, as they take a while). Lighthouse runs through Lighthouse CI.
export default defineConfig({
  resolve: {
    // The schemas in src/content.config.ts only need defineCollection at test time.
    alias: { 'astro:content': 'astro/content/config' },
  },
  test: {
    // Many files wait on a server or a build of their own: two at once, where vitest's default on two cores is one.
    // One value for every project, as vitest asks when projects run together.
    maxWorkers: 2,
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
        },
      },
      {
        // The SIGKILL fault test starts the local server twice and sends a burst: in `npm run verify`, on its own.
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
