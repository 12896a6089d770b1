// The order in which Vitest starts the test files. Vitest starts the longest first when its cache
// (node_modules/.vite/vitest) knows their durations; a fresh clone has no cache, and there it
// started the server files by size and the component tests last, which then ran on alone: 124-138 s
// against 110-122 s with the cache (docs/performance.md, "Test suite time"). This is Vitest's own
// order with durations measured here and committed as the fallback (scripts/test-durations.json,
// written anew by `npm run test:durations`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification, type Vitest } from 'vitest/node';

export const DURATIONS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-durations.json');

/** Milliseconds a file took, by Vitest's cache key (`project:path from the root`). */
export type Durations = Record<string, number>;

export function readDurations(file = DURATIONS_FILE): Durations {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Durations;
  } catch {
    return {};
  }
}

export default class LongestFirst extends BaseSequencer {
  private readonly measured: Durations;

  constructor(ctx: Vitest, measured = readDurations()) {
    super(ctx);
    this.measured = measured;
  }

  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const key = (spec: TestSpecification) => `${spec.project.name}:${path.relative(root, spec.moduleId)}`;
    const cached = (spec: TestSpecification) => this.ctx.cache.getFileTestResults(key(spec));
    const duration = (spec: TestSpecification) => cached(spec)?.duration ?? this.measured[key(spec)];
    return Promise.resolve(
      [...files].sort((a, b) => {
        // As Vitest: the projects one after the other, a project's isolated files first.
        if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
        if (a.project.config.isolate !== b.project.config.isolate) return a.project.config.isolate ? -1 : 1;
        // A file that failed last time first, then files never measured (new ones), then the longest.
        const failedA = cached(a)?.failed ?? false;
        const failedB = cached(b)?.failed ?? false;
        if (failedA !== failedB) return failedA ? -1 : 1;
        const durationA = duration(a);
        const durationB = duration(b);
        if (durationA === undefined || durationB === undefined)
          return durationA === undefined ? (durationB === undefined ? 0 : -1) : 1;
        return durationB - durationA;
      }),
    );
  }
}
