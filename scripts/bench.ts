// `npm run bench` (not a test: timings depend on the machine and on what else it runs). One run,
// one table, all on this machine:
//   1. API overhead: a bare Fastify route, GET /api/health and GET /api/semanas/findbycamp/:id with
//      a parent's token, each under the same load (autocannon, 10 connections, in a worker thread
//      so that it takes no time from the server it measures), as ratios to the bare route, taking
//      turns BENCH_ROUNDS times (default 3, BENCH_SECONDS / 2 each) and reporting medians;
//   2. checkout: scripts/bench-checkout.ts at 20 connections (paid enrolments/s, p99) and its race
//      of 300 parents for 25 places;
//   3. Lighthouse mobile (the lighthouse package on the test browser, simulated slow 4G and 4x CPU
//      slowdown, its defaults) on /login, /register and the signed-in /calendario, three runs each,
//      median: cold (the browser's cache emptied before every run, as a phone that never saw the
//      site: a parent opening the link from WhatsApp) and warm (a second visit) apart.
//      BENCH_SCHOOL=1 audits the same pages of another school of the platform too (issue 55): one
//      created on its own host (tigres.localhost, which the browser takes to this machine), with a
//      name of its own and the demo camp.
// BENCH_SECONDS (default 8) sets the checkout load's length; BENCH_ONLY=api|checkout|lighthouse runs one part
// (BENCH_PAGES and BENCH_CACHE narrow Lighthouse's, below).
// The figures and the command go to docs/performance.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chooseChromium } from '../e2e/browser.ts';
import { buildIfStale } from './build.ts';
import { benchApp } from './bench-app.ts';
import { benchParents } from './bench-load.ts';
import { seedDemoData } from '../src/core/seed.ts';
import { demoCart } from '../src/core/checkout/fixtures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** API loads: each target this many times, in turns (BENCH_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const API_SECONDS = Math.max(2, Math.round(SECONDS / 2));
const ONLY = process.env.BENCH_ONLY;
const runs = (part: string) => !ONLY || ONLY === part;
const rows: string[][] = [];

await buildIfStale();
const OTHER_SCHOOL = process.env.BENCH_SCHOOL === '1';
const { app, url, parent, token, camp, apiHeaders, close } = await benchApp({
  staticDir: path.join(root, 'dist'),
  platform: OTHER_SCHOOL,
});

/** Where a parent is signed in for the audits: the deployment's school, and maybe another. */
interface AuditedSchool {
  label: string;
  url: string;
  parent: string;
  token: string;
  campId: string;
}
const audited: AuditedSchool[] = [{ label: '', url, parent, token, campId: camp._id }];
if (OTHER_SCHOOL) audited.push(await otherSchool());

/** A school created as the platform creates one, on tigres.localhost, named by its administrator. */
async function otherSchool(): Promise<AuditedSchool> {
  const id = 'tigres';
  const school = await app.schools.create({
    id,
    name: 'Escuela Los Tigres',
    hosts: [`${id}.localhost`],
    admin_email: 'direccion@tigres.do',
    admin_password: 'clave-segura-bench',
  });
  await seedDemoData(school.store);
  const headers = { 'x-account-id': id };
  const login = await app.inject({
    method: 'POST',
    url: '/api/usuarios/login',
    headers,
    payload: { email: 'direccion@tigres.do', password: 'clave-segura-bench' },
  });
  const adminToken = login.json<{ result: { token: string } }>().result.token;
  const named = await app.inject({
    method: 'POST',
    url: '/api/ajustes/escuela',
    headers: { ...headers, authorization: `Bearer ${adminToken}` },
    payload: { name: 'Escuela Los Tigres' },
  });
  if (named.statusCode !== 200) throw new Error(`naming the school: ${named.statusCode} ${named.body}`);
  let parentId = '';
  const [parentToken] = await benchParents(
    school.store,
    (userId) => {
      parentId = userId;
      return app.signSchoolToken(id, userId);
    },
    1,
  );
  const { camp: own } = await demoCart(school.store);
  return {
    label: ' (another school)',
    url: url.replace('127.0.0.1', `${id}.localhost`),
    parent: parentId,
    token: parentToken!,
    campId: own._id,
  };
}

async function load(target: string, headers: Record<string, string> = {}, duration = API_SECONDS) {
  const result = await autocannon({ url: target, connections: 10, duration, headers, workers: 1 });
  if (result.non2xx || result.errors)
    throw new Error(`${target}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

if (runs('api')) {
  // The baseline: Fastify with one route and nothing else, in this process like the app.
  // findbycamp's answer (the demo camp's weeks, a few KB) is served bare too: its ratio to that
  // route is the platform's overhead, not the cost of sending more bytes.
  const weeksAddress = `${url}/api/semanas/findbycamp/${camp._id}`;
  const weeksAnswer: unknown = await (await fetch(weeksAddress, { headers: apiHeaders })).json();
  const bare = Fastify();
  bare.get('/bare', async () => ({ status: 'ok' }));
  bare.get('/bare-weeks', async () => weeksAnswer);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as { port: number }).port;
  // The machine's speed drifts from one minute to the next (other tenants), so the four loads take
  // turns, ROUNDS times, and each ratio is the median of the rounds' ratios: a load is only ever
  // compared with the bare route measured seconds before it.
  const targets = {
    bare: { url: `http://127.0.0.1:${barePort}/bare`, headers: {} },
    bareWeeks: { url: `http://127.0.0.1:${barePort}/bare-weeks`, headers: {} },
    health: { url: `${url}/api/health`, headers: {} },
    weeks: { url: weeksAddress, headers: apiHeaders },
  };
  type Target = keyof typeof targets;
  const rounds: Array<Record<Target, autocannon.Result>> = [];
  await load(targets.bare.url); // warms up both servers' code and the load generator
  for (let round = 0; round < ROUNDS; round += 1) {
    const results = {} as Record<Target, autocannon.Result>;
    for (const [name, target] of Object.entries(targets) as Array<[Target, (typeof targets)[Target]]>)
      results[name] = await load(target.url, target.headers);
    rounds.push(results);
  }
  await bare.close();
  if (process.env.BENCH_VERBOSE)
    for (const round of rounds)
      console.log(
        Object.entries(round)
          .map(([name, result]) => `${name} ${Math.round(result.requests.average)}`)
          .join(', '),
      );
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const rate = (name: Target) => median(rounds.map((round) => round[name].requests.average));
  const p99 = (name: Target) => median(rounds.map((round) => round[name].latency.p99));
  const ratio = (name: Target, base: Target) =>
    median(rounds.map((round) => round[name].requests.average / round[base].requests.average));
  const line = (label: string, name: Target, base: Target, baseName: string) => [
    label,
    `${Math.round(rate(name))} req/s`,
    `p99 ${p99(name)} ms`,
    `${ratio(name, base).toFixed(2)} of ${baseName}`,
  ];
  rows.push(line('bare Fastify route', 'bare', 'bare', 'bare'));
  rows.push(line('bare route, same answer as findbycamp', 'bareWeeks', 'bare', 'bare'));
  rows.push(line('GET /api/health', 'health', 'bare', 'bare'));
  rows.push(line('GET /api/semanas/findbycamp/:id (token)', 'weeks', 'bare', 'bare'));
  rows.push(
    line('  the same, against its own answer served bare', 'weeks', 'bareWeeks', 'bare, same answer'),
  );
}

if (runs('checkout')) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/bench-checkout.ts')], {
    cwd: root,
    env: { ...process.env, BENCH_CONNECTIONS: '20', BENCH_SECONDS: String(SECONDS) },
    encoding: 'utf8',
  });
  const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as {
    throughput: { checkoutsPerSecond: number; latencyMs: { p99: number }; non2xx: number };
    race: { parents: number; places: number; paid: number; quota_f_left: number; other: number };
    holdRace: {
      parents: number;
      places: number;
      cartShare: number;
      held: number;
      paid: number;
      paidWithoutHold: number;
    };
  };
  rows.push([
    'checkout, 20 connections',
    `${Math.round(report.throughput.checkoutsPerSecond)} paid/s`,
    `p99 ${report.throughput.latencyMs.p99} ms`,
    `${report.throughput.non2xx} refused`,
  ]);
  rows.push([
    `race: ${report.race.parents} parents, ${report.race.places} places`,
    `${report.race.paid} paid`,
    `${report.race.quota_f_left} left`,
    result.status === 0 ? 'exact' : 'NOT EXACT',
  ]);
  rows.push([
    `race with holds: ${report.holdRace.parents} hold, then pay, for ${report.holdRace.places} places`,
    `${report.holdRace.held} held (carts' share ${report.holdRace.cartShare})`,
    `${report.holdRace.paid} paid (${report.holdRace.paidWithoutHold} without a hold)`,
    result.status === 0 ? 'exact' : 'NOT EXACT',
  ]);
}

/**
 * BENCH_DETAILS=1: where a page's time goes, per run: the requests (start and end in ms from the
 * navigation, as observed on this machine, before Lighthouse's simulated throttling), the LCP
 * element and its phases (simulated), and the long tasks (observed).
 */
function printDetails(title: string, audits: Record<string, { details?: unknown }>) {
  type Row = Record<string, unknown>;
  type Table = { items?: Row[] };
  const rowsOf = (id: string) => (audits[id]?.details as Table | undefined)?.items ?? [];
  const lines = [`--- ${title}`];
  for (const item of rowsOf('network-requests')) {
    const address = String(item.url).replace(url, '');
    lines.push(
      `  ${Math.round(Number(item.networkRequestTime))}-${Math.round(Number(item.networkEndTime))} ms ${address}`,
    );
  }
  // Lighthouse 13 reports the LCP element and its subparts in the breakdown insight (observed).
  const breakdown = rowsOf('lcp-breakdown-insight') as Array<Table & { type?: string; snippet?: string }>;
  const element = breakdown.find((item) => item.type === 'node');
  lines.push(`  LCP element: ${element?.snippet ?? '(none)'}`);
  for (const part of breakdown.find((item) => item.type === 'table')?.items ?? []) {
    lines.push(`    ${String(part.subpart)}: ${Math.round(Number(part.duration))} ms`);
  }
  for (const task of rowsOf('long-tasks')) {
    const source = typeof task.url === 'string' ? task.url.replace(url, '') : '';
    lines.push(
      `  long task at ${Math.round(Number(task.startTime))} ms: ${Math.round(Number(task.duration))} ms ${source}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (runs('lighthouse')) {
  const browser = chooseChromium();
  const debuggingPort = 9333;
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'escuela-lighthouse-'));
  // A persistent profile: the tabs Lighthouse opens share its storage, where a parent's token is.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: browser.executablePath,
    env: { ...process.env, ...browser.env },
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
  });
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  async function audit(
    school: AuditedSchool,
    name: string,
    address: string,
    signedIn: boolean,
    cold: boolean,
  ) {
    const { url } = school;
    const page = await context.newPage();
    await page.goto(`${url}/app-config.js`);
    await page.evaluate(
      ([signedInToken, userId, campId]) => {
        localStorage.clear();
        if (signedInToken) {
          localStorage.setItem('token', signedInToken);
          localStorage.setItem('userId', userId);
          localStorage.setItem('CampamentId', campId);
        }
      },
      [signedIn ? school.token : null, school.parent, school.campId] as const,
    );
    // Cold: nothing cached. Storage is kept (Lighthouse's own reset would sign the parent out), the
    // HTTP cache emptied before each run. Warm: one visit first, then the cache as it is.
    const cdp = await context.newCDPSession(page);
    if (!cold) await page.goto(`${url}${address}`, { waitUntil: 'networkidle' });
    const results = [];
    for (let run = 0; run < 3; run += 1) {
      if (cold) await cdp.send('Network.clearBrowserCache');
      const answer = await lighthouse(`${url}${address}`, {
        port: debuggingPort,
        onlyCategories: ['performance'],
        disableStorageReset: true,
        logLevel: 'error',
      });
      const audits = answer!.lhr.audits;
      if (process.env.BENCH_DETAILS) printDetails(`${name} run ${run + 1}`, audits);
      results.push({
        score: Math.round((answer!.lhr.categories.performance!.score ?? 0) * 100),
        fcp: audits['first-contentful-paint']!.numericValue!,
        lcp: audits['largest-contentful-paint']!.numericValue!,
        tbt: audits['total-blocking-time']!.numericValue!,
        cls: audits['cumulative-layout-shift']!.numericValue!,
      });
    }
    await page.close();
    rows.push([
      `Lighthouse mobile ${name}${school.label}, ${cold ? 'cold' : 'warm'} (median of 3)`,
      `score ${median(results.map((r) => r.score))} (${results.map((r) => r.score).join(', ')})`,
      `FCP ${(median(results.map((r) => r.fcp)) / 1000).toFixed(1)} s, LCP ${(median(results.map((r) => r.lcp)) / 1000).toFixed(1)} s`,
      `TBT ${Math.round(median(results.map((r) => r.tbt)))} ms, CLS ${median(results.map((r) => r.cls)).toFixed(3)}`,
    ]);
  }
  // BENCH_PAGES=/calendario (comma-separated) and BENCH_CACHE=cold|warm narrow the runs while a
  // change is being measured; the table for the docs is the whole run.
  const pages = process.env.BENCH_PAGES?.split(',');
  for (const school of audited) {
    const audits: Array<[string, string, boolean]> = [
      ['/login', `/login?camp=${school.campId}`, false],
      ['/register', '/register', false],
      ['/calendario', '/calendario', true],
    ];
    for (const cold of [true, false]) {
      if (process.env.BENCH_CACHE && process.env.BENCH_CACHE !== (cold ? 'cold' : 'warm')) continue;
      for (const [name, address, signedIn] of audits) {
        if (!pages || pages.includes(name)) await audit(school, name, address, signedIn, cold);
      }
    }
  }
  await context.close();
  await fs.rm(profile, { recursive: true, force: true });
}

await close();

const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
process.stdout.write(
  `\n${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}, Node ${process.version}\n` +
    rows.map((row) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`).join('\n') +
    '\n',
);
