// Our DGII client (issue 22) against the DGII stand-in: the seed signed with the school's
// certificate buys a token that serves several calls; a signed e-CF gets a TrackId and its status
// ('Aceptado'), an invalid one is 'Rechazado' with DGII's reason and its e-NCF left unused, the
// same e-NCF twice is refused, a consumer invoice under RD$250,000 must go as a summary; DGII down
// is DgiiUnavailable (try again later), never an accepted receipt; a document DGII received but
// answered after the timeout is DgiiUncertain, and the consultas (trackids, RFCE) find it there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dgiiClient, DgiiUncertain, DgiiUnavailable } from './dgii.ts';
import { ecfPortOver } from './port.ts';
import { loadEcfSigner, securityCode, type EcfSigner } from './signer.ts';
import { dgiiSchemaErrors } from '../testing/dgii-xsd.ts';
import { startDgiiStandin, type DgiiStandin } from '../testing/dgii-standin.ts';
import { ecfSale, schoolP12In } from '../testing/ecf.ts';
import { ecfXml, encfOf, rfceXml, type EcfSource } from '../../src/domain/ecf.ts';
import { signEcf } from '../../src/core/receipts/ecf.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecf-dgii-'));
let signer: EcfSigner;
beforeAll(() => {
  signer = loadEcfSigner({ p12File: schoolP12In(dir, 'clave'), p12Password: 'clave' });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let standin: DgiiStandin | undefined;
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

const invoice = (number: number, overrides: Partial<EcfSource> = {}): EcfSource =>
  ecfSale({
    type: 'E31',
    encf: encfOf('E31', number),
    rangeExpiry: '2028-12-31',
    signedAt: new Date(),
    buyer: { rnc: '101672919', name: 'Constructora del Sur, S.R.L.' },
    ...overrides,
  });

/** Each document the stand-in received, as its e-NCF and status code ('E310000000001 1': accepted). */
const statuses = (dgii: DgiiStandin) =>
  dgii.received.map((document) => `${document.encf} ${document.status}`);

async function setup(
  options: { clock?: () => Date; timeoutMs?: number; env?: 'TesteCF' | 'CerteCF' | 'eCF' } = {},
) {
  standin = await startDgiiStandin();
  const client = dgiiClient({
    config: { env: options.env ?? 'TesteCF', ecfUrl: standin.url, fcUrl: standin.url },
    signer,
    ...options,
  });
  return { standin, client };
}

describe('the DGII client', () => {
  it('authenticates once with the signed seed, sends a signed E31 and reads it accepted', async () => {
    const { standin: dgii, client } = await setup();
    const first = await client.send(signer.sign(ecfXml(invoice(1))), '131880738E310000000001.xml');
    expect(first.trackId).toMatch(/[0-9a-f-]{36}/);
    expect(await client.status(first.trackId)).toMatchObject({ codigo: 1, estado: 'Aceptado', mensajes: [] });
    await client.send(signer.sign(ecfXml(invoice(2))), '131880738E310000000002.xml');
    // The token served both documents: one seed in all.
    expect(dgii.seedsIssued).toBe(1);
    expect(statuses(dgii)).toEqual(['E310000000001 1', 'E310000000002 1']);
  });

  it('an unsigned or malformed document is rejected with the reason, its e-NCF left unused', async () => {
    const { client } = await setup();
    const unsigned = await client.send(ecfXml(invoice(3)), 'x.xml');
    expect(await client.status(unsigned.trackId)).toMatchObject({
      codigo: 2,
      estado: 'Rechazado',
      secuenciaUtilizada: false,
      mensajes: [{ valor: 'Firma digital inválida' }],
    });
    const broken = signer.sign(ecfXml(invoice(4)).replace('<TipoIngresos>01</TipoIngresos>', ''));
    const rejected = await client.status((await client.send(broken, 'y.xml')).trackId);
    expect(rejected).toMatchObject({ codigo: 2, secuenciaUtilizada: false });
    expect(rejected.mensajes[0]!.valor).toMatch(/^Estructura inválida/);
  });

  it('the same e-NCF twice is refused; a consumer invoice under RD$250,000 must go as a summary', async () => {
    const { client } = await setup();
    await client.send(signer.sign(ecfXml(invoice(5))), 'a.xml');
    const again = await client.status((await client.send(signer.sign(ecfXml(invoice(5))), 'b.xml')).trackId);
    expect(again).toMatchObject({
      codigo: 2,
      secuenciaUtilizada: true,
      mensajes: [{ valor: 'e-NCF ya fue utilizado' }],
    });
    const consumer = invoice(6, {
      type: 'E32',
      encf: encfOf('E32', 6),
      buyer: { rnc: '', name: 'Carmen Rodríguez' },
    });
    const small = await client.status((await client.send(signer.sign(ecfXml(consumer)), 'c.xml')).trackId);
    expect(small.codigo).toBe(2);
    expect(small.mensajes[0]!.valor).toContain('resumen (RFCE)');
    // From RD$250,000 an E32 goes whole (the RNC is then required).
    const large = invoice(7, {
      type: 'E32',
      encf: encfOf('E32', 7),
      lines: [{ description: 'Programa anual · 12 niños', amount: 300_000 }],
      total: 300_000,
    });
    expect(
      await client.status((await client.send(signer.sign(ecfXml(large)), 'd.xml')).trackId),
    ).toMatchObject({
      codigo: 1,
    });
  });

  it("a consumer invoice under RD$250,000: its signed summary, with the e-CF's security code, is accepted once", async () => {
    const { standin: dgii, client } = await setup();
    const consumer = invoice(9, {
      type: 'E32',
      encf: encfOf('E32', 9),
      buyer: { rnc: '', name: 'Carmen Rodríguez' },
    });
    const signedEcf = signer.sign(ecfXml(consumer));
    const code = securityCode(signedEcf);
    const summary = signer.sign(rfceXml(consumer, code));
    // The summary itself is what DGII's XSD RFCE 32 describes.
    expect(await dgiiSchemaErrors(summary, 'RFCE-32')).toEqual([]);
    expect(summary).toContain(`<CodigoSeguridadeCF>${code}</CodigoSeguridadeCF>`);
    expect(await client.sendSummary(summary, '131880738E320000000009.xml')).toMatchObject({
      codigo: 1,
      estado: 'Aceptado',
      encf: 'E320000000009',
    });
    expect(await client.sendSummary(summary, '131880738E320000000009.xml')).toMatchObject({
      codigo: 2,
      mensajes: [{ valor: 'e-NCF ya fue utilizado' }],
    });
    expect(dgii.received.map((document) => document.type)).toEqual(['RFCE', 'RFCE']);
  });

  it("renews the token a minute before DGII's expira, on the client's clock", async () => {
    let now = Date.now();
    const { standin: dgii, client } = await setup({ clock: () => new Date(now) });
    await client.send(signer.sign(ecfXml(invoice(20))), 'a.xml');
    expect(dgii.seedsIssued).toBe(1);
    // An hour's token: 61 s before it ends it still serves.
    now += 3600_000 - 61_000;
    await client.send(signer.sign(ecfXml(invoice(21))), 'b.xml');
    expect(dgii.seedsIssued).toBe(1);
    // Within the last minute it is renewed first: a second seed.
    now += 2_000;
    const renewed = await client.send(signer.sign(ecfXml(invoice(22))), 'c.xml');
    expect(dgii.seedsIssued).toBe(2);
    expect(await client.status(renewed.trackId)).toMatchObject({ codigo: 1 });
  });

  it('a token DGII expired early (401) is renewed once and the call made again', async () => {
    const { standin: dgii, client } = await setup();
    const first = await client.send(signer.sign(ecfXml(invoice(23))), 'a.xml');
    expect(dgii.seedsIssued).toBe(1);
    dgii.faults.expireTokens = true;
    expect(await client.status(first.trackId)).toMatchObject({ codigo: 1, estado: 'Aceptado' });
    expect(dgii.seedsIssued).toBe(2);
    dgii.faults.expireTokens = true;
    await client.send(signer.sign(ecfXml(invoice(24))), 'b.xml');
    expect(dgii.seedsIssued).toBe(3);
    expect(statuses(dgii)).toEqual(['E310000000023 1', 'E310000000024 1']);
  });

  it('a DGII slower than the timeout is DgiiUnavailable; fast again, the same document goes', async () => {
    const { standin: dgii, client } = await setup({ timeoutMs: 2_000 });
    dgii.faults.slowMs = 2_500;
    await expect(client.send(signer.sign(ecfXml(invoice(25))), 'a.xml')).rejects.toBeInstanceOf(
      DgiiUnavailable,
    );
    expect(dgii.received).toHaveLength(0);
    // Set over HTTP as a browser test or a developer would.
    const set = await fetch(`${dgii.url}/_standin/faults`, {
      method: 'POST',
      body: JSON.stringify({ slowMs: 0 }),
    });
    expect(await set.json()).toMatchObject({ slowMs: 0 });
    const sent = await client.send(signer.sign(ecfXml(invoice(25))), 'a.xml');
    expect(await client.status(sent.trackId)).toMatchObject({ codigo: 1 });
    expect(dgii.received.map((document) => document.encf)).toEqual(['E310000000025']);
  });

  it('an E32 of exactly RD$250,000 goes whole to the reception; RD$249,999 goes as its summary (RFCE)', async () => {
    const { standin: dgii, client } = await setup();
    const port = ecfPortOver('TesteCF', signer, client);
    const consumer = (number: number, total: number) =>
      invoice(number, {
        type: 'E32',
        encf: encfOf('E32', number),
        buyer: { rnc: '', name: 'Carmen Rodríguez' },
        lines: [{ description: 'Programa anual · 12 niños', amount: total }],
        total,
      });
    const whole = signEcf(port, consumer(30, 250_000));
    expect(whole.route).toBe('reception');
    expect(whole.summary_xml).toBeUndefined();
    expect(whole.qr_url).toMatch(/^https:\/\/ecf\.dgii\.gov\.do\/testecf\/consultatimbre\?/);
    const summary = signEcf(port, consumer(31, 249_999));
    expect(summary.route).toBe('summary');
    expect(summary.summary_xml).toContain('<MontoTotal>249999.00</MontoTotal>');
    expect(summary.qr_url).toMatch(/^https:\/\/fc\.dgii\.gov\.do\/testecf\/consultatimbrefc\?/);
    // DGII agrees: the reception takes the RD$250,000 one, the FC host the other's summary.
    expect(
      await client.status((await client.send(whole.signed_xml, '131880738E320000000030.xml')).trackId),
    ).toMatchObject({ codigo: 1 });
    expect(await client.sendSummary(summary.summary_xml!, '131880738E320000000031.xml')).toMatchObject({
      codigo: 1,
    });
    expect(dgii.received.map((document) => [document.encf, document.type])).toEqual([
      ['E320000000030', '32'],
      ['E320000000031', 'RFCE'],
    ]);
  });

  it('consulta trackids: the submissions DGII holds of an e-NCF, in its words; none of one never sent', async () => {
    const { standin: dgii, client } = await setup();
    const first = await client.send(signer.sign(ecfXml(invoice(40))), '131880738E310000000040.xml');
    expect(await client.trackIds('131880738', 'E310000000040')).toEqual([
      { trackId: first.trackId, estado: 'Aceptado', fechaRecepcion: expect.any(String) },
    ]);
    // Sent twice: DGII lists both, the second refused as already used.
    const second = await client.send(signer.sign(ecfXml(invoice(40))), '131880738E310000000040.xml');
    expect(await client.trackIds('131880738', 'E310000000040')).toMatchObject([
      { trackId: first.trackId, estado: 'Aceptado' },
      { trackId: second.trackId, estado: 'Rechazado' },
    ]);
    expect(await client.trackIds('131880738', 'E310000000041')).toEqual([]);
    // Another issuer's e-NCF is not ours.
    expect(await client.trackIds('101672919', 'E310000000040')).toEqual([]);
    // DGII's validations of the consulta: a malformed RNC is refused, not taken as 'none'.
    await expect(client.trackIds('1234', 'E310000000040')).rejects.toBeInstanceOf(DgiiUnavailable);
    expect(dgii.asked.map((query) => query.service)).toEqual([
      'consultatrackids',
      'consultatrackids',
      'consultatrackids',
      'consultatrackids',
    ]);
  });

  it('consulta trackids is not asked where DGII publishes none (CerteCF)', async () => {
    const { standin: dgii, client } = await setup({ env: 'CerteCF' });
    expect(await client.trackIds('131880738', 'E310000000042')).toBeNull();
    expect(dgii.asked).toEqual([]);
    // The stand-in has none there either, as DGII's Descripción Técnica lists it.
    const none = await fetch(
      `${dgii.url}/certecf/consultatrackids/api/trackids/consulta?rncemisor=131880738&encf=E310000000042`,
    );
    expect(none.status).toBe(404);
  });

  it('received, then answered after the timeout: DgiiUncertain, and DGII lists its TrackId', async () => {
    const { standin: dgii, client } = await setup({ timeoutMs: 2_000 });
    dgii.faults.slowAfterReceiptMs = 2_500;
    const error: unknown = await client
      .send(signer.sign(ecfXml(invoice(43))), '131880738E310000000043.xml')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DgiiUncertain);
    expect(error).toMatchObject({ uncertain: true });
    expect(dgii.received).toMatchObject([{ encf: 'E310000000043', status: 1 }]);
    dgii.faults.slowAfterReceiptMs = 0;
    expect(await client.trackIds('131880738', 'E310000000043')).toMatchObject([
      { trackId: dgii.received[0]!.trackId, estado: 'Aceptado' },
    ]);
    // Sent again, DGII refuses it: the false rejection the consulta avoids.
    const again = await client.send(signer.sign(ecfXml(invoice(43))), '131880738E310000000043.xml');
    expect(await client.status(again.trackId)).toMatchObject({
      codigo: 2,
      mensajes: [{ valor: 'e-NCF ya fue utilizado' }],
    });
  });

  it('consulta RFCE (production): the result of a summary DGII received, by e-NCF and security code', async () => {
    const { standin: dgii, client } = await setup({ env: 'eCF', timeoutMs: 2_000 });
    const consumer = invoice(44, {
      type: 'E32',
      encf: encfOf('E32', 44),
      buyer: { rnc: '', name: 'Carmen Rodríguez' },
    });
    const code = securityCode(signer.sign(ecfXml(consumer)));
    const summary = signer.sign(rfceXml(consumer, code));
    expect(await client.summaryStatus('131880738', 'E320000000044', code)).toMatchObject({ codigo: 0 });
    dgii.faults.slowAfterReceiptMs = 2_500;
    await expect(client.sendSummary(summary, '131880738E320000000044.xml')).rejects.toBeInstanceOf(
      DgiiUncertain,
    );
    dgii.faults.slowAfterReceiptMs = 0;
    expect(await client.summaryStatus('131880738', 'E320000000044', code)).toMatchObject({
      codigo: 1,
      estado: 'Aceptado',
      encf: 'E320000000044',
      secuenciaUtilizada: true,
    });
    // Another code is not that summary.
    expect(await client.summaryStatus('131880738', 'E320000000044', 'ABCDEF')).toMatchObject({ codigo: 0 });
    expect(dgii.received.map((document) => document.type)).toEqual(['RFCE']);
    expect(dgii.asked.map((query) => query.service)).toEqual([
      'consultarfce',
      'consultarfce',
      'consultarfce',
    ]);
  });

  it('consulta RFCE is not asked outside production, where DGII publishes none', async () => {
    const { standin: dgii, client } = await setup();
    expect(await client.summaryStatus('131880738', 'E320000000045', 'ABCDEF')).toBeNull();
    expect(dgii.asked).toEqual([]);
  });

  it('DGII down: DgiiUnavailable, to be tried again later', async () => {
    const { standin: dgii, client } = await setup();
    dgii.faults.down = true;
    await expect(client.send(signer.sign(ecfXml(invoice(8))), 'e.xml')).rejects.toBeInstanceOf(
      DgiiUnavailable,
    );
    dgii.faults.down = false;
    expect((await client.send(signer.sign(ecfXml(invoice(8))), 'e.xml')).trackId).toBeTruthy();
  });
});
