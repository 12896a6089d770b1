// The e-NCF ranges (issue 22): with e-CF on (ECF_ENV) the fiscal screen asks for E31, E32 and E34
// ranges, ten-digit numbers, and warns while one is missing; with it off, nothing about them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ncfRange, schoolP12In } from '../../testing/ecf.ts';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { RECEIPT_MESSAGES, type NcfSequence } from '../../../src/domain/receipts.ts';
import { formatDay } from '../../../src/domain/cancellation.ts';

let t: TestApp;
afterEach(async () => t?.close());

async function setup(env: Record<string, string>) {
  t = await buildTestApp(env);
  const admin = await t.createUser({ admin: true, email: 'direccion@escuela.do' });
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.api({ method, url: `/api${url}`, token: admin.token, ...(payload ? { payload } : {}) });
  return { call };
}

/** The app with e-CF on: the school's certificate is read from a folder removed right after. */
async function setupWithEcf() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecf-ranges-'));
  const app = await setup({
    ECF_ENV: 'TesteCF',
    ECF_P12_FILE: schoolP12In(dir, 'clave'),
    ECF_P12_PASSWORD: 'clave',
  });
  fs.rmSync(dir, { recursive: true, force: true });
  return app;
}

describe('e-NCF ranges', () => {
  it('with e-CF on: the E types, ten digits, and the warnings about them', async () => {
    const { call } = await setupWithEcf();
    const before = (await call('GET', '/ajustes/fiscal')).json().data;
    // The B ranges may be entered ahead for a contingency, but none missing is warned of while the
    // certificate signs.
    expect(before).toMatchObject({ ecf: true, types: ['E31', 'E32', 'E34', 'B01', 'B02', 'B04'] });
    expect(before.alerts).toContain(RECEIPT_MESSAGES.noSequence('E32'));
    expect(before.alerts).not.toContain(RECEIPT_MESSAGES.noSequence('B02'));

    const added = await call('POST', '/secuencias-ncf', {
      type: 'E32',
      first: 1,
      last: 10_000_000,
      expires_on: '2027-12-31',
    });
    expect(added.statusCode, added.body).toBe(200);
    const after = (await call('GET', '/ajustes/fiscal')).json().data;
    expect(after.sequences).toMatchObject([
      { type: 'E32', first: 'E320000000001', last: 'E320010000000', next: 'E320000000001', left: 10_000_000 },
    ]);
    expect(after.alerts).not.toContain(RECEIPT_MESSAGES.noSequence('E32'));
  });

  it('warns of an E range with 20 numbers or fewer left, or that ends within 30 days, as the dashboard shows', async () => {
    const { call } = await setupWithEcf();
    const sequences = t.store.collection<NcfSequence>('secuencias_ncf');
    const far = new Date(Date.now() + 400 * 86_400_000);
    const soon = new Date(Date.now() + 10 * 86_400_000);
    const range = (type: 'E31' | 'E32' | 'E34', first: number, last: number, next: number, expires: Date) =>
      sequences.insertOne(ncfRange(type, first, last, { next, expiresOn: expires }));
    // E32: 20 left (81 to 100); E31: 21 left but ends in ten days; E34: plenty, far away.
    await range('E32', 1, 100, 81, far);
    await range('E31', 1, 100, 80, soon);
    await range('E34', 1, 1_000, 1, far);
    const alerts: string[] = (await call('GET', '/ajustes/fiscal')).json().data.alerts;
    expect(alerts).toContain('Quedan 20 números en la secuencia de e-NCF E32.');
    expect(alerts).toContain(RECEIPT_MESSAGES.fewLeft('E32', 20));
    expect(alerts).toContain(`La secuencia de e-NCF E31 vence el ${formatDay(soon)}.`);
    expect(alerts.filter((alert) => /E31|E34/.test(alert))).toEqual([
      RECEIPT_MESSAGES.expiresSoon('E31', formatDay(soon)),
    ]);
    // One more number in the E32 range: no warning about it.
    await sequences.updateOne({ type: 'E32' }, { set: { next: 80 } });
    const after: string[] = (await call('GET', '/ajustes/fiscal')).json().data.alerts;
    expect(after.filter((alert) => alert.includes('E32'))).toEqual([]);
  });

  it('with e-CF off: the B types only; a B range beyond eight digits is refused in words', async () => {
    const { call } = await setup({});
    const status = (await call('GET', '/ajustes/fiscal')).json().data;
    expect(status).toMatchObject({ ecf: false, types: ['B01', 'B02', 'B04'] });
    expect(status.alerts.join(' ')).not.toMatch(/E3[124]/);
    const tooLong = await call('POST', '/secuencias-ncf', {
      type: 'B02',
      first: 1,
      last: 100_000_000,
      expires_on: '2027-12-31',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(RECEIPT_MESSAGES.rangeTooLarge('B02'));
  });
});
