// Electronic fiscal receipts issued and sent (issue 22), with the school's test certificate and the
// DGII stand-in: a paid order gets an E32 (E31 with the parent's RNC and company), signed when its
// e-NCF is taken; the pass sends it (an E32 under RD$250,000 as its summary, the others to the
// reception and their result asked until final), in the order issued; DGII down holds the queue and
// never the payment; a document DGII received but answered after the timeout is found there (consulta
// trackids, consulta RFCE) and never sent twice; a rejection alerts the admins with DGII's reasons; a
// cancellation's E34 refers to the invoice; twenty payments at once on a range of fifteen never share or skip an e-NCF.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import {
  cancelAsStaff,
  demoCart,
  enrolmentRequest,
  paidOrder,
  payAs,
  payInstalment,
  type DemoCart,
} from './testing.ts';
import { startDgiiStandin } from '../../testing/dgii-standin.ts';
import { ncfRange, schoolP12In } from '../../testing/ecf.ts';
import { dgiiSchemaErrors } from '../../testing/dgii-xsd.ts';
import { sendEcfReceipts } from '../../../src/core/receipts/ecf.ts';
import { ecfPort } from '../../ecf/port.ts';
import { ECF_MESSAGES, ECF_PENDING_LEGEND, ECF_STATE_LABELS } from '../../../src/domain/ecf.ts';
import { formatDay } from '../../../src/domain/cancellation.ts';
import { ENROLMENT_MESSAGES } from '../../../src/domain/enrolment.ts';
import type { Enrolment, Week } from '../../../src/domain/records.ts';
import { RECEIPT_MESSAGES, type NcfSequence, type Receipt } from '../../../src/domain/receipts.ts';
import { SignedXml } from 'xml-crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { expectReceiptLinksDownload } from './receipt-links.ts';
import { closedAfterEach } from '../testing.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecf-issuing-'));
const p12 = schoolP12In(dir, 'clave-p12');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const closeAfter = closedAfterEach();

async function setup(
  ranges: Partial<Record<'E31' | 'E32' | 'E34', [number, number]>> = {},
  certificate = p12,
) {
  const dgii = closeAfter(await startDgiiStandin());
  const t = closeAfter(
    await buildTestApp({
      ECF_ENV: 'TesteCF',
      ECF_P12_FILE: certificate,
      ECF_P12_PASSWORD: 'clave-p12',
      DGII_ECF_URL: dgii.url,
      DGII_FC_URL: dgii.url,
    }),
  );
  await seedDemoData(t.store);
  const sequences = t.store.collection<NcfSequence>('secuencias_ncf');
  for (const type of ['E31', 'E32', 'E34'] as const) {
    const [first, last] = ranges[type] ?? [1, 1000];
    await sequences.insertOne(ncfRange(type, first, last));
  }
  const admin = await t.createUser({ admin: true, email: 'direccion@escuela.do' });
  const parent = await t.createUser({ email: 'carmen@correo.do' });
  return { t, dgii, cart: await demoCart(t.store), admin: admin.token, parent: parent.token };
}

/**
 * An order paid with an invoice, and the server's own port with a timeout a test can outwait (30 s
 * in production; long enough for the stand-in's checks of DGII's XSD on a busy machine).
 */
async function invoicePaidWithShortTimeout() {
  const arranged = await setup();
  await paidOrder(arranged.t, arranged.parent, withInvoice(arranged.cart));
  const ecf = ecfPort(arranged.t.config.ecf!, { timeoutMs: 2_000 });
  return { ...arranged, deps: { ...arranged.t.app.core.deps, ecf } };
}

const receipts = (app: TestApp) =>
  app.store.collection<Receipt>('comprobantes').find({}, { sort: { issued_at: 1, ncf: 1 } });

/** The oldest owed line of an order (the one 'Mis pagos' and the office's form name, issue 53). */
async function owedLine(app: TestApp, token: string, enrolment: string) {
  const ledger = (await app.api({ method: 'GET', url: `/api/cuentas/detalle/${enrolment}`, token })).json()
    .data as { lines: Array<{ _id: string; owed: number }> };
  return ledger.lines.find((line) => line.owed > 0)!;
}

/** The parent enrols on the annual program's 'Pago mensual' (the first instalment paid with it). */
async function annualOrder(app: TestApp, parent: string) {
  const annual = await demoCart(app.store, 'PA2027');
  const monthly = annual.weeks.findIndex((week) => week.name === 'Pago mensual');
  return paidOrder(app, parent, enrolmentRequest(annual, [[monthly]]));
}

/** The parent pays `amount` of the order's oldest owed line by card. */
async function payOwedByCard(
  app: TestApp,
  tokens: { parent: string; admin: string },
  order: string,
  amount: number,
) {
  const paid = await payInstalment(
    app,
    tokens.parent,
    order,
    (await owedLine(app, tokens.admin, order))._id,
    amount,
  );
  expect(paid.statusCode, paid.body).toBe(201);
}

/** The office records the order's oldest owed line (RD$3,900) in cash. */
async function recordOwedInCash(app: TestApp, admin: string, order: string) {
  const cash = await app.api({
    method: 'POST',
    url: '/api/pagos/manual',
    token: admin,
    payload: {
      enrolment: order,
      method: 'efectivo',
      amount: 3_900,
      cuota: (await owedLine(app, admin, order))._id,
    },
  });
  expect(cash.statusCode, cash.body).toBe(200);
}

const withInvoice = (cart: DemoCart) => ({
  ...enrolmentRequest(cart, [[0]], { children: 'Empresa' }),
  comprobantefiscal: true,
  rnc: '1-01-67291-9',
  rnc_nombre: 'Constructora del Sur SRL',
});

/** The enveloped signature verifies with the certificate it carries (xml-crypto, not our signer). */
function signatureVerifies(xml: string): boolean {
  const verifier = new SignedXml();
  verifier.getCertFromKeyInfo = (keyInfo) => SignedXml.getCertFromKeyInfo(keyInfo);
  verifier.loadSignature(/<Signature[\s\S]*<\/Signature>/.exec(xml)![0]);
  return verifier.checkSignature(xml);
}

describe('e-CF issued and sent', () => {
  it('an E32 signed at payment, its summary accepted by DGII; an E31 sent whole, En Proceso, then Aceptado', async () => {
    const { t: app, dgii: s, cart, parent } = await setup();
    const consumer = await paidOrder(app, parent, enrolmentRequest(cart, [[0]]));
    const [e32] = await receipts(app);
    expect(e32).toMatchObject({
      type: 'E32',
      ncf: 'E320000000001',
      enrolment_id: consumer._id,
      total: 4_700,
    });
    expect(e32!.ecf).toMatchObject({ state: 'queued', route: 'summary' });
    expect(e32!.ecf!.security_code).toMatch(/^.{6}$/);
    expect(signatureVerifies(e32!.ecf!.signed_xml)).toBe(true);
    expect(await dgiiSchemaErrors(e32!.ecf!.signed_xml, 'e-CF-32')).toEqual([]);
    // The payment never waited for DGII: nothing was sent yet.
    expect(s.received).toHaveLength(0);
    // The family's PDF is the e-CF's printed form: e-NCF, security code, signing time, DGII's QR.
    expect(e32!.ecf!.qr_url).toBe(
      `https://fc.dgii.gov.do/testecf/consultatimbrefc?rncemisor=130000001&encf=E320000000001&montototal=4700.00&codigoseguridad=${encodeURIComponent(e32!.ecf!.security_code)}`,
    );
    const pdf = await app.api({ method: 'GET', url: `/api/comprobantes/${consumer._id}/E32`, token: parent });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('e-NCF: E320000000001');
    expect(text).toContain(`Código de Seguridad: ${e32!.ecf!.security_code}`);
    expect(text).toMatch(/Fecha de Firma Digital: \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);

    // Not at DGII yet: DGII's legend says when it can be checked there.
    expect(text.replace(/\s+/g, ' ')).toContain(ECF_PENDING_LEGEND);

    const first = await sendEcfReceipts(app.app.core.deps);
    expect(first).toMatchObject({ sent: 1, accepted: 1, unreachable: false });
    expect(s.received).toMatchObject([{ type: 'RFCE', encf: 'E320000000001', status: 1 }]);
    expect((await receipts(app))[0]!.ecf).toMatchObject({ state: 'accepted' });
    const accepted = await app.api({
      method: 'GET',
      url: `/api/comprobantes/${consumer._id}/E32`,
      token: parent,
    });
    const acceptedText = (
      await extractText(await getDocumentProxy(new Uint8Array(accepted.rawPayload)), { mergePages: true })
    ).text.replace(/\s+/g, ' ');
    expect(acceptedText).toContain('e-NCF: E320000000001');
    expect(acceptedText).not.toContain('modalidad de Contingencia');

    const company = await paidOrder(app, parent, withInvoice(cart));
    const e31 = (await receipts(app)).find((receipt) => receipt.enrolment_id === company._id)!;
    expect(e31).toMatchObject({
      type: 'E31',
      ncf: 'E310000000001',
      buyer: { name: 'Constructora del Sur SRL' },
    });
    expect(e31.ecf).toMatchObject({ state: 'queued', route: 'reception' });
    s.faults.processing = 1;
    expect(await sendEcfReceipts(app.app.core.deps)).toMatchObject({ sent: 1, accepted: 0 });
    const sent = (await receipts(app)).find((receipt) => receipt._id === e31._id)!;
    expect(sent.ecf).toMatchObject({ state: 'sent' });
    expect(sent.ecf!.track_id).toBeTruthy();
    // 'En Proceso': asked again next time.
    expect(await sendEcfReceipts(app.app.core.deps)).toMatchObject({ accepted: 0 });
    expect(await sendEcfReceipts(app.app.core.deps)).toMatchObject({ accepted: 1 });
    expect((await receipts(app)).find((receipt) => receipt._id === e31._id)!.ecf).toMatchObject({
      state: 'accepted',
    });
    expect(s.received.filter((document) => document.type === '31')).toHaveLength(1);
  });

  it('DGII down: payments go on, the e-CF wait in order and go once DGII is back', async () => {
    const { t: app, dgii: s, cart, parent, admin } = await setup();
    s.faults.down = true;
    await paidOrder(app, parent, enrolmentRequest(cart, [[0]]));
    await paidOrder(app, parent, enrolmentRequest(cart, [[1]]));
    expect(await sendEcfReceipts(app.app.core.deps)).toMatchObject({ sent: 0, unreachable: true });
    expect((await receipts(app)).map((receipt) => receipt.ecf?.state)).toEqual(['queued', 'queued']);
    // 'Enviar ahora' says DGII does not answer; once it does, it sends them.
    const now = () => app.api({ method: 'POST', url: '/api/comprobantes/ecf/enviar', token: admin });
    expect((await now()).json().message).toBe(ECF_MESSAGES.sent(0, 0, true));
    s.faults.down = false;
    expect((await now()).json().message).toBe(ECF_MESSAGES.sent(2, 2, false));
    expect(s.received.map((document) => document.encf)).toEqual(['E320000000001', 'E320000000002']);
  });

  it('DGII slower than the timeout, nothing received: the e-CF stays queued, DGII is asked first, then it goes', async () => {
    const { t: app, dgii: s, deps } = await invoicePaidWithShortTimeout();
    s.faults.slowMs = 2_500;
    expect(await sendEcfReceipts(deps)).toMatchObject({ sent: 0, unreachable: true });
    const [waiting] = await receipts(app);
    expect(waiting!.ecf).toMatchObject({ state: 'queued' });
    expect(waiting!.ecf!.lease_until).toBeUndefined();
    // The seed timed out: the e-CF itself never left.
    expect(waiting!.ecf!.uncertain_at).toBeUndefined();
    // With a token in hand (as after the hour's first call), the reception itself times out.
    s.faults.slowMs = 0;
    await deps.ecf.status('');
    s.faults.slowMs = 2_500;
    expect(await sendEcfReceipts(deps)).toMatchObject({ sent: 0, unreachable: true });
    // No answer after sending: it may have reached DGII (here it had not).
    expect((await receipts(app))[0]!.ecf!.uncertain_at).toBeInstanceOf(Date);
    expect(s.received).toHaveLength(0);
    s.faults.slowMs = 0;
    expect(await sendEcfReceipts(deps)).toMatchObject({ sent: 1, unreachable: false });
    // DGII held none of it: asked once, then sent.
    expect(s.asked).toEqual([{ service: 'consultatrackids', encf: 'E310000000001' }]);
    expect((await receipts(app))[0]!.ecf!.uncertain_at).toBeUndefined();
    expect(await sendEcfReceipts(deps)).toMatchObject({ accepted: 1 });
    expect(s.received.map((document) => [document.encf, document.status])).toEqual([['E310000000001', 1]]);
  });

  it("DGII received the e-CF and answered after the timeout: the next pass takes DGII's TrackId, accepted, sent once", async () => {
    const { t: app, dgii: s, deps } = await invoicePaidWithShortTimeout();
    s.faults.slowAfterReceiptMs = 2_500;
    expect(await sendEcfReceipts(deps)).toMatchObject({ sent: 0, unreachable: true });
    expect((await receipts(app))[0]!.ecf).toMatchObject({ state: 'queued', uncertain_at: expect.any(Date) });
    // DGII has it all the same.
    expect(s.received).toMatchObject([{ encf: 'E310000000001', status: 1 }]);
    const dgiiTrackId = s.received[0]!.trackId;
    s.faults.slowAfterReceiptMs = 0;
    expect(await sendEcfReceipts(deps)).toMatchObject({ sent: 1, accepted: 1, unreachable: false });
    const [settled] = await receipts(app);
    expect(settled!.ecf).toMatchObject({ state: 'accepted', track_id: dgiiTrackId });
    expect(settled!.ecf!.uncertain_at).toBeUndefined();
    expect(settled!.ecf!.lease_until).toBeUndefined();
    // Never sent twice, so never refused as 'e-NCF ya fue utilizado', and nobody alerted.
    expect(s.received).toHaveLength(1);
    expect(await app.store.collection('outbox').count({ kind: 'ecf-alert' })).toBe(0);
  });

  it("'Reenviar' on an e-CF whose answer was lost asks DGII first and takes what DGII holds", async () => {
    const { t: app, dgii: s, admin, deps } = await invoicePaidWithShortTimeout();
    s.faults.slowAfterReceiptMs = 2_500;
    await sendEcfReceipts(deps);
    s.faults.slowAfterReceiptMs = 0;
    const [lost] = await receipts(app);
    const done = await app.api({
      method: 'POST',
      url: `/api/comprobantes/ecf/enviar/${lost!._id}`,
      token: admin,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(ECF_MESSAGES.resent('E310000000001', 'Aceptado', false));
    expect((await receipts(app))[0]!.ecf).toMatchObject({
      state: 'accepted',
      track_id: s.received[0]!.trackId,
    });
    expect(s.received).toHaveLength(1);
    expect(s.asked).toEqual([{ service: 'consultatrackids', encf: 'E310000000001' }]);
  });

  it('in production, a summary (RFCE) answered after the timeout is settled by consulta RFCE, not sent again', async () => {
    const { t: app, dgii: s, cart, parent } = await setup();
    await paidOrder(app, parent, enrolmentRequest(cart, [[0]]));
    // DGII publishes consulta RFCE in production only: the port as production builds it.
    const production = ecfPort({ ...app.config.ecf!, env: 'eCF' }, { timeoutMs: 2_000 });
    const deps = { ...app.app.core.deps, ecf: production };
    s.faults.slowAfterReceiptMs = 2_500;
    expect(await sendEcfReceipts(deps)).toMatchObject({ sent: 0, unreachable: true });
    expect((await receipts(app))[0]!.ecf).toMatchObject({ state: 'queued', route: 'summary' });
    expect(s.received).toMatchObject([{ type: 'RFCE', encf: 'E320000000001', status: 1 }]);
    s.faults.slowAfterReceiptMs = 0;
    expect(await sendEcfReceipts(deps)).toMatchObject({ sent: 1, accepted: 1, unreachable: false });
    expect((await receipts(app))[0]!.ecf).toMatchObject({ state: 'accepted' });
    expect(s.received).toHaveLength(1);
    expect(s.asked).toEqual([{ service: 'consultarfce', encf: 'E320000000001' }]);
    expect(await app.store.collection('outbox').count({ kind: 'ecf-alert' })).toBe(0);
  });

  it('two passes at once (two instances) never send one e-CF twice: each claims it with a lease', async () => {
    const { t: app, dgii: s, cart, parent } = await setup();
    await paidOrder(app, parent, withInvoice(cart));
    await paidOrder(app, parent, enrolmentRequest(cart, [[0]], { children: 'Otra' }));
    await paidOrder(app, parent, {
      ...enrolmentRequest(cart, [[1]], { children: 'Empresa' }),
      comprobantefiscal: true,
      rnc: '1-01-67291-9',
      rnc_nombre: 'Constructora del Sur SRL',
    });
    await paidOrder(app, parent, enrolmentRequest(cart, [[1]], { children: 'Otra' }));
    // A DGII slow enough that the two passes overlap on every document.
    s.faults.slowMs = 150;
    const deps = app.app.core.deps;
    const [one, two] = await Promise.all([sendEcfReceipts(deps), sendEcfReceipts(deps)]);
    expect(one.sent + two.sent).toBe(4);
    s.faults.slowMs = 0;
    await Promise.all([sendEcfReceipts(deps), sendEcfReceipts(deps)]);
    const times = new Map<string, number>();
    for (const document of s.received) times.set(document.encf, (times.get(document.encf) ?? 0) + 1);
    expect(Object.fromEntries(times)).toEqual({
      E310000000001: 1,
      E310000000002: 1,
      E320000000001: 1,
      E320000000002: 1,
    });
    expect(s.received.every((document) => document.status === 1)).toBe(true);
    expect((await receipts(app)).map((receipt) => receipt.ecf!.state)).toEqual([
      'accepted',
      'accepted',
      'accepted',
      'accepted',
    ]);
  });

  it("'Reenviar' sends one e-CF now, and only one that waits for DGII", async () => {
    const { t: app, dgii: s, cart, parent, admin } = await setup();
    await paidOrder(app, parent, enrolmentRequest(cart, [[0]]));
    await paidOrder(app, parent, enrolmentRequest(cart, [[1]]));
    const [, second] = await receipts(app);
    const resend = (id: string) =>
      app.api({ method: 'POST', url: `/api/comprobantes/ecf/enviar/${id}`, token: admin });
    const done = await resend(second!._id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(ECF_MESSAGES.resent('E320000000002', 'Aceptado', false));
    expect(s.received.map((document) => document.encf)).toEqual(['E320000000002']);
    const again = await resend(second!._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ECF_MESSAGES.notWaiting);
    expect((await resend('000000000000000000000000-E32')).statusCode).toBe(404);
    expect((await resend('no-es-un-id')).statusCode).toBe(400);
    // The office's list, by type and state.
    const listed = (
      await app.api({ method: 'GET', url: '/api/comprobantes/ecf?type=E32&state=queued', token: admin })
    ).json();
    expect(listed).toMatchObject({ total: 1, data: [{ encf: 'E320000000001' }] });
    expect(
      (await app.api({ method: 'GET', url: '/api/comprobantes/ecf?type=E31', token: admin })).json().total,
    ).toBe(0);
  });

  it("a rejection is recorded with DGII's reasons and the admins are alerted", async () => {
    const { t: app, dgii: s, cart, parent, admin } = await setup();
    await paidOrder(app, parent, withInvoice(cart));
    s.faults.reject = 'RNC del comprador no registrado';
    await sendEcfReceipts(app.app.core.deps);
    expect(await sendEcfReceipts(app.app.core.deps)).toMatchObject({ rejected: 1 });
    const [rejected] = await receipts(app);
    expect(rejected!.ecf).toMatchObject({
      state: 'rejected',
      messages: ['RNC del comprador no registrado'],
      number_used: false,
    });
    const alerts = await app.store
      .collection<{ _id: string; subject: string; text: string }>('outbox')
      .find({ kind: 'ecf-alert' });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toBe(
      `DGII rechazó el comprobante ${rejected!.ncf} (orden ${rejected!.order_number})`,
    );
    expect(alerts[0]!.text).toContain('RNC del comprador no registrado');

    // The office's screen: the list by state, DGII's reasons, the warning, the signed XML.
    const office = (url: string, method: 'GET' | 'POST' = 'GET') =>
      app.api({ method, url: `/api${url}`, token: admin });
    const listed = (await office('/comprobantes/ecf?state=rejected')).json();
    expect(listed).toMatchObject({
      total: 1,
      data: [{ encf: rejected!.ncf, state: 'rejected', messages: ['RNC del comprador no registrado'] }],
    });
    expect((await office('/comprobantes/ecf?state=accepted')).json().total).toBe(0);
    expect((await office('/ajustes/fiscal')).json().data.alerts).toContain(ECF_MESSAGES.rejected(1));
    const xml = await office(`/comprobantes/ecf/xml/${rejected!._id}`);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.headers['content-disposition']).toContain(`130000001${rejected!.ncf}.xml`);
    expect(xml.body).toBe(rejected!.ecf!.signed_xml);
    expect((await office('/comprobantes/ecf/xml/000000000000000000000000-E31')).statusCode).toBe(404);
    // A parent cannot read the office's list.
    expect((await app.api({ method: 'GET', url: '/api/comprobantes/ecf', token: parent })).statusCode).toBe(
      403,
    );
  });

  it("'Aceptado Condicional' is issued: kept with DGII's remarks, shown to the office, no alert, not to correct", async () => {
    const { t: app, dgii: s, cart, parent, admin } = await setup();
    const company = await paidOrder(app, parent, withInvoice(cart));
    const consumer = await paidOrder(app, parent, enrolmentRequest(cart, [[1]]));
    s.faults.conditional = 'Diferencia de redondeo en el ITBIS dentro de la tolerancia';
    await sendEcfReceipts(app.app.core.deps);
    expect(await sendEcfReceipts(app.app.core.deps)).toMatchObject({ accepted: 1, rejected: 0 });
    // The summary route answers at once; set over HTTP as a browser test would.
    await fetch(`${s.url}/_standin/faults`, {
      method: 'POST',
      body: JSON.stringify({ conditional: 'Dato opcional con formato no estándar' }),
    });
    await paidOrder(app, parent, enrolmentRequest(cart, [[2]], { children: 'Otra' }));
    expect(await sendEcfReceipts(app.app.core.deps)).toMatchObject({ accepted: 1, rejected: 0 });
    const issued = await receipts(app);
    expect(
      issued.map((receipt) => [
        receipt.enrolment_id,
        receipt.type,
        receipt.ecf!.state,
        receipt.ecf!.messages,
      ]),
    ).toEqual([
      [company._id, 'E31', 'conditional', ['Diferencia de redondeo en el ITBIS dentro de la tolerancia']],
      [consumer._id, 'E32', 'accepted', []],
      [issued[2]!.enrolment_id, 'E32', 'conditional', ['Dato opcional con formato no estándar']],
    ]);
    expect(s.received.map((document) => document.status)).toEqual([4, 1, 4]);
    // The office sees it as accepted on conditions, with DGII's remark; nothing to warn of.
    const listed = (
      await app.api({ method: 'GET', url: '/api/comprobantes/ecf?state=conditional', token: admin })
    ).json();
    expect(listed).toMatchObject({
      total: 2,
      data: [
        { encf: 'E320000000002', state: 'conditional', messages: ['Dato opcional con formato no estándar'] },
        { encf: 'E310000000001', state: 'conditional' },
      ],
    });
    expect(ECF_STATE_LABELS.conditional).toBe('Aceptado condicional');
    const fiscal = (await app.api({ method: 'GET', url: '/api/ajustes/fiscal', token: admin })).json().data;
    expect(fiscal.alerts.join(' ')).not.toMatch(/rechazó|esperan? a DGII/);
    expect(await app.store.collection('outbox').count({ kind: 'ecf-alert' })).toBe(0);
    // Issued: no longer waiting (the pass leaves it) and not correctable.
    expect(await sendEcfReceipts(app.app.core.deps)).toMatchObject({ sent: 0, accepted: 0 });
    const correct = await app.api({
      method: 'POST',
      url: `/api/comprobantes/ecf/corregir/${issued[0]!._id}`,
      token: admin,
      payload: {},
    });
    expect(correct.statusCode).toBe(409);
    // Its PDF no longer carries the legend of an e-CF DGII has not accepted.
    const pdf = await app.api({ method: 'GET', url: `/api/comprobantes/${company._id}/E31`, token: parent });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).not.toContain('modalidad de Contingencia');
  });

  it("the office corrects a rejected E31's buyer: the unused e-NCF is signed again and DGII accepts it", async () => {
    const { t: app, dgii: s, cart, parent, admin } = await setup();
    const order = await paidOrder(app, parent, withInvoice(cart));
    s.faults.reject = 'RNC del comprador no registrado';
    await sendEcfReceipts(app.app.core.deps);
    await sendEcfReceipts(app.app.core.deps);
    const [rejected] = await receipts(app);
    expect(rejected!.ecf).toMatchObject({ state: 'rejected', number_used: false });
    const correct = (payload: Record<string, string>) =>
      app.api({
        method: 'POST',
        url: `/api/comprobantes/ecf/corregir/${rejected!._id}`,
        token: admin,
        payload,
      });

    // A malformed RNC changes nothing.
    const bad = await correct({ rnc: '1-01-672', rnc_nombre: 'Inversiones Caribe SRL' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ECF_MESSAGES.buyerRequired);
    expect((await receipts(app))[0]).toEqual(rejected);
    // Neither does one whose check digit is not DGII's.
    const mistyped = await correct({ rnc: '1-31-88073-1', rnc_nombre: 'Inversiones Caribe SRL' });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().message).toBe(ENROLMENT_MESSAGES.rncCheckDigit);
    expect((await receipts(app))[0]).toEqual(rejected);
    // A parent cannot correct.
    const asParent = await app.api({
      method: 'POST',
      url: `/api/comprobantes/ecf/corregir/${rejected!._id}`,
      token: parent,
      payload: {},
    });
    expect(asParent.statusCode).toBe(403);

    const done = await correct({ rnc: '1-31-88073-8', rnc_nombre: 'Inversiones Caribe SRL' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(ECF_MESSAGES.corrected(rejected!.ncf, true));
    const [corrected] = await receipts(app);
    expect(corrected).toMatchObject({
      _id: rejected!._id,
      ncf: rejected!.ncf,
      buyer: { rnc: '1-31-88073-8', name: 'Inversiones Caribe SRL' },
      mailed: false,
    });
    expect(corrected!.ecf).toMatchObject({
      state: 'queued',
      previous: [{ encf: rejected!.ncf, messages: ['RNC del comprador no registrado'], number_used: false }],
    });
    expect(corrected!.ecf!.signed_xml).toContain('<RNCComprador>131880738</RNCComprador>');
    expect(corrected!.ecf!.signed_xml).not.toBe(rejected!.ecf!.signed_xml);
    expect(signatureVerifies(corrected!.ecf!.signed_xml)).toBe(true);
    expect(await dgiiSchemaErrors(corrected!.ecf!.signed_xml, 'e-CF-31')).toEqual([]);
    // The order's RNC follows (its next instalments name the right buyer), and the audit says who.
    expect(await app.store.collection<Enrolment>('inscripciones').findById(order._id)).toMatchObject({
      rnc: '1-31-88073-8',
      rnc_nombre: 'Inversiones Caribe SRL',
    });
    const audit = await app.store
      .collection<{ _id: string; record_id: string; note?: string }>('auditoria')
      .findOne({ record_id: rejected!._id });
    expect(audit?.note).toContain('RNC del comprador no registrado');
    // Pressed twice: the second is told it is no longer a rejected one.
    const again = await correct({ rnc: '1-31-88073-8', rnc_nombre: 'Inversiones Caribe SRL' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ECF_MESSAGES.notRejected);

    await sendEcfReceipts(app.app.core.deps);
    expect(await sendEcfReceipts(app.app.core.deps)).toMatchObject({ accepted: 1 });
    expect(s.received.filter((document) => document.encf === rejected!.ncf).map((d) => d.status)).toEqual([
      2, 1,
    ]);
    const listed = (await app.api({ method: 'GET', url: '/api/comprobantes/ecf', token: admin })).json().data;
    expect(listed).toMatchObject([
      { encf: rejected!.ncf, state: 'accepted', buyer_rnc: '1-31-88073-8', replaces: [] },
    ]);
  });

  it('a rejection that spends the e-NCF: the corrected one takes the next number, or says no range is left', async () => {
    const { t: app, dgii: s, cart, parent, admin } = await setup({ E32: [1, 1] });
    await paidOrder(app, parent, enrolmentRequest(cart, [[0]]));
    s.faults.reject = 'Fecha de firma fuera de plazo';
    s.faults.rejectSpendsNumber = true;
    expect(await sendEcfReceipts(app.app.core.deps)).toMatchObject({ rejected: 1 });
    const [rejected] = await receipts(app);
    expect(rejected!.ecf).toMatchObject({ state: 'rejected', number_used: true, route: 'summary' });
    const correct = () =>
      app.api({
        method: 'POST',
        url: `/api/comprobantes/ecf/corregir/${rejected!._id}`,
        token: admin,
        payload: {},
      });
    const none = await correct();
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(ECF_MESSAGES.noNumber('E32'));
    expect((await receipts(app))[0]!.ecf!.state).toBe('rejected');

    await app.store.collection<NcfSequence>('secuencias_ncf').insertOne(ncfRange('E32', 2, 50));
    const done = await correct();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(ECF_MESSAGES.corrected('E320000000002', false));
    const [corrected] = await receipts(app);
    expect(corrected).toMatchObject({ _id: rejected!._id, ncf: 'E320000000002' });
    expect(corrected!.ecf!.summary_xml).toContain('<eNCF>E320000000002</eNCF>');
    expect(await sendEcfReceipts(app.app.core.deps)).toMatchObject({ accepted: 1 });
    const listed = (await app.api({ method: 'GET', url: '/api/comprobantes/ecf', token: admin })).json().data;
    expect(listed).toMatchObject([{ encf: 'E320000000002', state: 'accepted', replaces: ['E320000000001'] }]);
    // The next payment goes on from there: no number given twice.
    await paidOrder(app, parent, enrolmentRequest(cart, [[1]], { children: 'Otra' }));
    expect((await receipts(app)).map((receipt) => receipt.ncf).sort()).toEqual([
      'E320000000002',
      'E320000000003',
    ]);
  });

  it('a certificate that has expired: payments get B-series receipts (contingency), the admins are told at once', async () => {
    const { t: app, cart, parent, admin } = await setup({}, schoolP12In(dir, 'clave-p12', 0.5 - 1));
    const sequences = app.store.collection<NcfSequence>('secuencias_ncf');
    for (const type of ['B01', 'B02', 'B04'] as const) await sequences.insertOne(ncfRange(type, 1, 100));
    const consumer = await paidOrder(app, parent, enrolmentRequest(cart, [[0]]));
    const company = await paidOrder(app, parent, withInvoice(cart));
    const issued = await receipts(app);
    expect(issued.map((receipt) => [receipt.enrolment_id, receipt.ncf])).toEqual([
      [consumer._id, 'B0200000001'],
      [company._id, 'B0100000001'],
    ]);
    expect(issued.every((receipt) => receipt.ecf === undefined)).toBe(true);
    const lastDay = formatDay(app.app.core.deps.ecf!.certificateValidUntil);
    const alerts = await app.store
      .collection<{ _id: string; subject: string; text: string }>('outbox')
      .find({ kind: 'ecf-alert' });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toBe(ECF_MESSAGES.contingencySubject);
    expect(alerts[0]!.text).toContain(ECF_MESSAGES.certificateExpired(lastDay));
    const fiscal = (await app.api({ method: 'GET', url: '/api/ajustes/fiscal', token: admin })).json().data;
    expect(fiscal.alerts).toContain(ECF_MESSAGES.certificateExpired(lastDay));
    expect(fiscal.types).toEqual(['E31', 'E32', 'E34', 'B01', 'B02', 'B04']);
    // A cancellation's credit note follows the B01: a B04 that refers to it.
    await cancelAsStaff(app, admin, company._id, 'Viaje');
    expect((await receipts(app)).find((receipt) => receipt.type === 'B04')).toMatchObject({
      ncf: 'B0400000001',
      modifies: 'B0100000001',
    });
  });

  it("a staff cancellation issues an E34 that refers to the order's E32, and DGII accepts it", async () => {
    const { t: app, dgii: s, cart, parent, admin } = await setup();
    const order = await paidOrder(app, parent, enrolmentRequest(cart, [[0]]));
    await cancelAsStaff(app, admin, order._id, 'Viaje');
    const [invoice, note] = await receipts(app);
    expect(note).toMatchObject({ type: 'E34', ncf: 'E340000000001', modifies: invoice!.ncf, total: 4_700 });
    expect(note!.ecf!.signed_xml).toContain(`<NCFModificado>${invoice!.ncf}</NCFModificado>`);
    expect(await dgiiSchemaErrors(note!.ecf!.signed_xml, 'e-CF-34')).toEqual([]);
    await sendEcfReceipts(app.app.core.deps);
    expect(await sendEcfReceipts(app.app.core.deps)).toMatchObject({ accepted: 1 });
    expect(s.received.map((document) => document.type)).toEqual(['RFCE', '34']);
  });

  it('every instalment payment gets its own e-CF: by card (FormaPago 3) and recorded by the office in cash (1)', async () => {
    const { t: app, dgii: s, parent, admin } = await setup();
    const order = await annualOrder(app, parent);
    await payOwedByCard(app, { parent, admin }, order._id, 3_900);
    await recordOwedInCash(app, admin, order._id);
    const issued = (await receipts(app)).filter((receipt) => receipt.enrolment_id === order._id);
    expect(issued.map((receipt) => [receipt.ncf, receipt.total])).toEqual([
      ['E320000000001', order.amount],
      ['E320000000002', 3_900],
      ['E320000000003', 3_900],
    ]);
    const formas = issued.map((receipt) => /<FormaPago>(\d)<\/FormaPago>/.exec(receipt.ecf!.signed_xml)?.[1]);
    expect(formas).toEqual(['3', '3', '1']);
    expect(issued[2]!.lines).toEqual([
      { description: `Pago de cuotas del programa — orden ${order.order_number}`, amount: 3_900 },
    ]);
    // The instalment e-mails carry their receipt.
    const mails = await app.store.collection<{ _id: string; attachments?: unknown[] }>('outbox').find({
      _id: { $in: issued.slice(1).map((receipt) => `instalment-paid-${receipt._id.split('-').at(-1)}`) },
    });
    expect(mails).toHaveLength(2);
    expect(mails.every((mail) => (mail.attachments ?? []).length === 1)).toBe(true);
    expect(await sendEcfReceipts(app.app.core.deps)).toMatchObject({ sent: 3, accepted: 3 });
    expect(s.received).toHaveLength(3);
  });

  // Issue 53, item 8: an instalment's e-CF has an id of its own; the order's links name it.
  it("every e-CF an annual order shows downloads for staff and the family: the E32, an instalment's, and the E34s", async () => {
    const { t: app, parent, admin } = await setup();
    const other = await app.createUser({ email: 'otra@correo.do' });
    const tokens = { admin, parent, otherFamily: other.token };
    const order = await annualOrder(app, parent);
    await payOwedByCard(app, { parent, admin }, order._id, 3_900);
    const listed = await expectReceiptLinksDownload(app, order._id, tokens);
    expect(listed.map((receipt) => receipt.ncf)).toEqual(['E320000000001', 'E320000000002']);
    expect(listed[1]!.ref).toMatch(/^E32-[0-9a-f]{24}$/);

    await cancelAsStaff(app, admin, order._id, 'Mudanza');
    const all = await expectReceiptLinksDownload(app, order._id, tokens);
    expect(all.map((receipt) => receipt.type)).toEqual(['E32', 'E32', 'E34', 'E34']);
  });

  it("a cancelled annual program paid by instalments: an E34 on each e-CF refunded, none above its document's total", async () => {
    const { t: app, dgii: s, parent, admin } = await setup();
    const order = await annualOrder(app, parent);
    for (const amount of [3_900, 3_900]) {
      await payOwedByCard(app, { parent, admin }, order._id, amount);
    }
    // An instalment in cash is not given back by the card refund: its e-CF keeps standing.
    await recordOwedInCash(app, admin, order._id);
    const invoices = (await receipts(app)).filter((receipt) => receipt.type === 'E32');
    expect(invoices.map((receipt) => receipt.total)).toEqual([order.amount, 3_900, 3_900, 3_900]);

    await cancelAsStaff(app, admin, order._id, 'Mudanza');
    const cancelled = await app.store.collection<Enrolment>('inscripciones').findById(order._id);
    expect(cancelled!.refund_amount).toBe(order.amount + 7_800);
    const notes = (await receipts(app)).filter((receipt) => receipt.type === 'E34');
    expect(notes.map((note) => [note._id, note.modifies, note.total])).toEqual([
      [`${order._id}-E34`, invoices[0]!.ncf, order.amount],
      [`${order._id}-E34-${invoices[1]!._id.split('-').at(-1)}`, invoices[1]!.ncf, 3_900],
      [`${order._id}-E34-${invoices[2]!._id.split('-').at(-1)}`, invoices[2]!.ncf, 3_900],
    ]);
    // Each cancels its document whole (DGII's CodigoModificacion 1), and refers to it.
    for (const [index, note] of notes.entries()) {
      expect(note.ecf!.signed_xml).toContain(`<NCFModificado>${invoices[index]!.ncf}</NCFModificado>`);
      expect(note.ecf!.signed_xml).toContain('<CodigoModificacion>1</CodigoModificacion>');
      expect(await dgiiSchemaErrors(note.ecf!.signed_xml, 'e-CF-34')).toEqual([]);
    }
    // The family's cancellation e-mail carries the three notes.
    const mail = await app.store
      .collection<{ _id: string; attachments?: unknown[] }>('outbox')
      .findOne({ _id: `cancelled-${order._id}` });
    expect(mail?.attachments).toHaveLength(3);
    await sendEcfReceipts(app.app.core.deps);
    await sendEcfReceipts(app.app.core.deps);
    expect(
      s.received.filter((document) => document.type === '34').map((document) => document.status),
    ).toEqual([1, 1, 1]);
  });

  it('a certificate that expires within a month is on the fiscal screen (and so the dashboard) every day', async () => {
    const { t: app, admin } = await setup({}, schoolP12In(dir, 'clave-p12', 12));
    const alerts: string[] = (
      await app.api({ method: 'GET', url: '/api/ajustes/fiscal', token: admin })
    ).json().data.alerts;
    const lastDay = formatDay(app.app.core.deps.ecf!.certificateValidUntil);
    expect(alerts).toContain(ECF_MESSAGES.certificateExpiring(lastDay));
  });

  it('twenty payments at once on a range of fifteen: fifteen e-NCFs, none repeated, none skipped', async () => {
    const { t: app, cart, admin } = await setup({ E32: [1, 15] });
    // Room for every family in the weeks bought: only the range is short.
    const weeks = app.store.collection<Week>('semanas');
    for (const week of cart.weeks.slice(0, 3))
      await weeks.updateOne({ _id: week._id }, { set: { quota_q: 100 } });
    const parents = await Promise.all(
      Array.from({ length: 20 }, (_, i) => app.createUser({ email: `familia${i}@correo.do` })),
    );
    const answers = await Promise.all(
      parents.map((parent, i) => payAs(app, parent.token, enrolmentRequest(cart, [[i % 3]]))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const issued = await receipts(app);
    expect(issued).toHaveLength(15);
    expect(issued.map((receipt) => receipt.ncf).sort()).toEqual(
      Array.from({ length: 15 }, (_, i) => `E32${String(i + 1).padStart(10, '0')}`),
    );
    expect(issued.every((receipt) => receipt.ecf?.state === 'queued')).toBe(true);
    const owed = await app.store.collection<Enrolment>('inscripciones').count({ receipt_pending: true });
    expect(owed).toBe(5);
    // The fiscal screen and the dashboard say the E32 range is spent and five orders wait.
    const alerts: string[] = (
      await app.api({ method: 'GET', url: '/api/ajustes/fiscal', token: admin })
    ).json().data.alerts;
    expect(alerts).toContain(
      'No hay una secuencia de e-NCF E32 vigente con números disponibles: no se están emitiendo comprobantes E32. Agregue una nueva secuencia autorizada por la DGII.',
    );
    expect(alerts).toContain(RECEIPT_MESSAGES.waiting(5));
    // And the admins were e-mailed it (once a day).
    const mails = await app.store
      .collection<{ _id: string; subject: string }>('outbox')
      .find({ kind: 'ncf-alert' });
    expect(mails.map((mail) => mail.subject)).toEqual([RECEIPT_MESSAGES.alertSubject('E32')]);
  });
});
