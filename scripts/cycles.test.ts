// `npm run lint:cycles` (issue 58): dependency-cruiser with the project's configuration refuses an
// import circle made of type-only imports, which ESLint's import-x/no-cycle lets through. (The
// project's own tree is checked by `npm test`'s static step.)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const depcruise = (...targets: string[]) =>
  spawnSync(
    path.join(root, 'node_modules/.bin/node'),
    [
      path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'),
      ...targets,
      '--config',
      '.dependency-cruiser.mjs',
    ],
    { cwd: root, encoding: 'utf8' },
  );

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('lint:cycles', () => {
  it('refuses two files that import only types from each other', () => {
    fs.writeFileSync(
      path.join(dir, 'record.ts'),
      "import type { Price } from './price.ts';\nexport interface Order { price: Price }\n",
    );
    fs.writeFileSync(
      path.join(dir, 'price.ts'),
      "import type { Order } from './record.ts';\nexport interface Price { order?: Order; total: number }\n",
    );
    const run = depcruise(dir);
    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain('no-circular');
    expect(run.stdout).toMatch(/record\.ts[\s\S]*price\.ts/);
  }, 60_000);
});
