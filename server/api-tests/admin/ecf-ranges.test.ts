// The e-NCF ranges (issue 22): with e-CF on (ECF_ENV) the fiscal screen asks for E31, E32 and E34
// ranges, ten-digit numbers, and warns while one is missing; with it off, nothing about them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { schoolP12In } from '../../testing/ecf.ts';
import { buildTestApp, type TestApp } from '../../testing/build.ts';
import { RECEIPT_MESSAGES } from '../../../src/domain/receipts.ts';

let t: TestApp;
afterEach(async () => t?.close());

async function setup(env: Record<string, string>) {
  t = await buildTestApp(env);
  const admin = await t.createUser({ admin: true, email: 'direccion@escuela.do' });
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.api({ method, url: `/api${url}`, token: admin.token, ...(payload ? { payload } : {}) });
  return { call };
}

describe('e-NCF ranges', () => {
  it('with e-CF on: the E types, ten digits, and the warnings about them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecf-ranges-'));
    const { call } = await setup({
      ECF_ENV: 'TesteCF',
      ECF_P12_FILE: schoolP12In(dir, 'clave'),
      ECF_P12_PASSWORD: 'clave',
    });
    fs.rmSync(dir, { recursive: true, force: true });
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
