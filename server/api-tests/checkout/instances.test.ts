// Several server instances on one database (the money path's review, hole 10): three apps share
// one store in one process, as three servers share MongoDB. Concurrent checkouts never sell a
// place twice, each e-mail goes out once, each unknown payment is settled once. On the embedded
// store always, and on a MongoDB-wire server when TEST_MONGODB_URI names one (CI's FerretDB,
// issue 57), through the MongoDB adapter.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { instancesOnOneStore } from '../testing.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { sandboxGateway, type PaymentGateway } from '../../../src/core/checkout/gateway.ts';
import { reconcilePayments } from '../../../src/core/checkout/reconciler.ts';
import type { MailMessage, Transport } from '../../mail/outbox.ts';
import type { Enrolment, Week } from '../../../src/domain/records.ts';
import { demoCart, enrolmentRequest, newKey } from './testing.ts';
import { throwawayMongoDatabase } from '../../testing/mongo.ts';

let t: TestApp;
const sharedStore = instancesOnOneStore(() => t);

const MONGODB = process.env.TEST_MONGODB_URI;
for (const kind of ['embedded', ...(MONGODB ? ['mongodb'] : [])] as const) {
  describe(`three instances on one store (${kind})`, () => {
    /** Two more instances on the first one's store, each with its own mail transport and gateway. */
    async function instances(gateway: () => PaymentGateway, sent: MailMessage[]) {
      const transport: Transport = { send: async (item) => void sent.push(item) };
      t = await buildTestApp(
        {},
        {
          deps: { gateway: gateway(), mailTransport: transport },
          ...(kind === 'mongodb' ? { store: throwawayMongoDatabase(MONGODB!, 'instances') } : {}),
        },
      );
      await seedDemoData(t.store);
      return sharedStore.add(t, 2, () => ({ gateway: gateway(), mailTransport: transport }));
    }

    const pay = (app: FastifyInstance, token: string, payload: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/inscripciones/create',
        headers: {
          'x-account-id': t.config.accountId,
          authorization: `Bearer ${token}`,
          'idempotency-key': newKey(),
        },
        payload,
      } as InjectOptions);

    it('sell the last places of a week once, send each confirmation once', async () => {
      const sent: MailMessage[] = [];
      const apps = await instances(() => sandboxGateway(), sent);
      const cart = await demoCart(t.store);
      const week = cart.weeks[0]!;
      // Three places left in week 1.
      await t.store
        .collection<Week>('semanas')
        .updateOne({ _id: week._id }, { set: { quota_q: 3, quota_f: 0 } });
      const parents = await Promise.all(Array.from({ length: 9 }, () => t.createUser()));
      const answers = await Promise.all(
        parents.map(({ token }, index) => pay(apps[index % 3]!, token, enrolmentRequest(cart, [[0]]))),
      );
      expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(3);
      expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(6);
      expect((await t.store.collection<Week>('semanas').findById(week._id))!.quota_f).toBe(3);

      await Promise.all(apps.map((app) => app.outbox.flush()));
      await Promise.all(apps.map((app) => app.outbox.flush()));
      expect(sent.filter((mail) => mail.kind === 'enrolment')).toHaveLength(3);
      expect(new Set(sent.map((mail) => mail.subject)).size).toBe(3);
    });

    it('settle each unknown payment once, however many instances reconcile at the same time', async () => {
      const sent: MailMessage[] = [];
      // One sandbox behind every instance (one bank); its answers never reach the server.
      const bank = sandboxGateway();
      const lost: PaymentGateway = {
        ...bank,
        name: 'lost-answers',
        charge: async (request) => {
          await bank.charge(request);
          throw new Error('ETIMEDOUT');
        },
        lookup: (reference) => bank.lookup(reference),
        refund: (request) => bank.refund(request),
      };
      const apps = await instances(() => lost, sent);
      const cart = await demoCart(t.store);
      const parents = await Promise.all(Array.from({ length: 4 }, () => t.createUser()));
      const answers = await Promise.all(
        parents.map(({ token }, index) => pay(apps[index % 3]!, token, enrolmentRequest(cart, [[1]]))),
      );
      expect(answers.map((res) => res.statusCode)).toEqual([202, 202, 202, 202]);

      const reports = await Promise.all(apps.map((app) => reconcilePayments(app.core.deps)));
      expect(reports.reduce((sum, report) => sum + report.paid, 0)).toBe(4);
      const enrolments = await t.store.collection<Enrolment>('inscripciones').find({});
      expect(
        enrolments.every((enrolment) => enrolment.payment_status === 'paid' && enrolment.followups_done),
      ).toBe(true);
      expect(await t.store.collection('membresias').count({})).toBe(4);
      expect((await t.store.collection<Week>('semanas').findById(cart.weeks[1]!._id))!.quota_f).toBe(4);
      await Promise.all(apps.map((app) => app.outbox.flush()));
      expect(sent.filter((mail) => mail.kind === 'enrolment')).toHaveLength(4);
    });
  });
}
