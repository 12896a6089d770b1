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
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'mocks/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // domain is pure and shared: it imports nothing else of the project.
            { target: './src/domain', from: ['./src', './server', './mocks'], except: ['./domain'] },
            // the server and the mocks may use src/domain only.
            { target: './server', from: './src', except: ['./domain'] },
            { target: './mocks', from: './src', except: ['./domain'] },
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
