// Our DGII client (issue 22) against the DGII stand-in: the seed signed with the school's
// certificate buys a token that serves several calls; a signed e-CF gets a TrackId and its status
// ('Aceptado'), an invalid one is 'Rechazado' with DGII's reason and its e-NCF left unused, the
// same e-NCF twice is refused, a consumer invoice under RD$250,000 must go as a summary; DGII down
// is DgiiUnavailable (try again later), never an accepted receipt.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dgiiClient, DgiiUnavailable } from './dgii.ts';
import { loadEcfSigner, securityCode, type EcfSigner } from './signer.ts';
import { dgiiSchemaErrors } from '../testing/dgii-xsd.ts';
import { startDgiiStandin, type DgiiStandin } from '../testing/dgii-standin.ts';
import { schoolP12In } from '../testing/ecf.ts';
import { ecfXml, encfOf, rfceXml, type EcfSource } from '../../src/domain/ecf.ts';
import { signEcf, type EcfPort } from '../../src/core/receipts/ecf.ts';

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

const invoice = (number: number, overrides: Partial<EcfSource> = {}): EcfSource => ({
  type: 'E31',
  encf: encfOf('E31', number),
  rangeExpiry: '2028-12-31',
  issuedAt: new Date('2027-05-03T15:30:00Z'),
  signedAt: new Date(),
  school: { rnc: '131880738', name: 'Escuela de Baloncesto', address: 'Av. Sarasota 10, Santo Domingo' },
  buyer: { rnc: '101672919', name: 'Constructora del Sur, S.R.L.' },
  lines: [{ description: 'Semana 1 · Sofía Rodríguez', amount: 4_700 }],
  total: 4_700,
  itbis: 'exento',
  ...overrides,
});

async function setup(options: { clock?: () => Date; timeoutMs?: number } = {}) {
  standin = await startDgiiStandin();
  const client = dgiiClient({
    config: { env: 'TesteCF', ecfUrl: standin.url, fcUrl: standin.url },
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
    expect(dgii.received.map((document) => [document.encf, document.status])).toEqual([
      ['E310000000001', 1],
      ['E310000000002', 1],
    ]);
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
    expect(dgii.received.map((document) => [document.encf, document.status])).toEqual([
      ['E310000000023', 1],
      ['E310000000024', 1],
    ]);
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
    const port: EcfPort = {
      env: 'TesteCF',
      certificateValidUntil: signer.validUntil,
      sign: (xml) => signer.sign(xml),
      send: (xml, name) => client.send(xml, name),
      status: (trackId) => client.status(trackId),
      sendSummary: (xml, name) => client.sendSummary(xml, name),
    };
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
