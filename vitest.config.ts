import { defineConfig } from 'vitest/config';

// Two projects: the browser code runs in jsdom, the server, domain and mocks in Node.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/domain/**', 'src/core/**'],
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'src/domain/**/*.test.ts',
            'src/core/**/*.test.ts',
            'mocks/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 20000,
        },
      },
    ],
  },
});
