import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { durationsFrom } from './test-durations.ts';
import LongestFirst from './vitest-sequencer.ts';

const root = '/repo';
const spec = (project: string, file: string, isolate = false) =>
  ({
    project: { name: project, config: { isolate } },
    moduleId: `${root}/${file}`,
  }) as unknown as TestSpecification;

/** The sequencer over a Vitest whose cache knows `cached`, with `measured` as the committed list. */
function sequencer(
  cached: Record<string, { duration: number; failed: boolean }>,
  measured: Record<string, number>,
) {
  const ctx = {
    config: { root },
    cache: { getFileTestResults: (key: string) => cached[key] },
  } as unknown as Vitest;
  const sorter = new LongestFirst(ctx, measured);
  return async (files: TestSpecification[]) =>
    (await sorter.sort(files)).map((file) => `${file.project.name}:${file.moduleId.slice(root.length + 1)}`);
}

describe('the order in which the unit test files start', () => {
  const files = [
    spec('web', 'src/a.test.tsx'),
    spec('node', 'server/short.test.ts'),
    spec('node', 'server/crash.test.ts'),
    spec('web', 'src/b.test.tsx'),
    spec('node', 'server/new.test.ts'),
  ];
  const measured = {
    'node:server/short.test.ts': 500,
    'node:server/crash.test.ts': 44_000,
    'web:src/a.test.tsx': 1_000,
    'web:src/b.test.tsx': 20_000,
  };

  it('without a cache: project by project, a new file first, then the longest by the committed durations', async () => {
    expect(await sequencer({}, measured)(files)).toEqual([
      'node:server/new.test.ts',
      'node:server/crash.test.ts',
      'node:server/short.test.ts',
      'web:src/b.test.tsx',
      'web:src/a.test.tsx',
    ]);
  });

  it("with Vitest's cache: its durations win, and a file that failed last time goes first", async () => {
    const cached = {
      'node:server/short.test.ts': { duration: 90_000, failed: false },
      'web:src/a.test.tsx': { duration: 100, failed: true },
    };
    expect(await sequencer(cached, measured)(files)).toEqual([
      'node:server/new.test.ts',
      'node:server/short.test.ts',
      'node:server/crash.test.ts',
      'web:src/a.test.tsx',
      'web:src/b.test.tsx',
    ]);
  });

  it("an isolated project's files before a shared one's, as Vitest does", async () => {
    const mixed = [spec('web', 'src/shared.test.tsx'), spec('web', 'src/own.test.tsx', true)];
    expect(await sequencer({}, {})(mixed)).toEqual(['web:src/own.test.tsx', 'web:src/shared.test.tsx']);
  });
});

describe('the committed durations', () => {
  it('keeps the files that exist and passed, in key order, to the tenth of a second', () => {
    const cache = {
      results: [
        ['web:src/b.test.tsx', { duration: 20_049.7, failed: false }],
        ['node:server/gone.test.ts', { duration: 3_000, failed: false }],
        ['node:server/broken.test.ts', { duration: 12, failed: true }],
        ['node:server/crash.test.ts', { duration: 44_151, failed: false }],
      ] as Array<[string, { duration: number; failed: boolean }]>,
    };
    const exists = (file: string) => file !== 'server/gone.test.ts';
    expect(Object.entries(durationsFrom(cache, exists))).toEqual([
      ['node:server/crash.test.ts', 44_200],
      ['web:src/b.test.tsx', 20_000],
    ]);
  });
});
