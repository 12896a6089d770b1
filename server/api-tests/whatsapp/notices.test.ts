// The office's notices, 'Avisos' (issue 56), against the stand-in of Meta's Cloud API: a notice to
// a week's 30 families, 3 of them stopped ('BAJA') and 2 unreachable, is previewed by channel and
// sent as 25 WhatsApp messages and 30 e-mails, once each (a family with two orders too); Meta's
// statuses move the notice's counts; the families without WhatsApp are listed to call; quiet
// hours hold a notice that is not urgent; a coach sends to their own group only; bad input is
// refused in Spanish and changes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, type TestApp } from '../../testing/build.ts';
import type { WhatsAppStandin } from '../../testing/whatsapp-standin.ts';
import { buildWhatsAppTestApp } from '../../testing/whatsapp-app.ts';
import { demoWeekFamilies, familyNumber } from '../../testing/notice-families.ts';
import { WHATSAPP_OUTBOX, type OutboxMessage } from '../../../src/core/messaging/whatsapp.ts';
import { sendDueNotices } from '../../../src/core/messaging/notices.ts';
import { NOTICE_MESSAGES } from '../../../src/domain/notices.ts';
import type { NoticePreview, NoticeView } from '../../../src/domain/notices.ts';
import type { Enrolment, UserRecord } from '../../../src/domain/records.ts';
import type { OutboxItem } from '../../mail/outbox.ts';

const TEXT = 'Mañana la práctica es en el techado por la lluvia. Traigan agua y toalla.';

let t: TestApp | undefined;
let meta: WhatsAppStandin | undefined;
afterEach(async () => {
  [t, meta] = await closeAll(t, meta);
});

/**
 * The demo school with WhatsApp against the stand-in, an office account and the families of the
 * demo camp's first week: one real paid order, copied for 30 families (3 stopped, 2 unreachable),
 * and a second order of family 5 for another child.
 */
async function week(clock = { now: new Date('2027-06-10T15:00:00Z') }) {
  const built = await buildWhatsAppTestApp(
    { statuses: ['sent', 'delivered'] },
    { deps: { clock: () => clock.now } },
  );
  const app = (t = built.app);
  meta = built.meta;
  const { cart, order, families } = await demoWeekFamilies(app, 30, { optedOut: 3, unreachable: 2 });
  const { _id: _ignored, ...copy } = order;
  await app.store
    .collection<Enrolment>('inscripciones')
    .insertOne({ ...copy, user_id: families[5]!._id, order_number: 'AV99999' });
  const office = await staff(app, 'oficina@escuela.do', { role: 'oficina' });
  const weekId = cart.weeks[0]!._id;
  const audience = { kind: 'week', campament: cart.camp._id, week: weekId } as const;
  const flush = async () => {
    // Twice: a run that began while the notice was still being expanded missed its last messages.
    await app.app.schools.default.whatsapp!.flush();
    await app.app.schools.default.whatsapp!.flush();
    await meta!.settled();
    await app.app.outbox.flush();
  };
  const notices = async (token = office.token) =>
    (await app.api({ method: 'GET', url: '/api/avisos', token })).json<{ data: NoticeView[] }>().data;
  /** POST /api/avisos (sending) or its preview: by default the office, this week, TEXT. */
  const post =
    (url: string) =>
    (payload: object = { audience, text: TEXT }, token = office.token) =>
      app.api({ method: 'POST', url, token, payload });
  const send = post('/api/avisos');
  const preview = post('/api/avisos/vista-previa');
  const mails = () => app.store.collection<OutboxItem>('outbox').find({ kind: 'aviso' });
  const messages = () => app.store.collection<OutboxMessage>(WHATSAPP_OUTBOX).find({ kind: 'aviso' });
  return {
    app,
    cart,
    order,
    families,
    office,
    audience,
    flush,
    notices,
    send,
    preview,
    mails,
    messages,
    clock,
  };
}

async function staff(app: TestApp, email: string, fields: Partial<UserRecord>) {
  const account = await app.createUser({ email, admin: true });
  await app.store.collection<UserRecord>('usuarios').updateOne({ _id: account.user._id }, { set: fields });
  return account;
}

describe("the office's notices ('Avisos', issue 56)", () => {
  it('previews a week by channel, then sends 25 WhatsApp messages and 30 e-mails once each; statuses move its counts', async () => {
    const w = await week();
    const preview = await w.preview();
    expect(preview.statusCode, preview.body).toBe(200);
    const seen = preview.json<{ data: NoticePreview }>().data;
    expect(seen).toMatchObject({ families: 30, email: 30, whatsapp: 25, held_until: null });
    expect(seen.without_whatsapp.map((family) => family.no_whatsapp).sort()).toEqual([
      'opted_out',
      'opted_out',
      'opted_out',
      'unreachable',
      'unreachable',
    ]);
    // The preview sends nothing.
    expect(await w.messages()).toEqual([]);

    const body = { audience: w.audience, text: TEXT, key: 'borrador-0001' };
    const sent = await w.send(body);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ message: string }>().message).toBe(NOTICE_MESSAGES.sent(30));
    // The same draft sent again (a second click) is the same notice.
    const again = await w.send(body);
    expect(again.json<{ id: string }>().id).toBe(sent.json<{ id: string }>().id);
    await w.flush();

    // Each reachable family once, as the 'aviso_escuela' template: the school's name and the text.
    const numbers = meta!.accepted.map((request) => request.body.to);
    expect(numbers).toHaveLength(25);
    expect(new Set(numbers).size).toBe(25);
    for (const index of [0, 1, 2, 3, 4]) expect(numbers).not.toContain(familyNumber(index));
    expect(meta!.accepted[0]!.body.template).toMatchObject({
      name: 'aviso_escuela',
      language: { code: 'es' },
      components: [{ type: 'body', parameters: [{ type: 'text' }, { type: 'text', text: TEXT }] }],
    });
    // Every family by e-mail once, the family with two orders too.
    const mails = await w.mails();
    expect(mails).toHaveLength(30);
    expect(new Set(mails.map((mail) => mail.to[0])).size).toBe(30);
    expect(mails.every((mail) => mail.status === 'sent' && mail.text.includes(TEXT))).toBe(true);

    // Meta's statuses (sent, delivered) then 'read' by five families move the counts.
    const [notice] = await w.notices();
    expect(notice).toMatchObject({ families: 30, email: 30, status: 'sent' });
    expect(notice!.whatsapp).toEqual({ queued: 0, sent: 25, delivered: 25, read: 0, failed: 0 });
    for (const message of (await w.messages()).slice(0, 5)) await meta!.notify(message.wamid!, 'read');
    await meta!.settled();
    const [after] = await w.notices();
    expect(after!.whatsapp).toMatchObject({ sent: 25, delivered: 25, read: 5 });
    // The families to call: the 5 without WhatsApp, with their phone.
    expect(after!.to_call).toHaveLength(5);
    expect(after!.to_call.map((family) => family.reason).sort()).toEqual([
      'Número sin WhatsApp',
      'Número sin WhatsApp',
      'Se dio de baja',
      'Se dio de baja',
      'Se dio de baja',
    ]);
    expect(after!.to_call.every((family) => /^809-\d{3}-0101$/.test(family.phone))).toBe(true);
  });

  it('holds a notice written in quiet hours until 07:00 in Santo Domingo; an urgent one goes at once', async () => {
    // 22:30 in Santo Domingo (UTC-4).
    const w = await week({ now: new Date('2027-06-11T02:30:00Z') });
    const preview = await w.preview();
    expect(preview.json<{ data: NoticePreview }>().data.held_until).toMatch(/^11\/6.*7:00/);
    const held = await w.send();
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json<{ message: string }>().message).toContain('horario de descanso');
    await sendDueNotices(w.app.app.schools.default.core.deps);
    await w.flush();
    expect(meta!.accepted).toHaveLength(0);
    expect(await w.mails()).toHaveLength(0);
    expect((await w.notices())[0]).toMatchObject({ status: 'held' });

    const urgent = await w.send({
      audience: w.audience,
      text: 'Mañana no hay práctica: cancha cerrada.',
      urgent: true,
    });
    expect(urgent.json<{ message: string }>().message).toBe(NOTICE_MESSAGES.sent(30));
    await w.flush();
    expect(meta!.accepted).toHaveLength(25);

    // 07:00 in Santo Domingo: the pass sends the held one.
    w.clock.now = new Date('2027-06-11T11:00:00Z');
    await sendDueNotices(w.app.app.schools.default.core.deps);
    await w.flush();
    expect(meta!.accepted).toHaveLength(50);
    expect(await w.mails()).toHaveLength(60);
    expect((await w.notices()).map((notice) => notice.status)).toEqual(['sent', 'sent']);
  });

  it('lets a coach send to their own group only, never to a camp', async () => {
    const w = await week();
    const category = w.order.lines[0]!.time;
    const coach = await staff(w.app, 'coach@escuela.do', {
      role: 'entrenador',
      assigned_weeks: [w.audience.week],
      assigned_categories: [category],
    });
    for (const audience of [
      { kind: 'camp', campament: w.cart.camp._id },
      w.audience,
      { kind: 'overdue' },
      { kind: 'category', campament: w.cart.camp._id, category },
    ]) {
      const refused = await w.send({ audience, text: TEXT }, coach.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(NOTICE_MESSAGES.coachOwnGroups);
    }
    expect(await w.mails()).toHaveLength(0);
    const own = await w.send(
      { audience: { ...w.audience, kind: 'category', category }, text: TEXT },
      coach.token,
    );
    expect(own.statusCode, own.body).toBe(200);
    await w.flush();
    expect(meta!.accepted).toHaveLength(25);
    // The coach's list holds their own notices; the office's all of them.
    expect(await w.notices(coach.token)).toHaveLength(1);
    expect(await w.notices()).toHaveLength(1);
  });

  it('refuses bad input in Spanish and stores nothing', async () => {
    const w = await week();
    const other = w.cart.weeks.find((week) => week.campament !== w.cart.camp._id);
    const cases: Array<[Record<string, unknown>, number, string | RegExp]> = [
      [{ audience: w.audience, text: '   ' }, 400, NOTICE_MESSAGES.emptyText],
      [{ audience: w.audience, text: 'x'.repeat(701) }, 400, NOTICE_MESSAGES.longText],
      [
        { audience: { ...w.audience, week: other?._id ?? 'a'.repeat(24) }, text: TEXT },
        400,
        NOTICE_MESSAGES.weekNotFound,
      ],
      [
        { audience: { kind: 'camp', campament: 'b'.repeat(24) }, text: TEXT },
        400,
        NOTICE_MESSAGES.campNotFound,
      ],
      [
        { audience: { kind: 'category', campament: w.cart.camp._id, category: 'c'.repeat(24) }, text: TEXT },
        400,
        NOTICE_MESSAGES.categoryNotFound,
      ],
      [{ audience: { kind: 'semana' }, text: TEXT }, 400, /[áéíóúñ]|Revise|campo|inválid|válid/i],
      [{ audience: { kind: 'overdue' }, text: TEXT }, 400, NOTICE_MESSAGES.noFamilies],
    ];
    for (const [payload, status, message] of cases) {
      const res = await w.send(payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect(await w.app.store.collection('avisos').find({})).toEqual([]);
    expect(await w.mails()).toHaveLength(0);
    // A parent is not staff.
    const parent = await w.app.createUser({ email: 'madre@correo.do' });
    const res = await w.send({ audience: w.audience, text: TEXT }, parent.token);
    expect(res.statusCode).toBe(403);
  });
});
