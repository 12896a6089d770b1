// The e-CF XML (issue 22) checked against DGII's own XSDs (e-CF 31, 32 and 34 v1.0, as published;
// copies in server/testing/dgii-xsd) with libxml2's validator, and its figures read back: the lines
// add up to the total to the cent, exempt and taxed schools, the credit note's reference.
import { describe, expect, it } from 'vitest';
import { dgiiSchemaErrors } from '../testing/dgii-xsd.ts';
import {
  ecfDate,
  ecfDateTime,
  ecfInvoiceType,
  ecfQrUrl,
  ecfRangeExpiry,
  ecfXml,
  encfOf,
  type EcfSource,
} from '../../src/domain/ecf.ts';

/** The XSD wants the signature after FechaHoraFirma; signing is the server's, a stand-in here. */
const valid = (xml: string, type: string) =>
  dgiiSchemaErrors(
    xml.replace('</ECF>', '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"/></ECF>'),
    `e-CF-${type}`,
  );

const values = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((match) => match[1]);

/** Each named element's values in the document, e.g. `{ MontoTotal: ['4365.00'] }`. */
function expectValues(xml: string, expected: Record<string, string[]>) {
  for (const [name, wanted] of Object.entries(expected)) expect(values(xml, name), name).toEqual(wanted);
}

// Sofía two weeks, Luis one: 14,100 less 805 of discounts = 13,295, paid by card on 3 May 2027.
const sale: EcfSource = {
  type: 'E32',
  encf: encfOf('E32', 1),
  issuedAt: new Date('2027-05-03T15:30:00Z'),
  signedAt: new Date('2027-05-03T19:45:07Z'),
  school: {
    rnc: '1-31-88073-8',
    name: 'Escuela de Baloncesto & Cía',
    address: 'Av. Sarasota 10, Santo Domingo',
  },
  // A consumer: named, without RNC (XSD 32 requires the Comprador group, and no empty element).
  buyer: { rnc: '', name: 'Carmen Rodríguez' },
  lines: [
    { description: 'Semana 1 · Sofía Rodríguez', amount: 4_700 },
    { description: 'Semana 2 · Sofía Rodríguez', amount: 4_700 },
    { description: 'Semana 1 · Luis Rodríguez', amount: 4_700 },
  ],
  total: 13_295,
  itbis: 'exento',
};

describe('e-CF documents', () => {
  it('picks E31 for a company with RNC, else E32; e-NCFs have ten digits; ranges end on 31 December next year', () => {
    expect(ecfInvoiceType({ rnc: '131880738', name: 'Constructora del Sur' })).toBe('E31');
    expect(ecfInvoiceType({ rnc: '131880738', name: ' ' })).toBe('E32');
    expect(ecfInvoiceType(null)).toBe('E32');
    expect(encfOf('E34', 123)).toBe('E340000000123');
    expect(ecfRangeExpiry('2026-11-25')).toBe('2027-12-31');
    // Santo Domingo time, 24-hour clock (the library's 12-hour clock is what we avoid).
    expect(ecfDate(new Date('2027-05-04T02:00:00Z'))).toBe('03-05-2027');
    expect(ecfDateTime(new Date('2027-05-03T19:45:07Z'))).toBe('03-05-2027 15:45:07');
  });

  it('an exempt E32 passes DGII XSD 32: lines add up to the total, discounts spread to the peso', async () => {
    const xml = ecfXml(sale);
    expect(await valid(xml, '32')).toEqual([]);
    expect(values(xml, 'IndicadorFacturacion')).toEqual(['4', '4', '4']);
    const items = values(xml, 'MontoItem').map(Number);
    expect(items.reduce((sum, amount) => sum + amount, 0)).toBe(13_295);
    expect(
      values(xml, 'DescuentoMonto')
        .map(Number)
        .reduce((sum, amount) => sum + amount, 0),
    ).toBe(805);
    expectValues(xml, {
      MontoExento: ['13295.00'],
      MontoTotal: ['13295.00'],
      FormaPago: ['3'],
      FechaEmision: ['03-05-2027'],
      FechaHoraFirma: ['03-05-2027 15:45:07'],
      RNCEmisor: ['131880738'],
    });
    expect(xml).toContain('<RazonSocialEmisor>Escuela de Baloncesto &amp; Cía</RazonSocialEmisor>');
    expect(xml).not.toContain('FechaVencimientoSecuencia');
    expect(xml).toContain(
      '<Comprador><RazonSocialComprador>Carmen Rodríguez</RazonSocialComprador></Comprador>',
    );
  });

  it('a taxed E31 for a company passes XSD 31: ITBIS 18 % inside the prices, the range expiry', async () => {
    const xml = ecfXml({
      ...sale,
      type: 'E31',
      encf: encfOf('E31', 7),
      rangeExpiry: '2028-12-31',
      buyer: { rnc: '131-88073-8', name: 'Constructora del Sur, S.R.L.' },
      itbis: 'gravado',
    });
    expect(await valid(xml, '31')).toEqual([]);
    expectValues(xml, {
      FechaVencimientoSecuencia: ['31-12-2028'],
      IndicadorMontoGravado: ['1'],
      RNCComprador: ['131880738'],
      // 13,295 = 11,267 + 2,028 of ITBIS, as the B-series receipts split it.
      MontoGravadoTotal: ['11267.00'],
      TotalITBIS: ['2028.00'],
      ITBIS1: ['18'],
      IndicadorFacturacion: ['1', '1', '1'],
    });
  });

  it('an E34 credit note of part of an order passes XSD 34 and names what it corrects', async () => {
    const xml = ecfXml({
      ...sale,
      type: 'E34',
      encf: encfOf('E34', 1),
      issuedAt: new Date('2027-06-20T15:00:00Z'),
      lines: [{ description: 'Devolución parcial de la orden 1001', amount: 4_365 }],
      total: 4_365,
      modifies: {
        encf: encfOf('E32', 1),
        issuedAt: sale.issuedAt,
        whole: false,
        reason: 'Se quitó una semana',
      },
    });
    expect(await valid(xml, '34')).toEqual([]);
    expectValues(xml, {
      NCFModificado: ['E320000000001'],
      FechaNCFModificado: ['03-05-2027'],
      CodigoModificacion: ['3'],
      // 48 days after the sale: more than 30.
      IndicadorNotaCredito: ['1'],
    });
    expect(xml).not.toContain('TablaFormasPago');
    expect(values(xml, 'MontoTotal')).toEqual(['4365.00']);
  });

  it('refuses lines that do not cover the total', () => {
    expect(() => ecfXml({ ...sale, total: 20_000 })).toThrow(/lines that cover its total/);
  });
});

describe("the printed e-CF's QR address (DGII's consulta timbre)", () => {
  it('an E32 under RD$250,000: the FC host with the issuer, e-NCF, total and security code', () => {
    expect(ecfQrUrl(sale, 'uab+/y', 'TesteCF')).toBe(
      'https://fc.dgii.gov.do/testecf/consultatimbrefc?rncemisor=131880738&encf=E320000000001&montototal=13295.00&codigoseguridad=uab%2B%2Fy',
    );
  });

  it('an E31 in production: the buyer, the issue date and the signing time, percent-encoded', () => {
    const invoice: EcfSource = {
      ...sale,
      type: 'E31',
      encf: encfOf('E31', 7),
      buyer: { rnc: '1-01-67291-9', name: 'Constructora del Sur SRL' },
    };
    expect(ecfQrUrl(invoice, 'dcp79q', 'eCF')).toBe(
      'https://ecf.dgii.gov.do/ecf/consultatimbre?rncemisor=131880738&rnccomprador=101672919&encf=E310000000007&fechaemision=03-05-2027&montototal=13295.00&fechafirma=03-05-2027%2015%3A45%3A07&codigoseguridad=dcp79q',
    );
  });
});
