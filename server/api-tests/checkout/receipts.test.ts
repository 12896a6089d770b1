// Fiscal receipts (issue 18): every paid enrolment gets a comprobante with an NCF from the school's
// sequences (B02, or B01 with the parent's RNC and company name), as a PDF attached to the
// confirmation and downloadable by the family and staff; a cancelled B01 gets its B04. A sequence
// that runs out or expires stops issuing, alerts the admins, and what waited is issued and e-mailed
// once staff add one. The PDFs are read back with unpdf.
import { afterEach, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { TestApp } from '../../testing/build.ts';
import { ncfRange } from '../../testing/ecf.ts';
import { formatDop } from '../../../src/domain/pricing.ts';
import { FIELD_MESSAGES } from '../../../src/domain/enrolment.ts';
import {
  RECEIPT_MESSAGES as R,
  type FiscalSettingsInput,
  type NcfSequence,
  type Receipt,
  type SequenceInput,
} from '../../../src/domain/receipts.ts';
import type { Enrolment } from '../../../src/domain/records.ts';
import {
  demoSchoolOnClock,
  enrolmentRequest,
  payAs,
  staffCancel as cancelAs,
  type DemoCart,
} from './testing.ts';
import { issuePendingReceipts } from '../../../src/core/receipts/pending-receipts.ts';
import { expectReceiptLinksDownload } from './receipt-links.ts';
import { expectRefused } from '../testing.ts';

let t: TestApp;
afterEach(async () => t?.close());

async function setup() {
  const school = await demoSchoolOnClock();
  t = school.t;
  const admin = await t.createUser({ email: 'admin@escuela.do', admin: true });
  return { ...school, admin };
}

async function pay(token: string, cart: DemoCart, body = enrolmentRequest(cart, [[0]])) {
  const res = await payAs(t, token, body);
  expect(res.statusCode, res.body).toBe(201);
  return (await t.store
    .collection<Enrolment>('inscripciones')
    .findOne({ order_number: res.json().result.orderId }))!;
}

/** Sends every queued e-mail (a flush already running only sends what was due when it began). */
async function sendAll() {
  for (let round = 0; round < 5; round += 1) await t.app.outbox.flush();
}

/** A one-week order whose parent asked for an invoice with the company's RNC and name (a B01). */
const withInvoice = (cart: DemoCart) => ({
  ...enrolmentRequest(cart, [[0]]),
  comprobantefiscal: true,
  rnc: '1-01-23456-3',
  rnc_nombre: 'Inversiones Caribe SRL',
});

const staffCancel = (token: string, id: string) => cancelAs(t, token, id, 'Viaje');

const receipts = () => t.store.collection<Receipt>('comprobantes').find({}, { sort: { ncf: 1 } });
const download = (token: string, id: string, type: string, staff = false) =>
  t.api({ method: 'GET', url: `/api/comprobantes/${staff ? 'staff/' : ''}${id}/${type}`, token });

async function pdfText(body: Buffer | Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** Staff add an NCF range. */
const addRange = (token: string, range: SequenceInput) =>
  t.api({ method: 'POST', url: '/api/secuencias-ncf', token, payload: range });

/** Staff save the school's fiscal data. */
/** Saves the school's fiscal settings: a school charging ITBIS, with `changes` over it. */
const saveFiscal = (token: string, changes: Partial<FiscalSettingsInput> = {}) => {
  const data: FiscalSettingsInput = {
    school_name: 'Escuela',
    rnc: '130000001',
    address: 'Calle 1',
    phone: '',
    itbis: 'gravado',
    ...changes,
  };
  return t.api({ method: 'POST', url: '/api/ajustes/fiscal', token, payload: data });
};

/** Only the demo's sequences of one type, replaced by one range (first..last), expiring on `day`. */
async function onlySequence(type: string, first: number, last: number, day = '2028-12-31') {
  const sequences = t.store.collection<NcfSequence>('secuencias_ncf');
  await sequences.deleteMany({ type });
  await sequences.insertOne(
    ncfRange(type as NcfSequence['type'], first, last, { expiresOn: new Date(`${day}T23:59:59.999-04:00`) }),
  );
}

describe('fiscal receipts', () => {
  it('a paid order gets a B02 in its confirmation e-mail, the same PDF downloads for the family and staff', async () => {
    const { cart, admin } = await setup();
    const parent = await t.createUser({ email: 'ana@correo.do' });
    const order = await pay(parent.token, cart, enrolmentRequest(cart, [[0, 1], [1]]));

    const [receipt] = await receipts();
    expect(receipt).toMatchObject({
      ncf: 'B0200000001',
      type: 'B02',
      enrolment_id: order._id,
      total: order.amount,
      base: order.amount,
      itbis: 0,
      buyer: null,
    });
    // Lines per child and week, less the discounts: exactly what was charged.
    expect(receipt!.lines).toHaveLength(3);
    const discounts = receipt!.discounts.reduce((sum, line) => sum + line.amount, 0);
    expect(receipt!.gross - discounts).toBe(order.amount);
    expect(order.price.discount).toBeGreaterThan(0);

    await sendAll();
    const confirmation = t.mails.find((mail) => mail.kind === 'enrolment')!;
    expect(confirmation.text).toContain('NCF B0200000001');
    expect(confirmation.attachments).toEqual([
      expect.objectContaining({ filename: 'comprobante-B0200000001.pdf', contentType: 'application/pdf' }),
    ]);
    const attached = Buffer.from(confirmation.attachments![0]!.content, 'base64');

    const res = await download(parent.token, order._id, 'B02');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="comprobante-B0200000001.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The same receipt always draws the same file.
    expect(Buffer.compare(res.rawPayload, attached)).toBe(0);

    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Factura de consumo',
      'B0200000001',
      'RNC: 1-30-00000-1',
      'Escuela de Baloncesto (demostración)',
      'Válido hasta: 31/12/2028',
      `Orden: ${order.order_number}`,
      'ITBIS: Exento (servicio educativo)',
      `Total ${formatDop(order.amount)}`,
      `${order.participants[0]!.first_name} ${order.participants[0]!.last_name} — ${cart.weeks[0]!.name}`,
    ])
      expect(text).toContain(expected);

    expect((await download(admin.token, order._id, 'B02', true)).statusCode).toBe(200);
    // Another family, a type the order does not have, a parent on the staff's call.
    const other = await t.createUser({ email: 'otra@correo.do' });
    const refused = await download(other.token, order._id, 'B02');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(R.notFound);
    expect((await download(parent.token, order._id, 'B01')).statusCode).toBe(404);
    expect((await download(parent.token, order._id, 'B02', true)).statusCode).toBe(403);

    // The profile lists it.
    const activity = await t.api({ method: 'GET', url: '/api/usuarios/activity', token: parent.token });
    expect(activity.json().data.enrolments[0].receipts).toEqual([
      { type: 'B02', ncf: 'B0200000001', ref: 'B02' },
    ]);
  });

  it('an invoice with RNC is a B01 for the company; cancelling it issues the B04 that modifies it', async () => {
    const { cart, admin } = await setup();
    const parent = await t.createUser({ email: 'empresa@correo.do' });
    const order = await pay(parent.token, cart, withInvoice(cart));
    const invoice = (await receipts())[0]!;
    expect(invoice).toMatchObject({
      ncf: 'B0100000001',
      buyer: { rnc: '1-01-23456-3', name: 'Inversiones Caribe SRL' },
    });
    const text = await pdfText((await download(parent.token, order._id, 'B01')).rawPayload);
    expect(text).toContain('Factura de crédito fiscal');
    expect(text).toContain('RNC del cliente: 1-01-23456-3');
    expect(text).toContain('Razón social: Inversiones Caribe SRL');

    const cancel = await staffCancel(admin.token, order._id);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const note = (await receipts()).find((receipt) => receipt.type === 'B04')!;
    expect(note).toMatchObject({ ncf: 'B0400000001', modifies: 'B0100000001', total: order.amount });
    const noteText = await pdfText((await download(parent.token, order._id, 'B04')).rawPayload);
    expect(noteText).toContain('Nota de crédito');
    expect(noteText).toContain('NCF modificado: B0100000001');
    expect(noteText).toContain(`Total ${formatDop(order.amount)}`);

    await sendAll();
    const mail = t.mails.find((sent) => sent.kind === 'enrolment-cancelled')!;
    expect(mail.text).toContain('nota de crédito (NCF B0400000001)');
    expect(mail.attachments?.[0]?.filename).toBe('comprobante-B0400000001.pdf');
    // A cancelled B02 gets no credit note.
    const plain = await pay(parent.token, cart);
    await staffCancel(admin.token, plain._id);
    expect((await receipts()).map((receipt) => receipt.ncf)).toEqual([
      'B0100000001',
      'B0200000001',
      'B0400000001',
    ]);
  });

  // Issue 53, item 8: 'Nota de crédito B04… (PDF)' after a partial change answered 404: every
  // receipt the order shows downloads, for staff and the family, by the link the order gives.
  it("every receipt an order shows downloads for staff and the family: the B01, a change's B04, the cancellation's B04", async () => {
    const { cart, admin } = await setup();
    const parent = await t.createUser({ email: 'empresa@correo.do' });
    const other = await t.createUser({ email: 'otra@correo.do' });
    const tokens = { admin: admin.token, parent: parent.token, otherFamily: other.token };
    // One child in weeks 1 and 2, with the company's RNC: a B01.
    const order = await pay(parent.token, cart, {
      ...enrolmentRequest(cart, [[0, 1]]),
      comprobantefiscal: true,
      rnc: '1-01-23456-3',
      rnc_nombre: 'Inversiones Caribe SRL',
    });
    expect((await expectReceiptLinksDownload(t, order._id, tokens)).map((r) => r.type)).toEqual(['B01']);

    // A partial change with a card refund: its own credit note, listed and downloadable.
    const changed = await t.api({
      method: 'POST',
      url: `/api/inscripciones/cambios/${order._id}`,
      token: admin.token,
      payload: { action: 'drop_week', cupo: 1, week: cart.weeks[1]!._id, refund: 'card', reason: 'Viaje' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const afterChange = await expectReceiptLinksDownload(t, order._id, tokens);
    expect(afterChange.map((r) => [r.type, r.ncf])).toEqual([
      ['B01', 'B0100000001'],
      ['B04', 'B0400000001'],
    ]);
    // The link the issue followed (by type) named no receipt of this order; by its ref it does.
    expect(afterChange[1]!.ref).toBe('B04-c1');
    const changeNote = await pdfText(
      (await download(parent.token, order._id, afterChange[1]!.ref)).rawPayload,
    );
    expect(changeNote).toContain('Nota de crédito');
    expect(changeNote).toContain('NCF modificado: B0100000001');

    // The cancellation's credit note too.
    expect((await staffCancel(admin.token, order._id)).statusCode).toBe(200);
    const all = await expectReceiptLinksDownload(t, order._id, tokens);
    expect(all.map((r) => [r.ncf, r.ref])).toEqual([
      ['B0100000001', 'B01'],
      ['B0400000001', 'B04-c1'],
      ['B0400000002', 'B04'],
    ]);
    // A ref of another order, or one that names nothing, is not this order's.
    const plain = await pay(parent.token, cart, enrolmentRequest(cart, [[2]]));
    expect((await download(parent.token, plain._id, 'B04-c1')).statusCode).toBe(404);
    expect((await download(admin.token, plain._id, 'B01', true)).statusCode).toBe(404);
    const bad = await download(parent.token, order._id, 'B04-../../x');
    expect(bad.statusCode).toBe(400);
  });

  it('a receipt that cannot be written never holds back the confirmation or the cancellation: logged, owed, issued later (issue 23)', async () => {
    const { cart, admin } = await setup();
    const parent = await t.createUser({ email: 'ana@correo.do' });
    // The receipts' collection fails its writes (a full disk), then recovers.
    const collection = t.store.collection('comprobantes');
    const insert = collection.insertOne.bind(collection);
    collection.insertOne = () => Promise.reject(new Error('disco lleno'));
    try {
      const order = await pay(parent.token, cart, withInvoice(cart));
      await sendAll();
      const confirmation = t.mails.find((mail) => mail.kind === 'enrolment')!;
      expect(confirmation.attachments ?? []).toHaveLength(0);
      expect(
        (await t.store.collection<Enrolment>('inscripciones').findById(order._id))!.receipt_pending,
      ).toBe(true);
      expect((await staffCancel(admin.token, order._id)).statusCode).toBe(200);
      await sendAll();
      const cancelled = t.mails.find((mail) => mail.kind === 'enrolment-cancelled')!;
      expect(cancelled.attachments ?? []).toHaveLength(0);
      expect(t.logs().filter((line) => line.msg === 'the fiscal receipt could not be issued')).toHaveLength(
        2,
      );
      collection.insertOne = insert;
      // The pass issues what the order was owed: its invoice and the credit note of the cancellation.
      await issuePendingReceipts(t.app.core.deps);
      expect((await receipts()).map((receipt) => receipt.type)).toEqual(['B01', 'B04']);
    } finally {
      collection.insertOne = insert;
    }
  });

  it('an order paid before receipts existed gets neither an invoice nor a credit note when cancelled', async () => {
    const { cart, admin } = await setup();
    const parent = await t.createUser({ email: 'antigua@correo.do' });
    const order = await pay(parent.token, cart, withInvoice(cart));
    // As stored before this feature: no receipt.
    await t.store.collection('comprobantes').deleteMany({});
    const cancel = await staffCancel(admin.token, order._id);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await receipts()).toEqual([]);
    expect(
      (await t.store.collection<Enrolment>('inscripciones').findById(order._id))!.receipt_pending,
    ).toBeFalsy();
  });

  it('20 payments at once on a range of 15: 15 distinct numbers, the rest wait, admins alerted once; a new sequence issues and e-mails them', async () => {
    const { cart, admin, later } = await setup();
    await onlySequence('B02', 1, 15);
    const parents = await Promise.all(
      Array.from({ length: 20 }, (_, index) => t.createUser({ email: `familia${index}@correo.do` })),
    );
    const answers = await Promise.all(
      parents.map((parent) => payAs(t, parent.token, enrolmentRequest(cart, [[0]]))),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(201));

    const issued = await receipts();
    expect(issued.map((receipt) => receipt.ncf)).toEqual(
      Array.from({ length: 15 }, (_, index) => `B02${String(index + 1).padStart(8, '0')}`),
    );
    const waiting = await t.store.collection<Enrolment>('inscripciones').find({ receipt_pending: true });
    expect(waiting).toHaveLength(5);
    // The family sees in its profile that the receipt is on its way.
    const waitingParent = parents.find((parent) => parent.user._id === waiting[0]!.user_id)!;
    const [listed] = (
      await t.api({ method: 'GET', url: '/api/usuarios/activity', token: waitingParent.token })
    ).json().data.enrolments;
    expect(listed).toMatchObject({ receipts: [], receipt_pending: true });
    const servedParent = parents.find(
      (parent) => !waiting.some((order) => order.user_id === parent.user._id),
    )!;
    const [served] = (
      await t.api({ method: 'GET', url: '/api/usuarios/activity', token: servedParent.token })
    ).json().data.enrolments;
    expect(served.receipt_pending).toBe(false);

    await sendAll();
    const alerts = t.mails.filter((mail) => mail.kind === 'ncf-alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ to: ['admin@escuela.do'], subject: R.alertSubject('B02') });
    expect(alerts[0]!.text).toContain(R.noSequence('B02'));
    const pendingConfirmations = t.mails.filter(
      (mail) => mail.kind === 'enrolment' && mail.text.includes(R.pendingMail),
    );
    expect(pendingConfirmations).toHaveLength(5);

    const status = await t.api({ method: 'GET', url: '/api/ajustes/fiscal', token: admin.token });
    expect(status.json().data.alerts).toEqual(expect.arrayContaining([R.noSequence('B02'), R.waiting(5)]));
    expect(status.json().data.sequences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ first: 'B0200000001', left: 0, status: 'exhausted' }),
      ]),
    );

    // Overlapping the used range is refused; the next range is taken and issues what waited.
    const overlap = await addRange(admin.token, {
      type: 'B02',
      first: 10,
      last: 50,
      expires_on: '2028-12-31',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe(R.rangeOverlap);
    const added = await addRange(admin.token, {
      type: 'B02',
      first: 16,
      last: 100,
      expires_on: '2028-12-31',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(R.sequenceAdded);
    expect((await receipts()).map((receipt) => receipt.ncf).slice(15)).toEqual([
      'B0200000016',
      'B0200000017',
      'B0200000018',
      'B0200000019',
      'B0200000020',
    ]);
    expect(await t.store.collection('inscripciones').count({ receipt_pending: true })).toBe(0);
    // E-mailed on their own by the next pass (a step that issues one is given two minutes to send it).
    await issuePendingReceipts(t.app.core.deps);
    await sendAll();
    expect(t.mails.filter((mail) => mail.kind === 'receipt')).toHaveLength(0);
    later(0.05);
    await issuePendingReceipts(t.app.core.deps);
    await issuePendingReceipts(t.app.core.deps);
    await sendAll();
    const late = t.mails.filter((mail) => mail.kind === 'receipt');
    expect(late).toHaveLength(5);
    expect(late.map((mail) => mail.subject).sort()).toEqual(
      waiting.map((order) => R.mailSubject(order.order_number)).sort(),
    );
    expect(late[0]!.attachments?.[0]?.contentType).toBe('application/pdf');
    const after = await t.api({ method: 'GET', url: '/api/ajustes/fiscal', token: admin.token });
    expect(after.json().data.alerts).not.toContain(R.noSequence('B02'));
    expect(after.json().data.waiting).toBe(0);
  });

  it('an expired sequence stops issuing; the order is paid all the same', async () => {
    const { cart, admin, later } = await setup();
    await onlySequence('B02', 1, 100, '2027-05-04');
    const parent = await t.createUser({ email: 'tarde@correo.do' });
    await pay(parent.token, cart);
    expect(await receipts()).toHaveLength(1);
    later(48);
    const late = await pay(parent.token, cart, enrolmentRequest(cart, [[1]]));
    expect(late.payment_status).toBe('paid');
    expect(await receipts()).toHaveLength(1);
    expect((await t.store.collection<Enrolment>('inscripciones').findById(late._id))!.receipt_pending).toBe(
      true,
    );
    const status = await t.api({ method: 'GET', url: '/api/ajustes/fiscal', token: admin.token });
    expect(status.json().data.sequences).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'expired', expires_on: '04/05/2027' })]),
    );
    expect(status.json().data.alerts).toContain(R.noSequence('B02'));
  });

  it("a B01 that waited for its range, cancelled meanwhile, gets its invoice and credit note once a range is added; the note keeps the invoice's ITBIS", async () => {
    const { cart, admin, later } = await setup();
    await t.store.collection('secuencias_ncf').deleteMany({ type: 'B01' });
    const parent = await t.createUser({ email: 'espera@correo.do' });
    const order = await pay(parent.token, cart, withInvoice(cart));
    expect(await receipts()).toEqual([]);
    const cancel = await staffCancel(admin.token, order._id);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await receipts()).toEqual([]);
    expect(await t.store.collection<Enrolment>('inscripciones').findById(order._id)).toMatchObject({
      receipt_pending: true,
      receipt_blocked: ['B01'],
    });
    // The school charges ITBIS from now on; the invoice is issued under it, and its note too.
    const saved = await saveFiscal(admin.token);
    expect(saved.statusCode).toBe(200);
    // The school's e-mail (the families' answers go there) must be one address.
    const badEmail = await saveFiscal(admin.token, { email: 'a@b.do, c@d.do' });
    expectRefused(badEmail, 400, 'El correo de la escuela no es válido.');
    const added = await addRange(admin.token, { type: 'B01', first: 1, last: 50, expires_on: '2028-12-31' });
    expect(added.statusCode, added.body).toBe(200);
    const [invoice, note] = await receipts();
    const itbis = Math.round((order.amount * 18) / 118);
    expect(invoice).toMatchObject({ ncf: 'B0100000001', total: order.amount, itbis, itbis_mode: 'gravado' });
    expect(note).toMatchObject({
      ncf: 'B0400000001',
      modifies: 'B0100000001',
      total: order.amount,
      itbis,
      itbis_mode: 'gravado',
    });
    expect((await t.store.collection<Enrolment>('inscripciones').findById(order._id))!.receipt_pending).toBe(
      false,
    );
    // Both go to the family by the next pass, once each.
    later(0.05);
    await issuePendingReceipts(t.app.core.deps);
    await issuePendingReceipts(t.app.core.deps);
    await sendAll();
    expect(
      t.mails
        .filter((mail) => mail.kind === 'receipt')
        .map((mail) => mail.attachments?.[0]?.filename)
        .sort(),
    ).toEqual(['comprobante-B0100000001.pdf', 'comprobante-B0400000001.pdf']);
  });

  it("a credit note copies the invoice's school data and ITBIS, whatever the settings say later", async () => {
    const { cart, admin } = await setup();
    const parent = await t.createUser({ email: 'nota@correo.do' });
    const order = await pay(parent.token, cart, withInvoice(cart));
    await saveFiscal(admin.token, { school_name: 'Otro nombre' });
    await staffCancel(admin.token, order._id);
    const [invoice, note] = await receipts();
    expect(note).toMatchObject({ type: 'B04', itbis_mode: 'exento', itbis: 0, school: invoice!.school });
    expect(note!.school.name).toBe('Escuela de Baloncesto (demostración)');
  });

  it('ITBIS at 18 % when the school says: base and tax add up to the charge', async () => {
    const { cart, admin } = await setup();
    const saved = await saveFiscal(admin.token, {
      school_name: 'Club Deportivo Naco',
      address: 'Calle 1, Naco',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const parent = await t.createUser({ email: 'itbis@correo.do' });
    const order = await pay(parent.token, cart);
    const [receipt] = await receipts();
    const itbis = Math.round((order.amount * 18) / 118);
    expect(receipt).toMatchObject({ itbis, base: order.amount - itbis, total: order.amount });
    const text = await pdfText((await download(parent.token, order._id, 'B02')).rawPayload);
    expect(text).toContain('Club Deportivo Naco');
    expect(text).toContain(`ITBIS (18 %) ${formatDop(itbis)}`);
    expect(text).toContain(`Base imponible ${formatDop(order.amount - itbis)}`);
  });

  it('bad input changes nothing and says why, in Spanish', async () => {
    const { admin } = await setup();
    const parent = await t.createUser({ email: 'padre@correo.do' });
    const post = (url: string, payload: object, token = admin.token) =>
      t.api({ method: 'POST', url, token, payload });
    const sequence = { type: 'B02', first: 2000, last: 3000, expires_on: '2028-12-31' };
    expect((await post('/api/secuencias-ncf', { ...sequence, last: 1999 })).json().message).toBe(
      R.rangeOrder,
    );
    expect(
      (await post('/api/secuencias-ncf', { ...sequence, expires_on: '2027-01-01' })).json().message,
    ).toBe(R.expiryPast);
    expect((await post('/api/secuencias-ncf', { ...sequence, type: 'B99' })).statusCode).toBe(400);
    expect((await post('/api/secuencias-ncf', sequence, parent.token)).statusCode).toBe(403);
    const settings = { school_name: 'Escuela', rnc: '12345', address: 'Calle', phone: '', itbis: 'exento' };
    expect((await post('/api/ajustes/fiscal', settings)).json().message).toBe(R.schoolRnc);
    // A school registered with a cédula: its check digit must hold.
    expect((await post('/api/ajustes/fiscal', { ...settings, rnc: '001-1234567-8' })).json().message).toBe(
      FIELD_MESSAGES.cedulaCheckDigit,
    );
    expect(
      (await post('/api/ajustes/fiscal', { ...settings, rnc: '130000001', school_name: ' ' })).json().message,
    ).toBe(R.required('el nombre de la escuela'));
    const status = await t.api({ method: 'GET', url: '/api/ajustes/fiscal', token: admin.token });
    expect(status.json().data.settings.school_name).toBe('Escuela de Baloncesto (demostración)');
    expect(status.json().data.sequences).toHaveLength(3);
    // The demo school's data and ranges are said to be a demo until replaced.
    expect(status.json().data.alerts).toEqual([R.demoData]);
    expect(
      (await post('/api/secuencias-ncf', { ...sequence, expires_on: '2028-02-30' })).json().message,
    ).toBe(R.expiryInvalid);
    expect(
      (await post('/api/secuencias-ncf', { ...sequence, expires_on: '2028-13-01' })).json().message,
    ).toBe(R.expiryInvalid);
    expect(await t.store.collection('secuencias_ncf').count({})).toBe(3);
  });
});
