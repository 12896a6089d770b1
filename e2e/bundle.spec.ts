import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';

// Checks on the production build the web server just made (dist/): MSW never ships to parents,
// and the parents' first download stays small.
const dist = path.resolve('dist');
const assets = () => fs.readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));

test('the production build contains no MSW code, no mock worker and no server-side core', () => {
  expect(fs.existsSync(path.join(dist, 'mockServiceWorker.js'))).toBe(false);
  // Markers of the mocks, and of the business core they run (the services, NeDB): texts that
  // survive minification.
  const markers = [
    'setupWorker',
    'mockServiceWorker',
    'escenario',
    'MOCK_CREDENTIALS',
    'unique index not created',
    'payment gateway unreachable',
    'Field names cannot begin with the $ character',
  ];
  for (const file of assets()) {
    const code = fs.readFileSync(path.join(dist, 'assets', file), 'utf8');
    for (const marker of markers) {
      expect(code.includes(marker), `${marker} in ${file}`).toBe(false);
    }
  }
});

/** The scripts index.html loads before anything else: the parents' first download. */
function initialScripts(): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/src="?\/assets\/([^"\s>]+\.js)/g)].map((match) => match[1]!);
}

test("the parents' initial JavaScript stays under its budget, admin code excluded", () => {
  const initial = initialScripts();
  expect(initial.length).toBeGreaterThan(0);
  expect(initial.some((file) => file.startsWith('admin'))).toBe(false);
  const gzip = initial.reduce(
    (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, 'assets', file))).length,
    0,
  );
  console.log(`initial JS: ${initial.join(', ')} = ${(gzip / 1024).toFixed(1)} KB gzip`);
  // Measured at 194.3 KB with the admin panel (188.8 KB before it: webpack keeps one copy of the
  // Redux Toolkit, immer and react-redux modules the parents share with the admin chunk, with the
  // exports both use). The budget catches any admin library imported eagerly.
  expect(gzip).toBeLessThan(197 * 1024);
});

test("no admin screen, RTK Query, table or chart code is in the parents' initial JavaScript", () => {
  const initial = initialScripts();
  const admin = fs.readdirSync(path.join(dist, 'assets')).filter((file) => /^admin.*\.js$/.test(file));
  expect(admin.length).toBeGreaterThan(0);
  // Texts and names that only the admin chunks have (checked to be there, so the test can fail).
  const markers = [
    'Panel de Administración', // admin layout
    'Usuario sin permisos de administrador', // admin login
    'refetchOnMountOrArgChange', // RTK Query's createApi
    'getToggleSortingHandler', // TanStack Table
    'Failed to create chart', // Chart.js
  ];
  const adminCode = admin.map((file) => fs.readFileSync(path.join(dist, 'assets', file), 'utf8')).join('\n');
  for (const marker of markers)
    expect(adminCode.includes(marker), `${marker} in the admin chunks`).toBe(true);
  for (const file of initial) {
    const code = fs.readFileSync(path.join(dist, 'assets', file), 'utf8');
    for (const marker of markers) expect(code.includes(marker), `${marker} in ${file}`).toBe(false);
  }
});
