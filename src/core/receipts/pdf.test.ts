// The receipt's PDF read back with unpdf: every row keeps its amount on its own page however long
// the order, and text the standard fonts cannot write comes out as '?', not as other letters.
import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { extractText, getDocumentProxy } from 'unpdf';
import { printable, renderReceiptPdf } from './pdf.ts';
import type { Receipt } from '../../domain/receipts.ts';

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
