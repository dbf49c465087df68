import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
// eslint-plugin-jsx-a11y (6.10.2, the newest) declares ESLint ^9 at most; its maintained fork -x (es-tooling)
// supports ESLint 10 with the same rules, named jsx-a11y-x/*.
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import { boundariesPlugin } from './scripts/eslint/boundaries.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));

/** A preset's rules with every warning made an error (options kept; rules it turns off stay off). */
const asErrors = (rules) =>
  Object.fromEntries(
    Object.entries(rules).map(([name, setting]) => {
      const [level, ...options] = Array.isArray(setting) ? setting : [setting];
      return [name, [level === 'warn' || level === 1 ? 'error' : level, ...options]];
    }),
  );

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', 'deploy/.published/**', '.data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { fable: boundariesPlugin(root) },
    rules: {
      'fable/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'User text is never rendered as HTML.' },
      ],
    },
  },
  {
    // Code a person can read: no function over 150 lines, no file over 400. Tests (and e2e specs) and data files that
    // say so at their top are exempt.
    files: ['**/*.{ts,tsx,mjs,cjs}'],
    ignores: ['**/*.test.{ts,tsx}', 'e2e/specs/**', 'api/src/modules/characters/seed/englishFragments.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    // CommonJS helpers every kind of tool loads (scripts/lib/workspaces.cjs).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Routing and Redux reach the remotes through @fable/shared: one copy on the page, tree-shaken
    // (docs/adr/0002-lean-shared-runtime.md). Type-only imports are fine: they leave no code.
    files: ['mf-*/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-redux', '@reduxjs/toolkit', '@reduxjs/toolkit/query', '@reduxjs/toolkit/query/react'].map((name) => ({
            name,
            message: `Import it from @fable/shared: remotes use the host's one copy of ${name}.`,
            allowTypeImports: true,
          })),
        },
      ],
    },
  },
  {
    // The rules of React and its hooks, every one an error (hooks live in .ts files too).
    files: ['host/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: asErrors(reactHooks.configs.flat.recommended.rules),
  },
  {
    // Accessibility of the markup: the recommended rules, as errors.
    files: ['host/**/*.tsx', 'shared/**/*.tsx', 'mf-*/**/*.tsx'],
    ...jsxA11y.configs.recommended,
    rules: asErrors(jsxA11y.configs.recommended.rules),
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', Buffer: 'readonly' } },
  },
);
