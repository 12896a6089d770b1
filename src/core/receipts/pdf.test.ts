// The receipt's PDF read back with unpdf: every row keeps its amount on its own page however long
// the order, and text the standard fonts cannot write comes out as '?', not as other letters.
import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { extractText, getDocumentProxy } from 'unpdf';
import jsqr from 'jsqr';
import { printable, renderReceiptPdf } from './pdf.ts';
import { qrModules } from './qr.ts';
import type { Receipt } from '../../domain/receipts.ts';
import { ECF_PENDING_LEGEND } from '../../domain/ecf.ts';
import { AUTOPAY_STOP } from '../../domain/ledger.ts';

const receipt = (lines: Receipt['lines']): Receipt => ({
  _id: 'r-B02',
  ncf: 'B0200000042',
  type: 'B02',
  enrolment_id: 'r',
  order_number: '1042',
  user_id: 'u',
  issued_at: new Date('2027-05-03T15:00:00Z'),
  valid_until: new Date('2028-12-31T23:59:59.999-04:00'),
  school: { name: 'Escuela', rnc: '130000001', address: 'Calle 1', phone: '' },
  buyer: null,
  lines,
  discounts: [],
  gross: lines.reduce((sum, line) => sum + line.amount, 0),
  itbis_mode: 'exento',
  base: 0,
  itbis: 0,
  total: lines.reduce((sum, line) => sum + line.amount, 0),
  modifies: null,
  mailed: false,
});

async function pages(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: false });
  return text;
}

describe('receipt PDF', () => {
  it('breaks a long order into pages without parting a row from its amount', async () => {
    // Four children for twelve weeks each.
    const lines = Array.from({ length: 48 }, (_, index) => ({
      description: `Niño ${Math.floor(index / 12) + 1} — Semana ${(index % 12) + 1} (14/06/2027 - 18/06/2027)`,
      amount: 4700 + index,
    }));
    const text = await pages(await renderReceiptPdf(PDFDocument, receipt(lines)));
    expect(text.length).toBeGreaterThan(1);
    for (const [index, line] of lines.entries()) {
      const page = text.findIndex((content) => content.includes(line.description));
      expect(page, line.description).toBeGreaterThanOrEqual(0);
      expect(text[page], line.description).toContain(
        `${line.description} RD$${(4700 + index).toLocaleString('en-US')}`,
      );
    }
    expect(text.at(-1)).toContain('Total RD$');
  });

  it('writes Spanish as is and what the font cannot write as ?', async () => {
    expect(printable('Año — “Peña” 😀 € ✓')).toBe('Año — “Peña” ? € ?');
    const [text] = await pages(
      await renderReceiptPdf(
        PDFDocument,
        receipt([{ description: 'Sofía 😀 Núñez — Semana 1', amount: 4700 }]),
      ),
    );
    expect(text).toContain('Sofía ? Núñez — Semana 1');
  });
});

describe('the autopay agreement on an invoice (issue 59)', () => {
  const agreement = {
    program: 'Programa Anual 2027',
    card: 'Visa terminada en 0059',
    charges: [
      { day: '05/10/2026', amount: 'RD$3,900', label: 'Cuota 2 de 3 de Sofía' },
      { day: '05/11/2026', amount: 'RD$3,900', label: 'Cuota 3 de 3 de Sofía' },
    ],
    total: 'RD$7,800',
  };
  const text = async (autopay?: Receipt['autopay']) => {
    const [page] = await pages(
      await renderReceiptPdf(PDFDocument, {
        ...receipt([{ description: 'Cuota 1 de 3 · Sofía', amount: 3900 }]),
        ...(autopay ? { autopay } : {}),
      }),
    );
    return page!.replace(/\s+/g, ' ');
  };

  it('writes the card, each charge on its day, the total and how to stop it under the totals', async () => {
    const page = await text(agreement);
    expect(page).toContain(
      'Cobro automático autorizado Autorizó a la escuela a cobrar automáticamente en su tarjeta Visa terminada en 0059 las 2 cuotas restantes de Programa Anual 2027 (orden 1042), cada una en su fecha:',
    );
    expect(page).toContain('05/10/2026: RD$3,900, Cuota 2 de 3 de Sofía');
    expect(page).toContain('05/11/2026: RD$3,900, Cuota 3 de 3 de Sofía');
    expect(page).toContain('Total: RD$7,800. Le avisaremos por correo unos días antes de cada cobro.');
    expect(page).toContain(AUTOPAY_STOP);
    expect(page.indexOf('Total RD$3,900')).toBeLessThan(page.indexOf('Cobro automático autorizado'));
  });

  it('is absent from an invoice without autopay', async () => {
    const page = await text();
    expect(page).toContain('Total RD$3,900');
    expect(page).not.toContain('Cobro automático');
  });
});

// jsqr is a CommonJS bundle: its function is the default export or the module itself.
const jsQR = typeof jsqr === 'function' ? jsqr : jsqr.default;

describe("an e-CF's printed receipt (issue 22)", () => {
  const qrUrl =
    'https://ecf.dgii.gov.do/testecf/consultatimbre?rncemisor=130000001&rnccomprador=101672919&encf=E310000000007&fechaemision=03-05-2027&montototal=4700.00&fechafirma=03-05-2027%2011%3A00%3A05&codigoseguridad=Ab%2B9xQ';
  const ecfReceipt: Receipt = {
    ...receipt([{ description: 'Semana 1 · Sofía', amount: 4700 }]),
    _id: 'r-E31',
    type: 'E31',
    ncf: 'E310000000007',
    buyer: { rnc: '101672919', name: 'Constructora del Sur SRL' },
    ecf: {
      state: 'accepted',
      route: 'reception',
      signed_xml: '<ECF/>',
      security_code: 'Ab+9xQ',
      signed_at: new Date('2027-05-03T15:00:05Z'),
      qr_url: qrUrl,
    },
  };

  it('prints the e-NCF, the security code and the signing time in Santo Domingo', async () => {
    const [text] = await pages(await renderReceiptPdf(PDFDocument, ecfReceipt));
    expect(text).toContain('Factura de Crédito Fiscal Electrónica');
    expect(text).toContain('e-NCF: E310000000007');
    expect(text).toContain('Código de Seguridad: Ab+9xQ');
    expect(text).toContain('Fecha de Firma Digital: 03-05-2027 11:00:05');
  });

  it('draws the same bytes whether its fonts are parsed for it or shared with earlier receipts', async () => {
    // A PDFKit class of its own starts with nothing shared: its first receipt is drawn with
    // PDFKit's own fonts, the later ones with the metrics that receipt parsed.
    class Fresh extends PDFDocument {}
    const long = receipt(
      Array.from({ length: 30 }, (_, index) => ({ description: `Semana ${index + 1}`, amount: 4700 })),
    );
    const queued = { ...ecfReceipt, ecf: { ...ecfReceipt.ecf!, state: 'queued' as const } };
    const firstDrawn = [];
    for (const each of [long, queued]) {
      class Alone extends PDFDocument {}
      firstDrawn.push(await renderReceiptPdf(Alone, each));
    }
    expect(await renderReceiptPdf(Fresh, long)).toEqual(firstDrawn[0]);
    expect(await renderReceiptPdf(Fresh, queued)).toEqual(firstDrawn[1]);
    expect(await renderReceiptPdf(Fresh, long)).toEqual(firstDrawn[0]);
    // Bold-oblique (the legend) was parsed by the second receipt: shared from the third on.
    expect(await renderReceiptPdf(Fresh, queued)).toEqual(firstDrawn[1]);
  });

  it("carries DGII's legend while DGII has not accepted it (queued or sent), and not once accepted", async () => {
    const legendOf = async (state: NonNullable<Receipt['ecf']>['state']) => {
      const [text] = await pages(
        await renderReceiptPdf(PDFDocument, { ...ecfReceipt, ecf: { ...ecfReceipt.ecf!, state } }),
      );
      return text!.replace(/\s+/g, ' ').includes(ECF_PENDING_LEGEND);
    };
    expect(ECF_PENDING_LEGEND).toBe(
      'e-CF emitido en modalidad de Contingencia, el cual podrá ser consultado para su validez fiscal, a partir de las setenta y dos (72) horas.',
    );
    expect(await legendOf('queued')).toBe(true);
    expect(await legendOf('sent')).toBe(true);
    expect(await legendOf('accepted')).toBe(false);
    expect(await legendOf('conditional')).toBe(false);
  });

  it("draws a QR code that a reader decodes to DGII's address of the document", () => {
    const modules = qrModules(qrUrl);
    // As a scanner sees it: 4 pixels a module, a quiet zone of 4 modules, black on white.
    const scale = 4;
    const side = (modules.length + 8) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    modules.forEach((cells, row) =>
      cells.forEach((dark, column) => {
        if (!dark) return;
        for (let y = 0; y < scale; y += 1)
          for (let x = 0; x < scale; x += 1) {
            const at = (((row + 4) * scale + y) * side + (column + 4) * scale + x) * 4;
            pixels.fill(0, at, at + 3);
          }
      }),
    );
    expect(jsQR(pixels, side, side)?.data).toBe(qrUrl);
  });
});
