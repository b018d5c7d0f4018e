// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * One lint set-up for every file: TypeScript's recommended rules, Astro's, React
 * hooks' and jsx-a11y's for the islands. The TypeScript rules read syntax only,
 * not types: `npm run check` type-checks every file already, and typescript-eslint's
 * type-aware set multiplied lint's time several times over (and would need fixes in
 * 88 places first). Formatting is Prettier's job alone, so its conflicting rules are off.
 * eslint-plugin-jsx-a11y-x is the maintained fork of jsx-a11y that supports
 * ESLint 10 (the original's peer range stops at ESLint 9).
 */
export default defineConfig(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.netlify/',
      '.data/',
      '.lighthouseci/',
      'playwright-report/',
      'test-results/',
      'public/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused bindings named with a leading underscore are deliberate (a destructured value left out on purpose).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrors: 'none',
        },
      ],
    },
  },
  {
    // Lighthouse CI loads its configuration (lighthouserc.cjs) with require(), so it is CommonJS.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/islands/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    // The fork's type declarations do not describe its default export as an ESLint plugin, though it is one.
    plugins: { 'jsx-a11y-x': /** @type {import('eslint').ESLint.Plugin} */ (jsxA11y) },
    rules: {
      ...jsxA11y.configs.strict.rules,
      // An island renders the server's HTML first and switches to its enhanced state once hydrated, or reads what
      // only the browser has (a saved draft, the address); that switch is a state update in an effect by design.
      'react-hooks/set-state-in-effect': 'off',
      // A focus listener on a <form> notes that the visitor engaged with it; it adds no interaction of its own.
      'jsx-a11y-x/no-noninteractive-element-interactions': ['error', { form: ['onFocus'] }],
      // A region that scrolls sideways must take focus, or a keyboard cannot scroll it (WCAG 2.1.1).
      'jsx-a11y-x/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }],
    },
  },
  {
    // A modal dialog moves focus to its first field when it opens (the WAI-ARIA dialog pattern); only dialogs may.
    files: ['src/islands/dialogs/**/*.tsx'],
    rules: { 'jsx-a11y-x/no-autofocus': 'off' },
  },
  prettier,
);
