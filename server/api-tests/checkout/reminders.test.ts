// The reminder to finish an enrolment (issue 18): a cart the wizard reported and left unpaid for a
// day gets one Spanish e-mail with a link to go on and one to stop reminders; never after a payment,
// never twice, never to a family that opted out.
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/build.ts';
import { sendCartReminders } from '../../../src/core/checkout/carts.ts';
import type { UserRecord } from '../../../src/domain/records.ts';
import { demoSchoolOnClock, enrolmentRequest, payAs, type DemoCart } from './testing.ts';

let t: TestApp;
afterEach(async () => t?.close());

async function setup() {
  const school = await demoSchoolOnClock();
  t = school.t;
  const parent = await t.createUser({ email: 'carmen@correo.do' });
  return { ...school, parent };
}

const report = (token: string, cart: DemoCart, weeks: number[], participants = 1) =>
  t.api({
    method: 'POST',
    url: `/api/carritos/${cart.camp._id}`,
    token,
    payload: { weeks: weeks.map((index) => cart.weeks[index]!._id), participants },
  });

const remind = () => sendCartReminders(t.app.core.deps);
const reminders = () => t.store.collection('outbox').find({ kind: 'cart-reminder' });

describe('the reminder of an unpaid cart', () => {
  it('goes once, a day after the last change, in Spanish, with the weeks and both links', async () => {
    const { cart, parent, later } = await setup();
    const saved = await report(parent.token, cart, [0, 1], 2);
    expect(saved.statusCode).toBe(200);
    // A page from before holds sends no places: its holds stay as they are (none).
    expect(saved.json()).toEqual({
      status: 'SUCCESS',
      message: 'Carrito guardado',
      data: { expires_at: null, weeks: [] },
    });
    later(20);
    await report(parent.token, cart, [0, 1, 2], 2); // a change starts the day again
    later(23);
    expect(await remind()).toBe(0);
    later(2);
    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);
    const [mail] = await reminders();
    expect(mail).toMatchObject({
      to: ['carmen@correo.do'],
      subject: 'Complete su inscripción en Campamento de Verano 2027',
    });
    expect(mail!.text).toContain(
      'Empezó a inscribir en Campamento de Verano 2027 y el pago quedó sin completar.',
    );
    expect(mail!.text).toContain(`En su carrito: ${cart.weeks[0]!.name} (${cart.weeks[0]!.date})`);
    expect(mail!.text).toContain(
      `Continuar la inscripción: https://inscripciones.escuela.do/login?camp=${cart.camp._id}`,
    );
    expect(mail!.text).toMatch(
      /no desea recibir más recordatorios como este: https:\/\/inscripciones\.escuela\.do\/api\/recordatorios\/baja\?token=\S+/,
    );
  });

  it('never goes when the family paid for that camp meanwhile', async () => {
    const { cart, parent, later } = await setup();
    await report(parent.token, cart, [0]);
    later(1);
    const paid = await payAs(t, parent.token, enrolmentRequest(cart, [[0]]));
    expect(paid.statusCode).toBe(201);
    later(30);
    expect(await remind()).toBe(0);
    expect(await reminders()).toEqual([]);
  });

  it('an emptied cart is forgotten; another family is not reminded of it', async () => {
    const { cart, parent, later } = await setup();
    await report(parent.token, cart, [0]);
    await report(parent.token, cart, []);
    const other = await t.createUser();
    await report(other.token, cart, [3]);
    later(25);
    expect(await remind()).toBe(1);
    expect((await reminders())[0]!.to).toEqual([other.user.email]);
  });

  it('the link in it stops further reminders for the account; a wrong link changes nothing', async () => {
    const { cart, parent, later } = await setup();
    await report(parent.token, cart, [0]);
    later(25);
    await remind();
    const link = /\/api\/recordatorios\/baja\?token=(\S+)/.exec((await reminders())[0]!.text as string)!;
    const wrong = await t.app.inject({ method: 'GET', url: '/api/recordatorios/baja?token=otro' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toContain('El enlace no es válido o ya fue usado.');
    // Opened from the e-mail by a browser: no account header, no token.
    const res = await t.app.inject({ method: 'GET', url: `/api/recordatorios/baja?token=${link[1]}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // A page: the pages' CSP, which lets its inline style apply (the API's JSON answers allow nothing).
    expect(String(res.headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.body).toContain('Listo: no le enviaremos más recordatorios de inscripciones sin completar.');
    const user = await t.store.collection<UserRecord>('usuarios').findById(parent.user._id);
    expect(user!.reminders_opt_out).toBe(true);
    // A new cart later: no reminder.
    await report(parent.token, cart, [1]);
    later(25);
    expect(await remind()).toBe(0);
  });

  it('refuses a bad cart: unknown camp 404, too many weeks or bad ids 400, and stores nothing', async () => {
    const { cart, parent } = await setup();
    const unknown = await t.api({
      method: 'POST',
      url: '/api/carritos/0123456789abcdef01234567',
      token: parent.token,
      payload: { weeks: [], participants: 0 },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.api({
      method: 'POST',
      url: `/api/carritos/${cart.camp._id}`,
      token: parent.token,
      payload: { weeks: ['<script>'], participants: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(await t.store.collection('carritos').count({})).toBe(0);
    const anonymous = await t.api({
      method: 'POST',
      url: `/api/carritos/${cart.camp._id}`,
      payload: { weeks: [], participants: 0 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
