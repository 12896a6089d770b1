// Writes scripts/test-durations.json, the unit tests' file durations that order a run on a machine
// without Vitest's cache (scripts/vitest-sequencer.ts), from that cache as the last run left it:
// `npm run test:unit`, then `npm run test:durations`. Run again when files are added or grow much
// longer; an out-of-date list only changes the order in which files start, never a result.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DURATIONS_FILE, type Durations } from './vitest-sequencer.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Vitest's results cache of the root configuration (which has no name): ResultsCache in vitest.
const cacheFile = path.join(
  root,
  'node_modules/.vite/vitest',
  crypto.createHash('sha1').update('').digest('hex'),
  'results.json',
);

interface Cached {
  results: Array<[string, { duration: number; failed: boolean }]>;
}

export function durationsFrom(cache: Cached, exists: (file: string) => boolean): Durations {
  const durations: Durations = {};
  const kept = cache.results
    .filter(([key, result]) => !result.failed && exists(key.slice(key.indexOf(':') + 1)))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // Tenths of a second: finer would only churn the file.
  for (const [key, result] of kept) durations[key] = Math.round(result.duration / 100) * 100;
  return durations;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!fs.existsSync(cacheFile)) {
    console.error('No Vitest results yet: run `npm run test:unit` first.');
    process.exit(1);
  }
  const cache = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as Cached;
  const durations = durationsFrom(cache, (file) => fs.existsSync(path.join(root, file)));
  fs.writeFileSync(DURATIONS_FILE, `${JSON.stringify(durations, null, 2)}\n`);
  console.log(
    `${Object.keys(durations).length} files' durations written to ${path.relative(root, DURATIONS_FILE)}`,
  );
}
