import { defineConfig } from 'vitest/config';

// Three projects: "unit" tests pure logic and the content files; "dist" checks the
// built site in dist/ (run after `astro build`, see package.json); "lighthouse"
// measures the built site with Lighthouse, alone, after everything else, so no
// other test shares the CPU time it scales.
export default defineConfig({
  resolve: {
    // The schemas in src/content.config.ts only need defineCollection at test time.
    alias: { 'astro:content': 'astro/content/config' },
  },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'dist', include: ['tests/dist/**/*.test.ts'], environment: 'node', testTimeout: 120_000 } },
      { extends: true, test: { name: 'lighthouse', include: ['tests/lighthouse/**/*.test.ts'], environment: 'node', testTimeout: 240_000 } },
    ],
  },
});
