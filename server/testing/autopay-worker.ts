// A child process of the autopay crash test (server/api-tests/crash/autopay-crash.test.ts): the
// autopay pass of the business core on an embedded store, with the store-backed sandbox as the bank
// answering after AUTOPAY_LATENCY_MS, on the business day AUTOPAY_DAY. It runs passes until killed
// (the test sends SIGKILL mid-pass) or, with AUTOPAY_UNTIL_DONE, until a pass finds nothing to do.
import { openEmbeddedStore } from '../store/embedded.ts';
import { sandboxGateway } from '../../src/core/checkout/gateway.ts';
import { runAutopay } from '../../src/core/payments/autopay.ts';
import type { CoreDeps } from '../../src/core/deps.ts';

const env = process.env;
const store = await openEmbeddedStore(env.AUTOPAY_DB!);
const now = () => new Date(`${env.AUTOPAY_DAY!}T14:00:00Z`);
const deps = {
  store,
  gateway: sandboxGateway({ store, clock: now, latencyMs: Number(env.AUTOPAY_LATENCY_MS ?? 0) }),
  mailer: { enqueue: async () => undefined },
  log: { error: () => undefined, warn: () => undefined },
  settings: { publicUrl: 'http://localhost', schoolWebsite: 'http://localhost', paymentLeaseMs: 2000 },
  clock: now,
} as unknown as CoreDeps;

for (;;) {
  const report = await runAutopay(deps);
  process.stdout.write(`${JSON.stringify(report)}\n`);
  const unsettled = await store.collection('pagos').count({ status: 'charging' });
  if (env.AUTOPAY_UNTIL_DONE && report.charged + report.declined + report.unknown === 0 && unsettled === 0)
    break;
  // Charges left 'charging' by a killed run settle once their lease (2 s) is over.
  if (env.AUTOPAY_UNTIL_DONE) await new Promise((resolve) => setTimeout(resolve, 2200));
}
await store.close();
