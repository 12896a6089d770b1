// An E32 from RD$250,000 names its buyer (issue 22): DGII's format asks for the buyer's
// identification there, and an E32 under it names the parent by name only. The parent who paid is
// identified by the cédula the parents' step asks with the name; the XML stays valid against XSD 32.
import { describe, expect, it } from 'vitest';
import { ecfSource } from '../../src/core/receipts/ecf.ts';
import { ecfXml } from '../../src/domain/ecf.ts';
import type { Receipt } from '../../src/domain/receipts.ts';
import type { Enrolment } from '../../src/domain/records.ts';
import { dgiiSchemaErrors } from '../testing/dgii-xsd.ts';

const receipt = (total: number) =>
  ({
    _id: 'r1',
    type: 'E32',
    ncf: 'E320000000007',
    issued_at: new Date('2027-06-14T15:00:00Z'),
    school: { rnc: '131880738', name: 'Escuela de Baloncesto', address: 'Santo Domingo' },
    buyer: null,
    lines: [{ description: 'Programa anual', amount: total }],
    total,
    itbis_mode: 'exempt',
  }) as unknown as Receipt;

const family = {
  contact: { mother_name: 'Carmen Rodríguez', mother_id: '001-1234567-3', father_name: '', father_id: '' },
} as unknown as Pick<Enrolment, 'contact'>;
const options = { rangeExpiry: new Date('2028-12-31T00:00:00Z'), signedAt: new Date('2027-06-14T15:00:05Z') };

describe('the buyer of an E32', () => {
  it('from RD$250,000: the parent who paid, with the cédula, in an XML that XSD 32 accepts', async () => {
    const source = ecfSource(receipt(250_000), family, options);
    expect(source.buyer).toEqual({ rnc: '00112345673', name: 'Carmen Rodríguez' });
    const xml = ecfXml(source);
    expect(xml).toContain('<RNCComprador>00112345673</RNCComprador>');
    // The XSD wants the signature after FechaHoraFirma; signing is the server's, a stand-in here.
    const signed = xml.replace('</ECF>', '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"/></ECF>');
    expect(await dgiiSchemaErrors(signed, 'e-CF-32')).toEqual([]);
  });

  it('under RD$250,000: by name only, as before', () => {
    expect(ecfSource(receipt(249_999), family, options).buyer).toEqual({ rnc: '', name: 'Carmen Rodríguez' });
  });
});
