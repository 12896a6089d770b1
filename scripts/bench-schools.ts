// Many schools on one process (issue 46), a benchmark, not a test: BENCH_SCHOOLS (200) schools
// created through the platform on the embedded store, each with the demo camp and BENCH_FAMILIES
// (20) families who paid through the real checkout; then, in a fresh process on that DATA_DIR, the
// start (building every school's runtime until listening), the memory after it and after a GC, the
// CPU the idle schools' background passes take, and the checkout load of scripts/bench-checkout.ts
// against the first school while the others idle. The same for one school, for comparison, unless
// BENCH_SCHOOLS is 1. Prints one JSON report. Run: `npm run bench:schools`; BENCH_SECONDS (20) is
// the load's length, BENCH_IDLE_SECONDS (60, every pass of every school comes round once) the idle
// window's, BENCH_CONNECTIONS (10) the load's connections, STORE_FSYNC=true flushes every write.
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { seedDemoData } from '../src/core/seed.ts';
import { demoCart, enrolmentRequest } from '../src/core/checkout/fixtures.ts';
import type { Week } from '../src/domain/records.ts';
import { startBenchServer } from './bench-app.ts';
import { BENCH_HASHING, benchParents, checkoutHeaders, runCheckoutLoad } from './bench-load.ts';

const SCHOOLS = Number(process.env.BENCH_SCHOOLS ?? 200);
const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 20);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 20);
const IDLE_S = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// A new parent per request, as in scripts/bench-checkout.ts: enough for 250 paid/s.
const PARENTS = Number(process.env.BENCH_PARENTS ?? Math.max(5_000, DURATION_S * 250));
/** The DATA_DIR a measuring process starts on (set by the parent process for its child). */
const MEASURE_DIR = process.env.BENCH_SCHOOLS_DATA_DIR;

/** Test settings (the sandbox gateway), a platform operator, no front end (a folder never made). */
const ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  STATIC_DIR: path.join(os.tmpdir(), `escuela-bench-no-dist-${crypto.randomUUID()}`),
  PLATFORM_ADMIN_EMAIL: 'operador@plataforma.do',
  PLATFORM_ADMIN_PASSWORD: 'clave-de-la-plataforma',
  // `STORE_FSYNC=true` flushes every school's writes, as the figures are asked for.
  STORE_FSYNC: process.env.STORE_FSYNC,
};
const schoolId = (index: number) => `escuela-${index}`;
const TARGET = schoolId(0);
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const memory = () => {
  const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return {
    rssMb: mb(rss),
    heapUsedMb: mb(heapUsed),
    heapTotalMb: mb(heapTotal),
    externalMb: mb(external),
    arrayBuffersMb: mb(arrayBuffers),
  };
};
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

/**
 * A DATA_DIR with `count` schools, each made as the platform makes one (its record, store and first
 * administrator), with the demo camp and FAMILIES families who each paid two children's weeks
 * through POST /api/inscripciones/create: the orders the app itself makes.
 */
async function prepare(count: number): Promise<{ dataDir: string; setupMs: number }> {
  const started = performance.now();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'escuela-bench-schools-'));
  const { app, close } = await startBenchServer({ env: ENV, hashing: BENCH_HASHING, dataDir });
  for (let index = 0; index < count; index += 1) {
    const id = schoolId(index);
    const school = await app.schools.create({
      id,
      name: `Escuela ${index}`,
      hosts: [`${id}.escuelas.do`],
      admin_email: 'direccion@escuela.do',
      admin_password: 'clave-segura-bench',
    });
    await seedDemoData(school.store);
    // Two children in two weeks of 30 places: 20 families fit.
    const payload = JSON.stringify(enrolmentRequest(await demoCart(school.store), [[0], [1]]));
    const tokens = await benchParents(school.store, (user) => app.signSchoolToken(id, user), FAMILIES);
    for (const token of tokens) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/inscripciones/create',
        headers: checkoutHeaders(id, token),
        payload,
      });
      if (answer.statusCode !== 201) throw new Error(`${id}: checkout ${answer.statusCode} ${answer.body}`);
    }
  }
  await close();
  return { dataDir, setupMs: Math.round(performance.now() - started) };
}

/** In the measuring process: start on MEASURE_DIR, idle, then the checkout load on TARGET. */
async function measure(dataDir: string) {
  const started = performance.now();
  const startCpuAt = cpuMs();
  const { app, url, close } = await startBenchServer({ env: ENV, hashing: BENCH_HASHING, dataDir });
  const startMs = Math.round(performance.now() - started);
  const startCpuMs = Math.round(cpuMs() - startCpuAt);
  // performance.now() counts from the process's start: module loading included.
  const listeningAfterProcessStartMs = Math.round(performance.now());
  const schools = app.schools.all();
  const afterStart = memory();
  globalThis.gc?.();
  const afterGc = memory();

  // What the idle schools cost: their background passes and store timers, nothing else running.
  const idleCpuAt = cpuMs();
  await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
  const idleCpuMsPerSecond = Number(((cpuMs() - idleCpuAt) / IDLE_S).toFixed(1));

  const school = app.schools.get(TARGET)!;
  const cart = await demoCart(school.store);
  await school.store
    .collection<Week>('semanas')
    .updateOne({ _id: cart.weeks[0]!._id }, { set: { quota_q: 0 } });
  const tokens = await benchParents(school.store, (user) => app.signSchoolToken(TARGET, user), PARENTS);
  const { result, cpuMsPerAnswerByInterval } = await runCheckoutLoad({
    url,
    accountId: TARGET,
    body: JSON.stringify(enrolmentRequest(cart, [[0], [0]])),
    tokens,
    seconds: DURATION_S,
    connections: CONNECTIONS,
    intervalSeconds: DURATION_S,
  });
  const afterLoad = memory();
  // A stop compacts every store (a rewrite of each datafile); server/index.ts allows it 10 s.
  const stopping = performance.now();
  await close();
  const stopMs = Math.round(performance.now() - stopping);
  return {
    schools: schools.length - 1,
    startMs,
    startCpuMs,
    listeningAfterProcessStartMs,
    memory: { afterStart, afterGc, afterLoad },
    stopMs,
    idle: { seconds: IDLE_S, cpuMsPerSecond: idleCpuMsPerSecond },
    checkout: {
      school: TARGET,
      connections: CONNECTIONS,
      seconds: DURATION_S,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      paidPerSecond: result.requests.average,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      cpuMsPerAnswer: cpuMsPerAnswerByInterval[0],
    },
  };
}

if (MEASURE_DIR) {
  process.send!(await measure(MEASURE_DIR));
  process.exit(0);
}

/** Prepares `count` schools, then measures them in a process of their own (no setup in its heap). */
async function run(count: number) {
  const loadBefore = loadAverage();
  const { dataDir, setupMs } = await prepare(count);
  const child = fork(import.meta.filename, [], {
    // Node's own flags carry over (`node --cpu-prof scripts/bench-schools.ts` profiles the start too).
    execArgv: [...process.execArgv, '--expose-gc'],
    env: { ...process.env, BENCH_SCHOOLS_DATA_DIR: dataDir },
  });
  const [measured] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`the measuring process exited (${code})`))),
  ])) as [Awaited<ReturnType<typeof measure>>];
  await once(child, 'exit');
  await fs.rm(dataDir, { recursive: true, force: true });
  return {
    ...measured,
    families: FAMILIES,
    setupMs,
    loadAverage: { before: loadBefore, after: loadAverage() },
  };
}

const runs = [];
for (const count of [...new Set([SCHOOLS, 1])]) runs.push(await run(count));
const report = {
  machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`.trim(),
  node: process.version,
  runs,
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
process.exit(
  runs.every((measured) => measured.checkout.non2xx === 0 && measured.checkout.errors === 0) ? 0 : 1,
);
