// Checkout benchmark (not a test): the real server on the embedded store, on loopback, driven by
// autocannon. Measures (1) checkout throughput and latency and (2) a race of many parents for the
// last places of one week. Run: `npx node scripts/bench-checkout.ts` (numbers go to the issue note);
// `STORE_FSYNC=true npx node scripts/bench-checkout.ts` measures the cost of flushing each write to disk.
// BENCH_SECONDS sets the throughput run's length and BENCH_INTERVAL_SECONDS (default 10) the slices it
// is reported in: a checkout's cost must not grow with the orders stored, so the last slice of a long
// run (e.g. BENCH_SECONDS=180 BENCH_INTERVAL_SECONDS=60, past 5,000 paid orders) should match the first.
// `fullScans` counts, by collection, the queries that walked a whole collection (no index narrowed them).
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Week } from '../src/domain/records.ts';
import { cartShareOf } from '../src/domain/holds.ts';
import { newId } from '../src/core/store/common.ts';
import { ORDER_PLACES, type OrderPlacesRecord } from '../src/core/checkout/order-places.ts';
import { demoCart, enrolmentRequest } from '../server/api-tests/checkout/testing.ts';
import { startBenchServer } from './bench-app.ts';
import { BENCH_HASHING, benchParents, checkoutHeaders, runCheckoutLoad } from './bench-load.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RACERS = Number(process.env.BENCH_RACERS ?? 300);
const INTERVAL_S = Number(process.env.BENCH_INTERVAL_SECONDS ?? 10);
// A new parent per request (a family pays for a child and week once): enough for 250 paid/s.
const PARENTS = Number(process.env.BENCH_PARENTS ?? Math.max(20_000, DURATION_S * 250));
const PLACES = 25;
// The week as this many earlier paid orders of it left it (their places' records, issue 55), so a
// short run measures a checkout late in a season.
const PRIOR_ORDERS = Number(process.env.BENCH_PRIOR_ORDERS ?? 0);
/** Full scans during the throughput run (not the setup's or the races'), by collection. */
const fullScans: Record<string, { queries: number; largest: number }> = {};
let countingScans = false;

const { app, store, config, url, close } = await startBenchServer({
  // Test settings, no front end (a folder that is never made), and STORE_FSYNC as given.
  env: {
    NODE_ENV: 'test',
    STATIC_DIR: path.join(os.tmpdir(), `escuela-bench-no-dist-${crypto.randomUUID()}`),
    STORE_FSYNC: process.env.STORE_FSYNC,
  },
  hashing: BENCH_HASHING,
  onFullScan: ({ collection, documents }) => {
    if (!countingScans) return;
    const seen = fullScans[collection] ?? { queries: 0, largest: 0 };
    fullScans[collection] = { queries: seen.queries + 1, largest: Math.max(seen.largest, documents) };
  },
});

const cart = await demoCart(store);
const parents = (count: number) => benchParents(store, (userId) => app.signToken(userId), count);
const headersFor = (token: string) => checkoutHeaders(config.accountId, token);

// 1. Throughput: one child, one week of unlimited capacity, a new parent and key per request.
await store.collection<Week>('semanas').updateOne({ _id: cart.weeks[0]!._id }, { set: { quota_q: 0 } });
if (PRIOR_ORDERS > 0) {
  const week = cart.weeks[0]!._id;
  const orders = Array.from({ length: PRIOR_ORDERS }, () => newId());
  await store
    .collection<OrderPlacesRecord>(ORDER_PLACES)
    .insertMany(orders.map((order) => ({ _id: `${week}-${order}`, week, order, places: 1 })));
  await store.collection<Week>('semanas').updateOne({ _id: week }, { inc: { quota_f: PRIOR_ORDERS } });
}
const tokens = await parents(PARENTS);
countingScans = true;
const {
  result: throughput,
  answersPerSecondByInterval: intervalRates,
  cpuMsPerAnswerByInterval: cpuPerAnswer,
} = await runCheckoutLoad({
  url,
  accountId: config.accountId,
  body: JSON.stringify(enrolmentRequest(cart, [[0], [0]])),
  tokens,
  seconds: DURATION_S,
  connections: CONNECTIONS,
  intervalSeconds: INTERVAL_S,
});
countingScans = false;
const paid = await store.collection('inscripciones').count({ payment_status: 'paid' });
// What every checkout of that week reads and rewrites: its document's size once the run is over.
const weekBytes = JSON.stringify(await store.collection<Week>('semanas').findById(cart.weeks[0]!._id)).length;

// 2. The race: RACERS parents at once for the last PLACES places of one week.
const raceWeek = cart.weeks[4]!;
await store
  .collection<Week>('semanas')
  .updateOne({ _id: raceWeek._id }, { set: { quota_q: PLACES, quota_f: 0 } });
/** Every parent pays for `body` at once; the answers' statuses in the parents' order. */
const payAll = (tokens: string[], body: string) =>
  Promise.all(
    tokens.map((token) =>
      fetch(`${url}/api/inscripciones/create`, { method: 'POST', headers: headersFor(token), body }).then(
        (res) => res.status,
      ),
    ),
  );
const racers = await parents(RACERS);
const started = performance.now();
const answers = await payAll(racers, JSON.stringify(enrolmentRequest(cart, [[4]])));
const raceMs = performance.now() - started;
const week = (await store.collection<Week>('semanas').findById(raceWeek._id))!;

// 3. The same race with holds in play (issue 18): RACERS parents hold a place at once, then all
// pay at once. Unpaid carts together hold at most the camp's share of the week (issue 43, half by
// default): exactly that many hold and pay; the places no cart holds go to the first payers.
const holdWeek = cart.weeks[3]!;
await store
  .collection<Week>('semanas')
  .updateOne({ _id: holdWeek._id }, { set: { quota_q: PLACES, quota_f: 0 } });
const holdRacers = await parents(RACERS);
const holdStarted = performance.now();
const holdAnswers = await Promise.all(
  holdRacers.map((token) =>
    fetch(`${url}/api/carritos/${cart.camp._id}`, {
      method: 'POST',
      headers: headersFor(token),
      body: JSON.stringify({
        weeks: [holdWeek._id],
        participants: 1,
        places: [{ week: holdWeek._id, count: 1 }],
      }),
    }).then(
      async (res) =>
        ((await res.json()) as { data?: { weeks: Array<{ held: number }> } }).data?.weeks[0]?.held ?? -1,
    ),
  ),
);
const holdPaid = await payAll(holdRacers, JSON.stringify(enrolmentRequest(cart, [[3]])));
const holdMs = performance.now() - holdStarted;
const heldWeek = (await store.collection<Week>('semanas').findById(holdWeek._id))!;
const holders = holdAnswers.map((held) => held === 1);
const cartShare = cartShareOf(cart.camp, { quota_q: PLACES });

const report = {
  machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`.trim(),
  node: process.version,
  storeFsync: config.storeFsync,
  throughput: {
    connections: CONNECTIONS,
    parents: PARENTS,
    seconds: DURATION_S,
    requests: throughput.requests.total,
    non2xx: throughput.non2xx,
    errors: throughput.errors,
    checkoutsPerSecond: throughput.requests.average,
    latencyMs: {
      p50: throughput.latency.p50,
      p90: throughput.latency.p90,
      p99: throughput.latency.p99,
      max: throughput.latency.max,
    },
    paidEnrolmentsStored: paid,
    weekDocumentBytes: weekBytes,
    intervalSeconds: INTERVAL_S,
    answersPerSecondByInterval: intervalRates,
    lastIntervalAgainstFirst: Number((intervalRates.at(-1)! / intervalRates[0]!).toFixed(2)),
    cpuMsPerAnswerByInterval: cpuPerAnswer,
  },
  fullScans,
  race: {
    parents: RACERS,
    places: PLACES,
    paid: answers.filter((status) => status === 201).length,
    refusedFull: answers.filter((status) => status === 409).length,
    other: answers.filter((status) => status !== 201 && status !== 409).length,
    quota_f: week.quota_f,
    quota_f_left: Math.max(week.quota_q - week.quota_f, 0),
    totalMs: Math.round(raceMs),
  },
  holdRace: {
    parents: RACERS,
    places: PLACES,
    cartShare,
    held: holders.filter(Boolean).length,
    paid: holdPaid.filter((status) => status === 201).length,
    paidWithoutHold: holdPaid.filter((status, index) => status === 201 && !holders[index]).length,
    other: holdPaid.filter((status) => status !== 201 && status !== 409).length,
    quota_f: heldWeek.quota_f,
    totalMs: Math.round(holdMs),
  },
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);

await close();
const ok =
  report.race.paid === PLACES &&
  report.race.quota_f_left === 0 &&
  report.race.other === 0 &&
  report.holdRace.held === cartShare &&
  report.holdRace.paid === PLACES &&
  holdPaid.every((status, index) => !holders[index] || status === 201) &&
  report.holdRace.paidWithoutHold === PLACES - cartShare &&
  report.holdRace.other === 0 &&
  report.holdRace.quota_f === PLACES &&
  throughput.non2xx === 0;
process.exit(ok ? 0 : 1);
