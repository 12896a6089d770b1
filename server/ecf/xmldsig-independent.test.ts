// Our signer and every verifier so far use xml-crypto: a shared misreading of XMLDSig would pass
// them all. xmldsigjs (PeculiarVentures: its own C14N, its own transforms, WebCrypto for RSA) checks
// an E31 and an E32 as DGII would, with the certificate the document carries, and refuses one
// whose amount was changed after signing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as xmldom from '@xmldom/xmldom';
import type * as XmlDsig from 'xmldsigjs';
import { loadEcfSigner, type EcfSigner } from './signer.ts';
import { ecfSale, schoolP12In } from '../testing/ecf.ts';
import { ecfXml, encfOf } from '../../src/domain/ecf.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecf-xmldsigjs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
// One copy of xmldsigjs and of the xml-core it uses (where the DOM is registered), and its own xpath.
const here = createRequire(import.meta.url);
const xmldsig = here('xmldsigjs') as typeof XmlDsig;
const beside = createRequire(here.resolve('xmldsigjs'));
const xmlCore = beside('xml-core') as { setNodeDependencies(deps: Record<string, unknown>): void };
let signer: EcfSigner;
beforeAll(() => {
  signer = loadEcfSigner({ p12File: schoolP12In(dir, 'clave'), p12Password: 'clave' });
  // xmldsigjs in Node: a DOM and XPath registered, and Node's WebCrypto.
  xmlCore.setNodeDependencies({
    XMLSerializer: xmldom.XMLSerializer,
    DOMParser: xmldom.DOMParser,
    DOMImplementation: xmldom.DOMImplementation,
    xpath: beside('xpath'),
  });
  xmldsig.Application.setEngine('NodeJS', globalThis.crypto);
});

const source = ecfSale;

/** Verifies the enveloped signature with xmldsigjs, with the certificate in its KeyInfo. */
async function verifies(xml: string): Promise<boolean> {
  const doc = xmldsig.Parse(xml);
  const [signature] = Array.from(
    doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature'),
  );
  const signed = new xmldsig.SignedXml(doc);
  signed.LoadXml(signature!);
  return signed.Verify();
}

describe('an independent XMLDSig verifier (xmldsigjs)', () => {
  it('accepts the signature of an E32 and of an E31', async () => {
    const e32 = signer.sign(ecfXml(source({})));
    const e31 = signer.sign(
      ecfXml(
        source({
          type: 'E31',
          encf: encfOf('E31', 1),
          rangeExpiry: '2028-12-31',
          buyer: { rnc: '101672919', name: 'Constructora del Sur, S.R.L.' },
          itbis: 'gravado',
        }),
      ),
    );
    expect(await verifies(e32)).toBe(true);
    expect(await verifies(e31)).toBe(true);
  });

  it('refuses a signed document whose amount was changed (its digest no longer matches)', async () => {
    const e32 = signer.sign(ecfXml(source({})));
    const changed = e32.replace('<MontoTotal>4700.00</MontoTotal>', '<MontoTotal>470.00</MontoTotal>');
    expect(changed).not.toBe(e32);
    await expect(verifies(changed)).rejects.toThrow(/Invalid digest/);
  });
});
