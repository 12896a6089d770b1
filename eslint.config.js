// Flat config: typescript-eslint for all TS, React hooks rules for the browser code,
// and import boundaries so that features never import upwards (see README "Architecture").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const FEATURES = ['auth', 'shell', 'enrolment', 'admin'];

/** Which folder may import which (README "Architecture"). */
const ZONES = [
  // domain is pure and shared: it imports nothing else of the project.
  { target: './src/domain', from: ['./src', './server', './mocks'], except: ['./domain'] },
  // core (the storage port, the in-memory store, the checkout steps) uses domain and itself only.
  { target: './src/core', from: ['./src', './server', './mocks'], except: ['./domain', './core'] },
  // the server and the mocks may use src/domain and src/core only.
  { target: './server', from: './src', except: ['./domain', './core'] },
  { target: './mocks', from: './src', except: ['./domain', './core'] },
  // shared layers never import features or the app.
  { target: ['./src/api', './src/lib'], from: ['./src/app', ...FEATURES.map((f) => `./src/${f}`)] },
  // features never import the app layer.
  { target: FEATURES.map((f) => `./src/${f}`), from: './src/app' },
  // a feature never reaches into another one; the session slice of auth is the shell's state too,
  // and the wizard's (it starts the e-mail as the signed-in account's).
  ...FEATURES.map((feature) => ({
    target: `./src/${feature}`,
    from: FEATURES.filter((other) => other !== feature).map((other) => `./src/${other}`),
    except: feature === 'shell' || feature === 'enrolment' ? ['./authSlice.ts'] : [],
  })),
];

/** Only tests use the mocks; the app loads them in mock mode through main.tsx alone. */
const PRODUCTION_ZONES = [
  {
    target: [
      './src/app',
      './src/api',
      './src/lib',
      './src/domain',
      './src/core',
      ...FEATURES.map((f) => `./src/${f}`),
    ],
    from: './mocks',
  },
];

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
  // Type-aware: typescript-eslint's recommended set with the rules that need the types (unsafe
  // any, unawaited promises, needless assertions); plain JavaScript files are linted without types.
  ...tseslint.configs.recommendedTypeChecked,
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Where a mistake loses money or data: a promise nobody awaits (a write that fails silently)
    // or a promise passed where a plain callback is expected.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Ports, Fastify plugins and test doubles return promises by contract, even where one
      // implementation has nothing to await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
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
    // One import of React Router's <Link> anywhere, the admin panel's too, puts its framework-mode
    // parts back into every parent's first download (src/lib/links.tsx).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/**', 'src/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...['react-router-dom', 'react-router'].map((name) => ({
              name,
              importNames: ['Link', 'NavLink'],
              message:
                "Use Link and NavLink of src/lib/links.tsx: the router's own add 2.5 KB to every page.",
            })),
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
      // Two files importing each other (directly or in a ring) hide which one owns the rule. A ring
      // closed by a dynamic import only (a lazy chunk, lib/nextChunks.ts's prefetches) owns nothing.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...ZONES, ...PRODUCTION_ZONES] }],
    },
  },
  {
    // Tests read JSON answers field by field (typed `any` on purpose: the assertion is the check).
    files: [
      '**/*.test.{ts,tsx}',
      '**/*.spec.ts',
      'e2e/**/*.ts',
      'mocks/parity/**',
      '**/test-kit.ts',
      'server/store/contract.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Tests and their helpers may arrange data through the mocks.
    files: ['src/**/*.test.{ts,tsx}', 'src/**/testing.ts', 'src/**/*-testing.tsx', 'src/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: ZONES }] },
  },
  prettier,
);
