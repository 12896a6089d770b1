// How long the autopay pass takes for N due instalments on the embedded store (issue 20):
// `npx node scripts/bench-autopay.ts` (AUTOPAY_BENCH_N, default 5000). N families with autopay, each with
// one instalment due today and a card kept in the sandbox's vault, written straight to a fresh store;
// then one pass charges them all (the sandbox answering at once, e-mails not sent), and a second
// pass finds nothing. Prints the times and the store's writes per charge.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedStore } from '../server/store/embedded.ts';
import { sandboxGateway } from '../src/core/checkout/gateway.ts';
import { runAutopay } from '../src/core/payments/autopay.ts';
import { keepFamilyCard } from '../src/core/payments/cards.ts';
import { ensureIndexes } from '../src/core/indexes.ts';
import type { CoreDeps, MailMessage } from '../src/core/deps.ts';
import type { Instalment, LedgerPayment } from '../src/domain/ledger.ts';

const N = Number(process.env.AUTOPAY_BENCH_N ?? 5000);
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-autopay-'));
const store = await openEmbeddedStore(path.join(dir, 'db'));
const now = () => new Date('2026-10-05T14:00:00Z');
const mails: MailMessage[] = [];
const gateway = sandboxGateway({ store, clock: now });
const deps = {
  store,
  gateway,
  mailer: { enqueue: async (message: MailMessage) => void mails.push(message) },
  log: { error: () => undefined, warn: () => undefined },
  settings: { publicUrl: 'http://localhost', schoolWebsite: 'http://localhost' },
  clock: now,
} as unknown as CoreDeps;
await ensureIndexes(store, deps.log);

const started = Date.now();
for (let index = 0; index < N; index += 1) {
  const hex = index.toString(16).padStart(24, '0');
  const userId = `a${hex.slice(1)}`;
  const enrolmentId = `b${hex.slice(1)}`;
  await store.collection('inscripciones').insertOne({
    _id: enrolmentId,
    order_number: String(2000 + index),
    user_id: userId,
    campament: 'c'.repeat(24),
    camp_name: 'Programa Anual 2026-2027',
    camp_type: 'programaanual',
    participants: [{ id: 1, first_name: 'Pedro', last_name: 'Rodríguez' }],
    contact: { email: `familia${index}@correo.do`, mother_name: 'Carmen', father_name: '' },
    card: { holder: 'Carmen', brand: 'Visa', last4: '4242' },
    amount: 7400,
    payment_status: 'paid',
    status: 'active',
    autopay: { authorised_at: now(), text: 'Autorizo…' },
    created_at: now(),
    paid_at: now(),
  });
  const kept = await gateway.saveCard({
    card: { number: '4242424242424242', expiry: '122030', cvv: '123', holder: 'Carmen' },
    customer: userId,
  });
  if (!kept.saved) throw new Error('the sandbox did not keep the card');
  await keepFamilyCard(deps, userId, kept);
  await store.collection<Instalment>('cuotas').insertOne({
    _id: `${enrolmentId}:1:2`,
    enrolment_id: enrolmentId,
    user_id: userId,
    order_number: String(2000 + index),
    campament: 'c'.repeat(24),
    camp_name: 'Programa Anual 2026-2027',
    cupo: 1,
    child: 'Pedro Rodríguez',
    kind: 'cuota',
    seq: 2,
    of: 10,
    due: '2026-10-05',
    amount: 3900,
    cancelled_at: null,
    created_at: now(),
  });
}
console.log(`setup: ${N} families with a due instalment in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const first = Date.now();
const report = await runAutopay(deps);
const firstMs = Date.now() - first;
const second = Date.now();
const again = await runAutopay(deps);
const secondMs = Date.now() - second;
const approved = await store.collection<LedgerPayment>('pagos').count({ status: 'approved' });
console.log(
  `pass 1: ${report.charged} charged, ${report.declined} declined in ${(firstMs / 1000).toFixed(1)} s (${(firstMs / Math.max(report.charged, 1)).toFixed(2)} ms per instalment); receipts queued: ${mails.length}`,
);
console.log(
  `pass 2: ${again.charged} charged in ${(secondMs / 1000).toFixed(1)} s; approved payments stored: ${approved}`,
);
await store.close();
await fs.rm(dir, { recursive: true, force: true });
