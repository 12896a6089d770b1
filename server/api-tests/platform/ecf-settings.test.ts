// A school's own DGII certificate (issue 55): its administrators upload the .p12 with its password
// (sealed under PLATFORM_KEY, never answered) and choose the e-CF environment; from then on its
// receipts are e-CF signed with its certificate under its RNC, while another school's are not; a
// certificate its password does not open is refused in Spanish and changes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closeAll } from '../../testing/build.ts';
import forge from 'node-forge';
import { buildPlatformTestApp, TEST_PLATFORM_KEY, type PlatformTestApp } from '../../testing/platform.ts';
import { startDgiiStandin, type DgiiStandin } from '../../testing/dgii-standin.ts';
import { ncfRange, schoolP12In } from '../../testing/ecf.ts';
import { seedDemoData } from '../../../src/core/seed.ts';
import { sendEcfReceipts } from '../../../src/core/receipts/ecf.ts';
import { demoCart, enrolmentRequest } from '../checkout/testing.ts';
import { SCHOOL_SETTINGS_MESSAGES as M } from '../../../src/domain/school-settings.ts';
import type { NcfSequence, Receipt } from '../../../src/domain/receipts.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecf-settings-'));
const TIGRES_RNC = '131880738';
const p12 = fs.readFileSync(
  schoolP12In(dir, 'clave-tigres', 400, { name: 'CLUB LOS TIGRES SRL', rnc: TIGRES_RNC }),
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let t: PlatformTestApp | undefined;
let dgii: DgiiStandin | undefined;
afterEach(async () => {
  [t, dgii] = await closeAll(t, dgii);
});

/** The certificate (base64 DER) a signed e-CF carries in its KeyInfo. */
const signerOf = (xml: string) =>
  /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(xml)?.[1]?.replace(/\s+/g, '');

describe("a school's own DGII certificate (issue 55)", () => {
  it("signs and sends the school's e-CF with its own certificate and RNC, and no other school's", async () => {
    dgii = await startDgiiStandin();
    const app = (t = await buildPlatformTestApp({ PLATFORM_KEY: TEST_PLATFORM_KEY }));
    for (const id of ['tigres', 'leones']) {
      await app.createSchool(id);
      await seedDemoData(app.school(id).store);
    }
    const admin = await app.schoolAdminToken('tigres');
    const call = (url: string, payload: object) =>
      app.schoolApi('tigres', { method: 'POST', url, token: admin, payload });
    const fiscal = await call('/api/ajustes/fiscal', {
      school_name: 'Club Los Tigres SRL',
      rnc: TIGRES_RNC,
      address: 'Calle El Sol 5, Santiago',
      phone: '809-555-0199',
      email: 'club@lostigres.do',
      itbis: 'exento',
    });
    expect(fiscal.statusCode, fiscal.body).toBe(200);
    await app
      .school('tigres')
      .store.collection<NcfSequence>('secuencias_ncf')
      .insertOne(ncfRange('E32', 1, 100));
    const certificate = { ecf_env: 'TesteCF', ecf_p12: p12.toString('base64'), ecf_url: dgii.url };

    // A wrong password: refused in Spanish, nothing stored, the school still issues B-series.
    const wrong = await call('/api/ajustes/escuela', { ...certificate, ecf_p12_password: 'otra-clave' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, M.badEcfCertificate]);
    const notP12 = await call('/api/ajustes/escuela', {
      ...certificate,
      ecf_p12: Buffer.from('no es un certificado').toString('base64'),
      ecf_p12_password: 'clave-tigres',
    });
    expect([notP12.statusCode, notP12.json().message]).toEqual([400, M.badEcfCertificate]);
    const read = await app.schoolApi('tigres', { method: 'GET', url: '/api/ajustes/escuela', token: admin });
    expect(read.json().data).toMatchObject({ ecf_env: '', ecf_ready: false, ecf_valid_until: null });
    expect(await app.school('tigres').store.collection('ajustes').findById('escuela')).toBeNull();

    const saved = await call('/api/ajustes/escuela', { ...certificate, ecf_p12_password: 'clave-tigres' });
    expect(saved.statusCode, saved.body).toBe(200);
    const expiry = forge.pkcs12
      .pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), 'clave-tigres')
      .getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!]![0]!.cert!;
    expect(saved.json().data).toMatchObject({
      ecf_env: 'TesteCF',
      ecf_ready: true,
      ecf_valid_until: expiry.validity.notAfter.toISOString(),
      secrets: {
        ecf_p12: { configured_at: expect.any(String) },
        ecf_p12_password: { configured_at: expect.any(String) },
      },
    });
    // Never answered nor stored in clear.
    const stored = JSON.stringify(await app.school('tigres').store.collection('ajustes').find({}));
    for (const secret of ['clave-tigres', p12.toString('base64').slice(0, 40)]) {
      expect(saved.body).not.toContain(secret);
      expect(stored).not.toContain(secret);
      expect(app.rawLogs()).not.toContain(secret);
    }

    // Each school's family pays; Tigres' receipt is an e-CF, Leones' a B-series.
    for (const id of ['tigres', 'leones']) {
      const parent = await app.userIn(id);
      const paid = await app.payIn(
        id,
        parent.token,
        enrolmentRequest(await demoCart(app.school(id).store), [[0]]),
      );
      expect(paid.statusCode, paid.body).toBe(201);
    }
    const receiptsOf = (id: string) => app.school(id).store.collection<Receipt>('comprobantes').find({});
    const [tigresReceipt] = await receiptsOf('tigres');
    expect(tigresReceipt).toMatchObject({ type: 'E32', ncf: 'E320000000001' });
    expect((await receiptsOf('leones')).map((receipt) => receipt.type)).toEqual(['B02']);

    expect(await sendEcfReceipts(app.school('leones').core.deps)).toMatchObject({ sent: 0 });
    expect(dgii.received).toHaveLength(0);
    expect(await sendEcfReceipts(app.school('tigres').core.deps)).toMatchObject({ sent: 1, accepted: 1 });
    expect(dgii.received).toHaveLength(1);
    const [sent] = dgii.received;
    // Signed with Tigres' own certificate, under Tigres' RNC.
    const ownCert = forge.util.encode64(forge.asn1.toDer(forge.pki.certificateToAsn1(expiry)).getBytes());
    expect(signerOf(sent!.xml)).toBe(ownCert);
    expect(sent!.xml).toContain(`<RNCEmisor>${TIGRES_RNC}</RNCEmisor>`);
  });
});
