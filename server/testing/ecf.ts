// A school's e-CF certificate for tests (issue 22): a .p12 with a key and a certificate whose
// subject carries the school's RNC, as DGII's certification authorities issue them. Test code only.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { encfOf, type EcfSource } from '../../src/domain/ecf.ts';
import type { NcfSequence, NcfType } from '../../src/domain/receipts.ts';

/** Writes a new .p12 protected by `password` into `dir`; its path. `holder`: whose it is. */
export function schoolP12In(
  dir: string,
  password: string,
  validDays = 365,
  holder = { name: 'ESCUELA DE BALONCESTO SRL', rnc: '131880738' },
): string {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + validDays * 86_400_000);
  const subject = [
    { name: 'commonName', value: holder.name },
    { name: 'serialNumber', value: holder.rnc },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: '3des' });
  const file = path.join(dir, `escuela-${crypto.randomUUID()}.p12`);
  fs.writeFileSync(file, Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'));
  return file;
}

/** A family's E32 for RD$4,700 (one week, no ITBIS) as the tests sign and send it; `overrides` change it. */
export const ecfSale = (overrides: Partial<EcfSource> = {}): EcfSource => ({
  type: 'E32',
  encf: encfOf('E32', 1),
  issuedAt: new Date('2027-05-03T15:30:00Z'),
  signedAt: new Date('2027-05-03T15:30:05Z'),
  school: { rnc: '131880738', name: 'Escuela de Baloncesto', address: 'Av. Sarasota 10, Santo Domingo' },
  buyer: { rnc: '', name: 'Carmen Rodríguez' },
  lines: [{ description: 'Semana 1 · Sofía Rodríguez', amount: 4_700 }],
  total: 4_700,
  itbis: 'exento',
  ...overrides,
});

/** A range of receipt numbers the DGII authorised, `first` to `last`, active, valid to the end of 2027 unless told. */
export const ncfRange = (
  type: NcfType,
  first: number,
  last: number,
  { next = first, expiresOn = new Date('2027-12-31T23:59:59Z') } = {},
): Omit<NcfSequence, '_id'> => ({
  type,
  first,
  last,
  next,
  expires_on: expiresOn,
  status: 'active',
  created_at: new Date(),
});
