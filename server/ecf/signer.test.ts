// Signing e-CF documents (issue 22) with a school certificate made for the test (.p12, as DGII's
// certification authorities issue them): the signature is the one DGII describes, verifies with
// the certificate it carries, breaks when a figure is changed, and the signed document still
// passes DGII's XSD 32; a wrong password or file stops the start with a clear message.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { dgiiSchemaErrors } from '../testing/dgii-xsd.ts';
import { loadEcfSigner, securityCode } from './signer.ts';
import { ecfSale, schoolP12In } from '../testing/ecf.ts';
import { ecfXml } from '../../src/domain/ecf.ts';
import { ConfigError } from '../config.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecf-signer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const schoolP12 = (password: string) => schoolP12In(dir, password);

const sale = ecfSale();

const verify = (signed: string): boolean => {
  const verifier = new SignedXml();
  const signatureNode = /<Signature[\s\S]*<\/Signature>/.exec(signed)![0];
  verifier.loadSignature(signatureNode);
  // The certificate the document carries (what DGII checks against the issuer's registration).
  verifier.getCertFromKeyInfo = (keyInfo) => SignedXml.getCertFromKeyInfo(keyInfo);
  return verifier.checkSignature(signed);
};

describe('the e-CF signer', () => {
  it('signs as DGII describes: whole document, RSA-SHA256, SHA-256 digests, the certificate, last child', async () => {
    const signer = loadEcfSigner({ p12File: schoolP12('clave-p12'), p12Password: 'clave-p12' });
    expect(signer.holder).toBe('ESCUELA DE BALONCESTO SRL');
    const signed = signer.sign(ecfXml(sale));
    expect(signed).toContain('<Reference URI="">');
    expect(signed).toContain(
      '<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>',
    );
    expect(signed).toContain('<DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>');
    expect(signed).toContain(
      '<Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>',
    );
    expect(signed).toContain(
      '<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>',
    );
    expect(signed).toMatch(/<X509Certificate>[A-Za-z0-9+/=\s]+<\/X509Certificate>/);
    expect(signed).toMatch(
      /<\/FechaHoraFirma><Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">[\s\S]*<\/Signature><\/ECF>$/,
    );
    expect(verify(signed)).toBe(true);
    // A figure changed after signing no longer verifies (xml-crypto answers false or throws).
    const tampered = signed.replace('<MontoTotal>4700.00</MontoTotal>', '<MontoTotal>470.00</MontoTotal>');
    expect(tampered).not.toBe(signed);
    let accepted: boolean;
    try {
      accepted = verify(tampered);
    } catch {
      accepted = false;
    }
    expect(accepted).toBe(false);
    // And the signed document is still what DGII's XSD 32 accepts.
    expect(await dgiiSchemaErrors(signed, 'e-CF-32')).toEqual([]);
    // The security code: the SignatureValue's first six characters.
    const value = /<SignatureValue>([^<]+)<\/SignatureValue>/.exec(signed)![1]!;
    expect(securityCode(signed)).toBe(value.slice(0, 6));
    expect(securityCode(signed)).toHaveLength(6);
  });

  it('a wrong password or a missing file stops the start with a message naming the setting', () => {
    const file = schoolP12('correcta');
    expect(() => loadEcfSigner({ p12File: file, p12Password: 'equivocada' })).toThrow(ConfigError);
    expect(() => loadEcfSigner({ p12File: file, p12Password: 'equivocada' })).toThrow(
      /ECF_P12_FILE \/ ECF_P12_PASSWORD do not open the certificate/,
    );
    expect(() => loadEcfSigner({ p12File: path.join(dir, 'no-existe.p12'), p12Password: 'x' })).toThrow(
      /ECF_P12_FILE: the file .* cannot be read/,
    );
  });
});
