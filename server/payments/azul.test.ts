// The AZUL adapter against the AZUL stand-in (issue 21), beyond the port's shared promises
// (./gateway-contract.test.ts): the requests as AZUL defines them, 'Error' answers, timeouts and
// lost answers settled by VerifyPayment (never a second charge), the backup site, void versus
// refund, an expired DataVault token, and the start-up checks of the settings and certificate.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AzulUnknownOutcome, loadAzulTls, type AzulLog } from './azul.ts';
import { azulGatewayFor } from '../testing/azul.ts';
import { AZUL_TEST_CARDS, startAzulStandin, type AzulStandin } from '../testing/azul-standin.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { CARD_MESSAGES } from '../../src/domain/cards.ts';

let standin: AzulStandin | undefined;
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

const visa = {
  number: AZUL_TEST_CARDS.visa.number,
  cvv: AZUL_TEST_CARDS.visa.cvv,
  expiry: '122030',
  holder: 'Carmen Rodríguez',
};

async function setup(
  options: { timeoutMs?: number; auth1?: string; itbis?: number; clock?: () => Date } = {},
) {
  standin = await startAzulStandin();
  const logged: Array<{ level: string; details: object; message: string }> = [];
  const log: AzulLog = {
    warn: (details, message) => logged.push({ level: 'warn', details, message }),
    error: (details, message) => logged.push({ level: 'error', details, message }),
  };
  const gateway = azulGatewayFor(standin, {
    log,
    ...(options.auth1 ? { auth1: options.auth1 } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.itbis !== undefined ? { itbisOf: async () => options.itbis! } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return { standin, gateway, logged };
}

const sales = (s: AzulStandin) => s.received.filter((request) => request.body.TrxType === 'Sale');

describe('the AZUL adapter', () => {
  it('sends a Sale as AZUL defines it: minor units, ITBIS, YYYYMM, our reference as CustomOrderId', async () => {
    const { standin: s, gateway } = await setup({ itbis: 717 });
    const result = await gateway.charge({ amount: 4_700, currency: 'DOP', card: visa, reference: '1001' });
    expect(result).toMatchObject({ approved: true, brand: 'Visa', last4: '5872' });
    expect(result.approved && result.rrn).toMatch(/^\d{14}/);
    expect(s.received[0]).toMatchObject({
      site: 'main',
      operation: '',
      body: {
        Channel: 'EC',
        Store: s.merchantId,
        CardNumber: visa.number,
        Expiration: '203012',
        CVC: visa.cvv,
        PosInputMode: 'E-Commerce',
        TrxType: 'Sale',
        Amount: '470000',
        Itbis: '71700',
        CustomOrderId: '1001',
        OrderNumber: '1001',
        ForceNo3DS: '1',
      },
    });
  });

  it("an exempt school sends ITBIS '000'", async () => {
    const { standin: s, gateway } = await setup();
    await gateway.charge({ amount: 1_000, currency: 'DOP', card: visa, reference: '1002' });
    expect(s.received[0]!.body.Itbis).toBe('000');
  });

  it("an 'Error' answer charges nothing, tells the parent in Spanish and logs no secret", async () => {
    const { gateway, logged } = await setup({ auth1: 'clave-equivocada' });
    const result = await gateway.charge({ amount: 4_700, currency: 'DOP', card: visa, reference: '1003' });
    expect(result).toMatchObject({ approved: false, message: CARD_MESSAGES.gatewayError });
    expect(logged).toEqual([
      expect.objectContaining({ level: 'error', details: { operation: 'Sale', error: 'INVALID_AUTH:Auth' } }),
    ]);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(visa.number);
    expect(text).not.toContain('clave-equivocada');
  });

  it('a slow answer is an unknown outcome, settled by VerifyPayment: found, and charged once', async () => {
    const { standin: s, gateway } = await setup({ timeoutMs: 300 });
    s.faults.delayMs = 800;
    await expect(
      gateway.charge({ amount: 4_700, currency: 'DOP', card: visa, reference: '1004' }),
    ).rejects.toBeInstanceOf(AzulUnknownOutcome);
    s.faults.delayMs = 0;
    expect(await gateway.lookup('1004')).toMatchObject({ approved: true });
    expect(sales(s)).toHaveLength(1);
    // The backup site is not tried after a request that may have arrived.
    expect(s.received.every((request) => request.site === 'main')).toBe(true);
  });

  it('a request dropped before AZUL processed it, or a 503 page, is not found by VerifyPayment', async () => {
    const { standin: s, gateway } = await setup();
    s.faults.dropBefore = 1;
    await expect(
      gateway.charge({ amount: 4_700, currency: 'DOP', card: visa, reference: '1005' }),
    ).rejects.toBeInstanceOf(AzulUnknownOutcome);
    expect(await gateway.lookup('1005')).toBeNull();
    s.faults.unavailable = 1;
    await expect(
      gateway.charge({ amount: 4_700, currency: 'DOP', card: visa, reference: '1006' }),
    ).rejects.toBeInstanceOf(AzulUnknownOutcome);
    expect(await gateway.lookup('1006')).toBeNull();
    // Processed, then the answer lost: found.
    s.faults.dropAfter = 1;
    await expect(
      gateway.charge({ amount: 4_700, currency: 'DOP', card: visa, reference: '1007' }),
    ).rejects.toBeInstanceOf(AzulUnknownOutcome);
    expect(await gateway.lookup('1007')).toMatchObject({ approved: true });
  });

  it('the main site down: the call goes to the backup site', async () => {
    const { standin: s, gateway, logged } = await setup();
    s.faults.mainDown = true;
    expect(
      await gateway.charge({ amount: 4_700, currency: 'DOP', card: visa, reference: '1008' }),
    ).toMatchObject({
      approved: true,
    });
    expect(s.received.map((request) => request.site)).toEqual(['backup']);
    expect(logged.map((entry) => entry.message)).toContain(
      'AZUL main site unreachable, trying the backup site',
    );
  });

  it('voids a whole sale within the window, refunds after it, and AZUL allows one refund per sale', async () => {
    let now = Date.now();
    const { standin: s, gateway } = await setup({ clock: () => new Date(now) });
    await gateway.charge({ amount: 4_700, currency: 'DOP', card: visa, reference: '1009' });
    expect(await gateway.refund({ reference: '1009', amount: 4_700 })).toMatchObject({ refunded: true });
    expect(s.received.at(-1)!.operation).toBe('processvoid');

    await gateway.charge({ amount: 9_400, currency: 'DOP', card: visa, reference: '1010' });
    now += 30 * 60_000;
    s.advance(30);
    const part = await gateway.refund({ reference: '1010', amount: 4_700, key: '1010:c1' });
    expect(part).toMatchObject({ refunded: true });
    expect(s.received.at(-1)!.body).toMatchObject({
      TrxType: 'Refund',
      Amount: '470000',
      CustomOrderId: '1010:c1',
    });
    // The same key again answers the same, without a second refund.
    expect(await gateway.refund({ reference: '1010', amount: 4_700, key: '1010:c1' })).toEqual(part);
    expect(s.transactions.filter((transaction) => transaction.TrxType === 'Refund')).toHaveLength(1);
    // A second refund of that sale: AZUL refuses it, and staff are told how to do it.
    const second = await gateway.refund({ reference: '1010', amount: 4_700, key: '1010:cancel' });
    expect(second).toMatchObject({ refunded: false });
    expect(!second.refunded && second.message).toMatch(/una sola devolución por venta/);
  });

  it('a kept card whose token expired is refused as expired', async () => {
    const { standin: s, gateway } = await setup();
    const thisMonth = new Date();
    const expiry = `${String(thisMonth.getUTCMonth() + 1).padStart(2, '0')}${thisMonth.getUTCFullYear()}`;
    const saved = await gateway.saveCard({ card: { ...visa, expiry }, customer: 'familia-1' });
    expect(saved).toMatchObject({ saved: true, expiry });
    if (!saved.saved) return;
    s.advance(62 * 24 * 60);
    expect(
      await gateway.chargeSaved({ token: saved.token, amount: 1_500, currency: 'DOP', reference: '1011' }),
    ).toMatchObject({ approved: false, reason: 'expired' });
  });
});

describe('AZUL settings at start', () => {
  it('PAYMENT_GATEWAY=azul lists every missing setting at once; sandbox stays the default', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).payments).toEqual({ gateway: 'sandbox' });
    try {
      loadConfig({ NODE_ENV: 'test', PAYMENT_GATEWAY: 'azul', AZUL_URL: 'http://inseguro' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['AZUL_MERCHANT_ID', 'AZUL_AUTH1', 'AZUL_AUTH2', 'AZUL_CERT_FILE', 'AZUL_KEY_FILE'])
        expect(problems).toContain(`${name} is required`);
      expect(problems).toContain('AZUL_URL must be an https:// URL');
    }
    expect(() => loadConfig({ NODE_ENV: 'test', PAYMENT_GATEWAY: 'stripe' })).toThrow(
      /PAYMENT_GATEWAY must be sandbox or azul/,
    );
  });

  it('a certificate that does not load stops the start with a clear message', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'azul-cert-'));
    const cert = path.join(dir, 'cert.pem');
    fs.writeFileSync(cert, 'no es un certificado');
    expect(() => loadAzulTls({ certFile: path.join(dir, 'falta.pem'), keyFile: cert, caFile: null })).toThrow(
      /AZUL_CERT_FILE: the file .* cannot be read/,
    );
    expect(() => loadAzulTls({ certFile: cert, keyFile: cert, caFile: null })).toThrow(
      /do not make a client certificate/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
