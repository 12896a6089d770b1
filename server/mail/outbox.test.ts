import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../store/embedded.ts';
import type { Store } from '../store/port.ts';
import { makeTempDir } from '../testing/build.ts';
import { fileTransport, MAX_ATTEMPTS, Outbox, type OutboxItem, type Transport } from './outbox.ts';
import { REPLY_INVITATION } from '../../src/core/checkout/mails.ts';

let dir: string;
let store: Store;
afterEach(async () => {
  await store?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const message = {
  to: ['ana@correo.do'],
  subject: 'Confirmación de inscripción',
  text: 'Gracias por inscribir a Pedro.',
  html: '<p>Gracias por inscribir a <b>Pedro</b>.</p>',
  kind: 'enrolment',
};

describe('Outbox', () => {
  it("signs with the school's own name and answers to its own address once its settings say so (issue 46)", async () => {
    dir = await makeTempDir();
    store = await openEmbeddedStore(path.join(dir, 'db'));
    const sent: Array<{ from: string; replyTo: string | undefined }> = [];
    const transport: Transport = { send: async (_item, from, replyTo) => void sent.push({ from, replyTo }) };
    const outbox = new Outbox(
      store,
      transport,
      'Escuela <no-responder@plataforma.do>',
      undefined,
      'oficina@plataforma.do',
    );
    await outbox.enqueue(message);
    await outbox.flush();
    await store.collection('ajustes').insertOne({
      _id: 'escuela',
      mail_from_name: 'Club "Los Tigres" <x>',
      reply_to: 'oficina@tigres.do',
    });
    await outbox.enqueue({ ...message, subject: 'Otra' });
    await outbox.flush();
    expect(sent).toEqual([
      { from: 'Escuela <no-responder@plataforma.do>', replyTo: 'oficina@plataforma.do' },
      // The name loses what would break the header; the address stays the deployment's.
      { from: '"Club Los Tigres x" <no-responder@plataforma.do>', replyTo: 'oficina@tigres.do' },
    ]);
  });

  it('writes an .eml file that a mail program can open when no SMTP server is configured', async () => {
    dir = await makeTempDir();
    store = await openEmbeddedStore(path.join(dir, 'db'));
    const outbox = new Outbox(
      store,
      fileTransport(path.join(dir, 'outbox')),
      'Escuela <no-responder@escuela.do>',
    );
    const item = await outbox.enqueue(message);
    await outbox.flush();
    const files = await fs.readdir(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`-enrolment-${item._id}\\.eml$`));
    const eml = await fs.readFile(path.join(dir, 'outbox', files[0]!), 'utf8');
    expect(eml).toMatch(/^From: Escuela <no-responder@escuela\.do>$/m);
    expect(eml).toMatch(/^To: ana@correo\.do$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?Q\?Confirmaci=C3=B3n_de_inscripci=C3=B3n\?=$/m);
    expect(eml).toContain('Content-Type: text/html');
    const stored = await store.collection<OutboxItem>('outbox').findById(item._id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('answers go to the school: Reply-To is MAIL_REPLY_TO, else the e-mail of the fiscal settings (issue 24)', async () => {
    dir = await makeTempDir();
    store = await openEmbeddedStore(path.join(dir, 'db'));
    const eml = async (outbox: Outbox) => {
      await fs.rm(path.join(dir, 'outbox'), { recursive: true, force: true });
      await outbox.enqueue(message);
      await outbox.flush();
      const [file] = await fs.readdir(path.join(dir, 'outbox'));
      return fs.readFile(path.join(dir, 'outbox', file!), 'utf8');
    };
    const from = 'Escuela <no-responder@escuela.do>';
    const transport = fileTransport(path.join(dir, 'outbox'));
    // Neither: no Reply-To (nothing to answer to but the sender).
    expect(await eml(new Outbox(store, transport, from))).not.toMatch(/^Reply-To:/m);
    await store.collection('ajustes').insertOne({ _id: 'fiscal', email: 'secretaria@escuela.do' });
    expect(await eml(new Outbox(store, transport, from))).toMatch(/^Reply-To: secretaria@escuela\.do$/m);
    expect(await eml(new Outbox(store, transport, from, undefined, 'oficina@escuela.do'))).toMatch(
      /^Reply-To: oficina@escuela\.do$/m,
    );
  });

  it('invites an answer only when answers reach the school: no Reply-To, no "responda a este correo" (issue 54)', async () => {
    dir = await makeTempDir();
    store = await openEmbeddedStore(path.join(dir, 'db'));
    const sent: OutboxItem[] = [];
    const transport: Transport = { send: async (item) => void sent.push(item) };
    const outbox = new Outbox(store, transport, 'Escuela <no-responder@escuela.do>');
    const cancelled = {
      ...message,
      text: ['Hola:', 'La inscripción fue cancelada.', REPLY_INVITATION].join('\n'),
      html: `<p>Hola:</p>\n<p>La inscripción fue cancelada.</p>\n<p>${REPLY_INVITATION}</p>`,
    };
    await outbox.enqueue(cancelled);
    await outbox.flush();
    expect(sent[0]!.text).toBe('Hola:\nLa inscripción fue cancelada.');
    expect(sent[0]!.html).toBe('<p>Hola:</p>\n<p>La inscripción fue cancelada.</p>');
    // Once the fiscal settings have the school's e-mail, answers go there and the line stays.
    await store.collection('ajustes').insertOne({ _id: 'fiscal', email: 'secretaria@escuela.do' });
    await outbox.enqueue({ ...cancelled, key: 'otra' });
    await outbox.flush();
    expect(sent[1]!.text).toContain('Si tiene alguna pregunta, responda a este correo.');
    expect(sent[1]!.html).toContain('<p>Si tiene alguna pregunta, responda a este correo.</p>');
  });

  it('keeps a message whose sending fails and retries it later, then gives up after the last attempt', async () => {
    dir = await makeTempDir();
    store = await openEmbeddedStore(path.join(dir, 'db'));
    let down = true;
    const sent: string[] = [];
    const transport: Transport = {
      send: async (item) => {
        if (down) throw new Error('connect ECONNREFUSED');
        sent.push(item._id);
      },
    };
    const outbox = new Outbox(store, transport, 'no-responder@escuela.do');
    const start = new Date('2027-06-01T12:00:00Z');
    const item = await outbox.enqueue(message, start);
    await outbox.flush(start);
    let stored = await store.collection<OutboxItem>('outbox').findById(item._id);
    expect(stored).toMatchObject({ status: 'pending', attempts: 1, last_error: 'connect ECONNREFUSED' });
    expect(stored!.next_attempt_at.getTime()).toBe(start.getTime() + 60_000);

    // Not due yet: nothing is tried.
    await outbox.flush(new Date(start.getTime() + 30_000));
    expect((await store.collection<OutboxItem>('outbox').findById(item._id))!.attempts).toBe(1);

    down = false;
    await outbox.flush(new Date(start.getTime() + 61_000));
    stored = await store.collection<OutboxItem>('outbox').findById(item._id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sent).toEqual([item._id]);

    down = true;
    const doomed = await outbox.enqueue(message, start);
    let now = start.getTime();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      await outbox.flush(new Date(now));
      now += 24 * 3_600_000;
    }
    expect(await store.collection<OutboxItem>('outbox').findById(doomed._id)).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
    });
  });
});
