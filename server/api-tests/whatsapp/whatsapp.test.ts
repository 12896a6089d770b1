// WhatsApp beside e-mail (issue 56), against the stand-in of Meta's Cloud API: a parent's consent
// at checkout, the confirmation and the gate's departure as template messages exactly as Meta
// documents them, the webhook's subscription check and signature, statuses, 'BAJA', numbers Meta
// cannot reach, its rate limit, and a send cut off by a crash: never lost, never twice.
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, type TestApp } from '../../testing/build.ts';
import { buildWhatsAppTestApp } from '../../testing/whatsapp-app.ts';
import {
  metaNotification,
  type WhatsAppStandin,
  type StandinOptions,
  type StandinRequest,
} from '../../testing/whatsapp-standin.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import {
  cancelAsStaff,
  demoCart,
  enrolmentRequest,
  monthlyOption,
  payAs,
  paidOrder,
  joinWaitlist,
} from '../checkout/testing.ts';
import { formatDop } from '../../../src/domain/pricing.ts';
import { runAutopay } from '../../../src/core/payments/autopay.ts';
import { SANDBOX_CARDS } from '../../../src/domain/cards.ts';
import {
  isOptOut,
  whatsappNumber,
  WHATSAPP_TEMPLATES,
  WHATSAPP_MESSAGES,
} from '../../../src/domain/whatsapp.ts';
import {
  CONTACTS,
  WHATSAPP_OUTBOX,
  type OutboxMessage,
  type WhatsAppContact,
} from '../../../src/core/messaging/whatsapp.ts';
import type { Enrolment, Week } from '../../../src/domain/records.ts';
import { rateLimitWait, SENDING_LEASE_MS } from '../../whatsapp/outbox.ts';

const NUMBER = '18095550101';

let t: TestApp | undefined;
let meta: WhatsAppStandin | undefined;
afterEach(async () => {
  [t, meta] = await closeAll(t, meta);
});

/** The app with WhatsApp set up against the stand-in, the demo school, an admin and a parent. */
async function school(options: Partial<StandinOptions> = {}, clock?: { now: Date }) {
  const built = await buildWhatsAppTestApp(options, clock ? { deps: { clock: () => clock.now } } : {});
  const app = (t = built.app);
  meta = built.meta;
  await seedDemoData(app.store);
  const cart = await demoCart(app.store);
  const parent = await app.createUser({ email: 'carmen@correo.do' });
  const admin = await app.createUser({ admin: true, email: 'direccion@escuela.do' });
  const outbox = () => app.store.collection<OutboxMessage>(WHATSAPP_OUTBOX).find({});
  const contact = () => app.store.collection<WhatsAppContact>(CONTACTS).findById(parent.user._id);
  const flush = async () => {
    await app.app.schools.default.whatsapp!.flush();
    await meta!.settled();
    await app.app.outbox.flush();
  };
  return { app, cart, parent, admin, outbox, contact, flush };
}

/**
 * The order's first child arrives and leaves with the first authorised person (the office at the
 * gate, GET /api/dia for its entry as the coach's page reads it); answers the mark's place.
 */
async function arriveAndLeave(s: Awaited<ReturnType<typeof school>>, order: Enrolment) {
  const place = { campament: s.cart.camp._id, week: s.cart.weeks[0]!._id, day: '2027-06-14' };
  const list = await s.app.api({
    method: 'GET',
    url: `/api/dia?campament=${place.campament}&week=${place.week}&day=${place.day}`,
    token: s.admin.token,
  });
  const child = (list.json().data as Array<{ key: string }>).find((entry) =>
    entry.key.startsWith(`${order._id}:`),
  );
  const base = { ...place, key: child!.key };
  for (const [url, payload] of [
    ['/api/dia/llegada', base],
    ['/api/dia/salida', { ...base, person: 0 }],
  ] as const) {
    const marked = await s.app.api({ method: 'POST', url, token: s.admin.token, payload });
    expect(marked.statusCode, marked.body).toBe(200);
  }
  return base;
}

const withWhatsApp = (body: ReturnType<typeof enrolmentRequest>, phone = '809-555-0101', consent = true) => ({
  ...body,
  whatsapp: { phone, consent },
});

describe('WhatsApp beside e-mail (issue 56)', () => {
  it('sends the confirmation as Meta documents a template message, beside the e-mail, and follows its statuses', async () => {
    const s = await school({ statuses: ['sent', 'delivered'] });
    const order = await paidOrder(s.app, s.parent.token, withWhatsApp(enrolmentRequest(s.cart, [[0]])));
    await s.flush();

    // The consent is recorded with its time, the number in international form.
    expect(await s.contact()).toMatchObject({
      number: NUMBER,
      consent_at: expect.any(Date),
      opted_out_at: null,
    });
    // One request: recipient, template, language 'es', parameters in order.
    expect(meta!.accepted).toHaveLength(1);
    const request = meta!.accepted[0]!.body;
    expect(request).toMatchObject({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: NUMBER,
      type: 'template',
      template: { name: 'inscripcion_confirmada', language: { code: 'es' } },
    });
    const parameters = (
      request.template!.components as Array<{ parameters: Array<{ text: string }> }>
    )[0]!.parameters.map((parameter) => parameter.text);
    expect(parameters).toEqual([
      order.contact.mother_name,
      order.order_number,
      order.camp_name,
      expect.stringContaining(order.participants[0]!.first_name),
      expect.stringMatching(/^RD\$[\d,]+$/),
    ]);
    // The e-mail went as before.
    expect(s.app.mails.some((mail) => mail.kind === 'enrolment')).toBe(true);
    // Meta's statuses came back signed: delivered, and later read.
    const [sent] = await s.outbox();
    expect(sent).toMatchObject({
      status: 'delivered',
      wamid: expect.stringMatching(/^wamid\./),
      attempts: 1,
    });
    expect(await meta!.notify(sent!.wamid!, 'read')).toBe(200);
    // A late 'sent' does not undo it.
    expect(await meta!.notify(sent!.wamid!, 'sent')).toBe(200);
    expect((await s.outbox())[0]!.status).toBe('read');
  });

  it('sends nothing by WhatsApp without consent, and refuses a number WhatsApp cannot take before anything is stored', async () => {
    const s = await school();
    await paidOrder(s.app, s.parent.token, enrolmentRequest(s.cart, [[0]]));
    await paidOrder(
      s.app,
      s.parent.token,
      withWhatsApp(enrolmentRequest(s.cart, [[1]]), '809-555-0101', false),
    );
    await s.flush();
    expect(meta!.accepted).toHaveLength(0);
    expect(await s.outbox()).toHaveLength(0);

    const orders = await s.app.store.collection<Enrolment>('inscripciones').count({});
    const bad = await payAs(s.app, s.parent.token, withWhatsApp(enrolmentRequest(s.cart, [[0]]), '555-01'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(WHATSAPP_MESSAGES.badNumber);
    expect(await s.app.store.collection<Enrolment>('inscripciones').count({})).toBe(orders);
  });

  it('answers the subscription check only with the verify token, and takes notifications only when signed with the app secret', async () => {
    const s = await school();
    const check = (token: string) =>
      s.app.app.inject({
        method: 'GET',
        url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    const good = await check('verifica-escuela');
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('1158201444');
    expect((await check('otra')).statusCode).toBe(403);

    await paidOrder(s.app, s.parent.token, withWhatsApp(enrolmentRequest(s.cart, [[0]])));
    await s.flush();
    const [item] = await s.outbox();
    const body = metaNotification(meta!.phoneNumberId, {
      statuses: [{ id: item!.wamid, status: 'read', recipient_id: NUMBER }],
    });
    const post = (headers: Record<string, string>) =>
      s.app.app.inject({
        method: 'POST',
        url: '/api/whatsapp/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
    const missing = await post({});
    expect(missing.statusCode).toBe(401);
    const forged = await post({ 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` });
    expect(forged.statusCode).toBe(401);
    expect((await s.outbox())[0]!.status).toBe('delivered');
    const crypto = await import('node:crypto');
    const signature = `sha256=${crypto.createHmac('sha256', meta!.appSecret).update(body).digest('hex')}`;
    expect((await post({ 'x-hub-signature-256': signature })).statusCode).toBe(200);
    expect((await s.outbox())[0]!.status).toBe('read');
  });

  it("opts a family out at once when it writes 'BAJA', answers once, and sends it nothing more; another message gets the school's contact", async () => {
    const clock = { now: new Date('2027-06-14T12:05:00Z') };
    const s = await school({}, clock);
    await paidOrder(s.app, s.parent.token, withWhatsApp(enrolmentRequest(s.cart, [[0]])));
    await s.flush();
    expect(meta!.accepted).toHaveLength(1);

    expect(await meta!.familyWrites(NUMBER, '¿A qué hora es la práctica?')).toBe(200);
    await s.flush();
    expect(meta!.accepted).toHaveLength(2);
    expect(meta!.accepted[1]!.body).toMatchObject({ type: 'text', to: NUMBER });
    expect(meta!.accepted[1]!.body.text!.body).toContain('Este número solo envía avisos');
    expect(
      await s.app.store.collection('whatsapp_entrantes').count({ text: '¿A qué hora es la práctica?' }),
    ).toBe(1);

    // A moment later (the inbox lists by the time each came).
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await meta!.familyWrites(NUMBER, ' baja ')).toBe(200);
    await s.flush();
    expect((await s.contact())!.opted_out_at).toBeInstanceOf(Date);
    expect(meta!.accepted).toHaveLength(3);
    const fiscal = await s.app.store
      .collection<{ _id: string; school_name: string }>('ajustes')
      .findById('fiscal');
    expect(meta!.accepted[2]!.body.text!.body).toBe(WHATSAPP_MESSAGES.optedOut(fiscal!.school_name));

    // The office reads both messages, newest first, with whose number it is; a parent may not.
    const inbox = await s.app.api({ method: 'GET', url: '/api/whatsapp/mensajes', token: s.admin.token });
    expect(inbox.json().data).toEqual([
      expect.objectContaining({ from: NUMBER, text: ' baja ', opt_out: true }),
      expect.objectContaining({
        from: NUMBER,
        text: '¿A qué hora es la práctica?',
        opt_out: false,
        families: [{ name: s.parent.user.name, email: 'carmen@correo.do' }],
      }),
    ]);
    expect(
      (await s.app.api({ method: 'GET', url: '/api/whatsapp/mensajes', token: s.parent.token })).statusCode,
    ).toBe(403);

    // The child leaves the camp: the e-mail may go, WhatsApp does not.
    const order = (await s.app.store
      .collection<Enrolment>('inscripciones')
      .findOne({ payment_status: 'paid' }))!;
    await arriveAndLeave(s, order);
    await s.flush();
    expect(meta!.accepted).toHaveLength(3);
  });

  it("tells the family at the gate who picked the child up, as the 'recogida_salida' template", async () => {
    const clock = { now: new Date('2027-06-14T20:05:00Z') };
    const s = await school({}, clock);
    const order = await paidOrder(s.app, s.parent.token, withWhatsApp(enrolmentRequest(s.cart, [[0]])));
    const base = await arriveAndLeave(s, order);
    // A replay of the same departure sends nothing more.
    await s.app.api({
      method: 'POST',
      url: '/api/dia/salida',
      token: s.admin.token,
      payload: { ...base, person: 0 },
    });
    await s.flush();
    const gate = meta!.accepted.filter((request) => request.body.template?.name === 'recogida_salida');
    expect(gate).toHaveLength(1);
    const parameters = (
      gate[0]!.body.template!.components as Array<{ parameters: Array<{ text: string }> }>
    )[0]!.parameters.map((parameter) => parameter.text);
    expect(parameters).toEqual([
      expect.stringContaining(order.participants[0]!.first_name),
      order.camp_name,
      '4:05 p. m.',
      'Rosa Martínez (001-1111111-8)',
    ]);
  });

  it("offers a freed waiting-list place as 'lista_espera_oferta' and tells of a card refund as 'reembolso_realizado'", async () => {
    const s = await school();
    const week = s.cart.weeks[1]!;
    // Carmen opted in with her first order; Luis did not.
    const first = await paidOrder(s.app, s.parent.token, withWhatsApp(enrolmentRequest(s.cart, [[0]])));
    const luis = await s.app.createUser({ email: 'luis@correo.do' });
    const luisOrder = await paidOrder(s.app, luis.token, enrolmentRequest(s.cart, [[1]]));
    const weeks = s.app.store.collection<Week>('semanas');
    const taken = (await weeks.findById(week._id))!.quota_f;
    await weeks.updateOne({ _id: week._id }, { set: { quota_q: taken } });
    await joinWaitlist(s.app, s.parent.token, week._id, 'Mía');

    // Luis's order is cancelled: his refund is e-mailed only; the freed place goes to Carmen.
    await cancelAsStaff(s.app, s.admin.token, luisOrder._id);
    await s.flush();
    const named = (name: string) => meta!.accepted.filter((request) => request.body.template?.name === name);
    const textsOf = (request: StandinRequest) =>
      (
        request.body.template!.components as Array<{ parameters: Array<{ text: string }> }>
      )[0]!.parameters.map((parameter) => parameter.text);
    expect(named('reembolso_realizado')).toHaveLength(0);
    const offer = named('lista_espera_oferta');
    expect(offer).toHaveLength(1);
    expect(offer[0]!.body.to).toBe(NUMBER);
    expect(textsOf(offer[0]!)).toEqual([
      'Mía',
      s.cart.camp.name,
      expect.stringContaining(week.name),
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}/),
      expect.stringContaining(`/login?camp=${s.cart.camp._id}`),
    ]);
    // The same deadline and link as the offer's e-mail.
    const mail = s.app.mails.find((sent) => sent.kind === 'waitlist-offer')!;
    expect(mail.text).toContain(`hasta el ${textsOf(offer[0]!)[3]}`);

    // Carmen's own order is cancelled and refunded to her card: she hears of it on WhatsApp too.
    await cancelAsStaff(s.app, s.admin.token, first._id);
    await s.flush();
    const refund = named('reembolso_realizado');
    expect(refund).toHaveLength(1);
    expect(textsOf(refund[0]!)).toEqual([
      formatDop(first.amount),
      `${first.card.brand} terminada en ${first.card.last4}`,
      first.order_number,
      first.camp_name,
    ]);
  });

  it("lets a family agree, stop and agree again in 'Mi familia', and BAJA shows there as stopped", async () => {
    const s = await school();
    const call = (payload?: object) =>
      s.app.api({
        method: payload ? 'POST' : 'GET',
        url: '/api/whatsapp/preferencia',
        token: s.parent.token,
        ...(payload ? { payload } : {}),
      });
    expect((await call()).json().data).toEqual({
      available: true,
      phone: '',
      consent: false,
      consent_at: null,
      unreachable: false,
    });
    const bad = await call({ phone: '555-01', consent: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(WHATSAPP_MESSAGES.badNumber);
    expect(await s.contact()).toBeNull();

    const agreed = await call({ phone: '(809) 555-0101', consent: true });
    expect(agreed.json()).toMatchObject({
      message: WHATSAPP_MESSAGES.saved,
      data: { phone: NUMBER, consent: true, consent_at: expect.any(String) },
    });
    // 'BAJA' from the phone: 'Mi familia' shows it stopped, and nothing is sent.
    expect(await meta!.familyWrites(NUMBER, 'Baja')).toBe(200);
    await s.flush();
    expect((await call()).json().data).toMatchObject({ consent: false, consent_at: null });
    await paidOrder(s.app, s.parent.token, enrolmentRequest(s.cart, [[0]]));
    await s.flush();
    expect(meta!.accepted.filter((request) => request.body.type === 'template')).toHaveLength(0);

    // Agreeing again in 'Mi familia' brings the messages back.
    expect((await call({ phone: '809-555-0101', consent: true })).json().data.consent).toBe(true);
    await paidOrder(s.app, s.parent.token, enrolmentRequest(s.cart, [[1]]));
    await s.flush();
    expect(meta!.accepted.filter((request) => request.body.type === 'template')).toHaveLength(1);
    const stopped = await call({ phone: '', consent: false });
    expect(stopped.json()).toMatchObject({
      message: WHATSAPP_MESSAGES.stoppedByFamily,
      data: { consent: false },
    });
    // Another account sees only its own.
    const other = await s.app.createUser({ email: 'otra@correo.do' });
    const theirs = await s.app.api({ method: 'GET', url: '/api/whatsapp/preferencia', token: other.token });
    expect(theirs.json().data).toMatchObject({ phone: '', consent: false });
    expect((await s.app.api({ method: 'GET', url: '/api/whatsapp/preferencia' })).statusCode).toBe(401);
  });

  it("tells of the arrival as 'llegada_entrada' only where the camp turns it on, once", async () => {
    const clock = { now: new Date('2027-06-14T12:30:00Z') };
    const s = await school({}, clock);
    const first = await paidOrder(s.app, s.parent.token, withWhatsApp(enrolmentRequest(s.cart, [[0]])));
    await arriveAndLeave(s, first);
    await s.flush();
    const arrivals = () =>
      meta!.accepted.filter((request) => request.body.template?.name === 'llegada_entrada');
    expect(arrivals()).toHaveLength(0);

    await s.app.store
      .collection('campamentos')
      .updateOne({ _id: s.cart.camp._id }, { set: { arrival_notice: true } });
    const other = await s.app.createUser({ email: 'rosa@correo.do' });
    const second = await paidOrder(
      s.app,
      other.token,
      withWhatsApp(enrolmentRequest(s.cart, [[0]]), '809-555-0202'),
    );
    const base = await arriveAndLeave(s, second);
    // A replay of the arrival sends nothing more.
    await s.app.api({ method: 'POST', url: '/api/dia/llegada', token: s.admin.token, payload: base });
    await s.flush();
    expect(arrivals()).toHaveLength(1);
    expect(arrivals()[0]!.body.to).toBe('18095550202');
    const parameters = (
      arrivals()[0]!.body.template!.components as Array<{ parameters: Array<{ text: string }> }>
    )[0]!.parameters.map((parameter) => parameter.text);
    expect(parameters).toEqual([
      expect.stringContaining(second.participants[0]!.first_name),
      second.camp_name,
      '8:30 a. m.',
    ]);
  });

  it("tells a family on autopay of the coming charge and of a decline, as 'cuota_aviso_cobro' and 'cuota_no_cobrada'", async () => {
    const clock = { now: new Date('2026-08-20T14:00:00Z') };
    const s = await school({}, clock);
    const annual = await demoCart(s.app.store, 'PA2027');
    const body = {
      ...withWhatsApp(
        enrolmentRequest(annual, [[monthlyOption(annual)]], { card: SANDBOX_CARDS.failsLater }),
      ),
      autopay: true,
    };
    await paidOrder(s.app, s.parent.token, body);
    const templates = () =>
      meta!.accepted
        .filter((request) => request.body.template?.name?.startsWith('cuota_'))
        .map((request) => [
          request.body.template!.name,
          (
            request.body.template!.components as Array<{ parameters: Array<{ text: string }> }>
          )[0]!.parameters.map((parameter) => parameter.text),
        ]);
    clock.now = new Date('2026-10-02T14:00:00Z');
    await runAutopay(s.app.app.core.deps);
    clock.now = new Date('2026-10-05T14:00:00Z');
    await runAutopay(s.app.app.core.deps);
    await s.flush();
    expect(templates()).toEqual([
      [
        'cuota_aviso_cobro',
        [
          '05/10/2026',
          'RD$3,900',
          expect.stringMatching(/^Visa terminada en \d{4}$/),
          expect.stringContaining('Cuota'),
          expect.stringContaining('(orden '),
          expect.stringMatching(/\/profile\?tab=pagos$/),
        ],
      ],
      [
        'cuota_no_cobrada',
        [
          'RD$3,900',
          expect.stringMatching(/^Visa terminada en \d{4}$/),
          expect.stringContaining('(orden '),
          expect.any(String),
          WHATSAPP_MESSAGES.nextTry('06/10/2026'),
          expect.stringMatching(/\/profile\?tab=pagos$/),
        ],
      ],
    ]);
  });

  it('marks a number Meta cannot reach, and that family gets e-mail only from then on', async () => {
    const s = await school({ unreachable: [NUMBER] });
    await paidOrder(s.app, s.parent.token, withWhatsApp(enrolmentRequest(s.cart, [[0]])));
    await s.flush();
    expect((await s.outbox())[0]).toMatchObject({ status: 'failed', error_code: 131026 });
    expect(await s.contact()).toMatchObject({ unreachable_at: expect.any(Date), unreachable_code: 131026 });
    await paidOrder(s.app, s.parent.token, enrolmentRequest(s.cart, [[1]]));
    await s.flush();
    expect(meta!.accepted).toHaveLength(1);
    expect(s.app.mails.filter((mail) => mail.kind === 'enrolment')).toHaveLength(2);
  });

  it("waits out Meta's rate limit without losing or repeating a message", async () => {
    const s = await school({ ratePerSecond: 1 });
    const other = await s.app.createUser({ email: 'luisa@correo.do' });
    await paidOrder(s.app, s.parent.token, withWhatsApp(enrolmentRequest(s.cart, [[0]])));
    await paidOrder(s.app, other.token, withWhatsApp(enrolmentRequest(s.cart, [[1]]), '829-555-0202'));
    await s.flush();
    const items = await s.outbox();
    const waiting = items.filter((item) => item.status === 'pending');
    // One went; the second met Meta's per-second limit and the queue waits 2 s, not counted as a failure.
    expect(meta!.refused.map((refusal) => refusal.code)).toContain(130429);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ attempts: 0, throttles: 1 });
    expect(waiting[0]!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 1_000);
    expect(waiting[0]!.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now() + 2_000);
    // Refused again, the wait doubles up to a minute; a family's or the account's limit waits a minute.
    expect([1, 2, 3, 6, 9].map((times) => rateLimitWait(130429, times))).toEqual([
      2_000, 4_000, 8_000, 60_000, 60_000,
    ]);
    expect(rateLimitWait(131056, 1)).toBe(60_000);
    await s.app.store
      .collection<OutboxMessage>(WHATSAPP_OUTBOX)
      .updateOne({ _id: waiting[0]!._id }, { set: { next_attempt_at: new Date(0) } });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await s.flush();
    expect(meta!.accepted.map((request) => request.body.to).sort()).toEqual([NUMBER, '18295550202']);
    expect((await s.outbox()).every((item) => item.status === 'delivered')).toBe(true);
  });

  it('a send cut off after Meta took it is not sent again: its status names it', async () => {
    const s = await school({ statuses: [] });
    await paidOrder(s.app, s.parent.token, withWhatsApp(enrolmentRequest(s.cart, [[0]])));
    await s.flush();
    expect(meta!.accepted).toHaveLength(1);
    // As a crash leaves it: Meta has it, our record says 'sending' with no id, its lease over.
    const items = s.app.store.collection<OutboxMessage>(WHATSAPP_OUTBOX);
    const [item] = await items.find({});
    await items.updateOne(
      { _id: item!._id },
      { set: { status: 'sending', wamid: null, next_attempt_at: new Date(Date.now() + SENDING_LEASE_MS) } },
    );
    // Meta's 'sent' arrives, carrying our id: the message is known as sent.
    const wamid = item!.wamid!;
    expect(await meta!.notify(wamid, 'sent')).toBe(200);
    expect(await items.findById(item!._id)).toMatchObject({ status: 'sent', wamid });
    await items.updateOne({ _id: item!._id }, { set: { next_attempt_at: new Date(0) } });
    await s.flush();
    expect(meta!.accepted).toHaveLength(1);
  });
});

describe('the templates and numbers (issue 56)', () => {
  it('lists in the README every template exactly as the code sends it', async () => {
    const fs = await import('node:fs/promises');
    const readme = await fs.readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const rows = [...readme.matchAll(/^\| `([a-z_]+)`\s*\| (.+?)\s*\|$/gm)].map((row) => [row[1], row[2]]);
    expect(Object.fromEntries(rows.filter(([name]) => name! in WHATSAPP_TEMPLATES))).toEqual(
      Object.fromEntries(Object.entries(WHATSAPP_TEMPLATES).map(([name, template]) => [name, template.body])),
    );
  });

  it('writes Dominican numbers as 1 + ten digits, whatever way they are typed, and refuses what cannot be a mobile', () => {
    for (const typed of ['809-555-0101', '(809) 555 0101', '8095550101', '+1 809 555 0101', '1-809-555-0101'])
      expect(whatsappNumber(typed)).toBe('18095550101');
    expect(whatsappNumber('829.555.0202')).toBe('18295550202');
    expect(whatsappNumber('+34 600 123 456')).toBe('34600123456');
    for (const typed of ['555-0101', '212-555-0101', '', 'ochocientos'])
      expect(whatsappNumber(typed)).toBeNull();
    for (const word of ['BAJA', ' baja ', 'Baja.', 'STOP', 'stop!']) expect(isOptOut(word)).toBe(true);
    for (const text of ['No quiero baja de precio', 'hola']) expect(isOptOut(text)).toBe(false);
  });
});
