import { defineConfig } from 'vitest/config';

// Two projects: "unit" tests pure logic and the content files; "dist" checks the
// built site in dist/ (run after `astro build`, see package.json). Lighthouse has
// its own configuration (tests/lighthouse/vitest.config.ts), so that a plain
// `vitest run` never runs it beside other tests sharing the CPU time it scales.
export default defineConfig({
  resolve: {
    // The schemas in src/content.config.ts only need defineCollection at test time.
    alias: { 'astro:content': 'astro/content/config' },
  },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: { name: 'dist', include: ['tests/dist/**/*.test.ts'], environment: 'node', testTimeout: 120_000 },
      },
    ],
  },
});
