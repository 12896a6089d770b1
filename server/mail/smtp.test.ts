import path from 'node:path';
import fs from 'node:fs/promises';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../store/embedded.ts';
import type { Store } from '../store/port.ts';
import { makeTempDir } from '../testing/build.ts';
import { Outbox, smtpTransport, type OutboxItem } from './outbox.ts';

let dir: string;
let store: Store;
let server: SMTPServer | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
  await store?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(): Promise<{
  port: number;
  received: Array<{ from: string; to: string[]; raw: string }>;
}> {
  const received: Array<{ from: string; to: string[]; raw: string }> = [];
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, received };
}

describe('SMTP delivery', () => {
  it('delivers an outbox message to a real SMTP server', async () => {
    dir = await makeTempDir();
    store = await openEmbeddedStore(path.join(dir, 'db'));
    const smtp = await startSmtp();
    const outbox = new Outbox(
      store,
      smtpTransport(`smtp://127.0.0.1:${smtp.port}`),
      'Escuela <no-responder@escuela.do>',
    );
    const item = await outbox.enqueue({
      to: ['ana@correo.do', 'familia@correo.do'],
      subject: 'Confirmación de inscripción — orden 1001',
      text: 'Número de orden: 1001',
      html: '<p>Número de orden: <b>1001</b></p>',
      kind: 'enrolment',
    });
    await outbox.flush();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({
      from: 'no-responder@escuela.do',
      to: ['ana@correo.do', 'familia@correo.do'],
    });
    expect(smtp.received[0]!.raw).toContain('1001');
    expect(await store.collection<OutboxItem>('outbox').findById(item._id)).toMatchObject({ status: 'sent' });
  });

  it('keeps the message for a retry when the SMTP server is down', async () => {
    dir = await makeTempDir();
    store = await openEmbeddedStore(path.join(dir, 'db'));
    const smtp = await startSmtp();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const outbox = new Outbox(
      store,
      smtpTransport(`smtp://127.0.0.1:${smtp.port}?connectionTimeout=2000`),
      'no-responder@escuela.do',
    );
    const item = await outbox.enqueue({
      to: ['ana@correo.do'],
      subject: 'x',
      text: 'x',
      html: 'x',
      kind: 'test',
    });
    await outbox.flush();
    expect(await store.collection<OutboxItem>('outbox').findById(item._id)).toMatchObject({
      status: 'pending',
      attempts: 1,
    });
  });
});

describe('the confirmation e-mail of a paid enrolment', () => {
  it('reaches a real SMTP server configured with SMTP_URL', async () => {
    dir = await makeTempDir();
    store = await openEmbeddedStore(path.join(dir, 'db'));
    const smtp = await startSmtp();
    const { buildTestApp } = await import('../testing/build.ts');
    const { seedDemoData } = await import('../../src/core/seed.ts');
    const { demoCart, enrolmentRequest, newKey } = await import('../api-tests/checkout/testing.ts');
    // No captured transport: the app sends through SMTP_URL as in production.
    const t = await buildTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
      { deps: { mailTransport: undefined } },
    );
    try {
      await seedDemoData(t.store);
      const { token } = await t.createUser({ email: 'carmen@correo.do' });
      const res = await t.api({
        method: 'POST',
        url: '/api/inscripciones/create',
        token,
        payload: enrolmentRequest(await demoCart(t.store), [
          [0, 1],
          [0, 1],
        ]),
        headers: { 'idempotency-key': newKey() },
      });
      expect(res.statusCode).toBe(201);
      await t.app.outbox.flush();
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.to).toEqual(['carmen@correo.do', 'familia.rodriguez@correo.do']);
      const decoded = mail.raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      for (const text of [
        'Campamento de Verano 2027',
        'Número de orden: 1001',
        'RD$17,660',
        res.json().result.authCode,
      ]) {
        expect(Buffer.from(decoded, 'latin1').toString('utf8')).toContain(text);
      }
    } finally {
      await t.close();
    }
  });
});
