// Flat config: typescript-eslint for all TS, React hooks rules for the browser code,
// and import boundaries so that features never import upwards (see README "Architecture").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-mock/**',
      'data/**',
      'node_modules/**',
      'public/mockServiceWorker.js',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Code that also runs in the browser (the app, and the mocks' use of domain and core).
    files: ['src/domain/**/*.ts', 'src/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*'],
              message: 'src/domain and src/core run in the browser too: no Node-only API.',
            },
            { group: ['mongodb', 'fastify', '@fastify/*'], message: 'No server library in shared code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'mocks/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle reads the imported files: it needs to parse TypeScript.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      // Two files importing each other (directly or in a ring) hide which one owns the rule.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // domain is pure and shared: it imports nothing else of the project.
            { target: './src/domain', from: ['./src', './server', './mocks'], except: ['./domain'] },
            // core (services, the storage port, the in-memory store) uses domain and itself only.
            { target: './src/core', from: ['./src', './server', './mocks'], except: ['./domain', './core'] },
            // the server and the mocks may use src/domain and src/core only.
            { target: './server', from: './src', except: ['./domain', './core'] },
            { target: './mocks', from: './src', except: ['./domain', './core'] },
            // shared layers never import features or the app.
            {
              target: ['./src/api', './src/lib'],
              from: ['./src/app', './src/auth', './src/shell', './src/enrolment', './src/admin'],
            },
            // features never import the app layer.
            { target: ['./src/auth', './src/shell', './src/enrolment', './src/admin'], from: './src/app' },
          ],
        },
      ],
    },
  },
  prettier,
);
