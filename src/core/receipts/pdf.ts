// A receipt's PDF, drawn with PDFKit (maintained, pure JavaScript, no browser). The layout is here
// once; each adapter passes its PDFKit build: the Node package on the server, its standalone
// browser build in the mocks (./render in mocks/browser.ts), so the two files read the same.
import type PDFKit from 'pdfkit';
import { ecfAwaitsDgii, ecfDateTime, ECF_PENDING_LEGEND } from '../../domain/ecf.ts';
import { qrModules } from './qr.ts';
import { formatDay } from '../../domain/cancellation.ts';
import { formatPaymentDate } from '../../domain/enrolment.ts';
import { AUTOPAY_AGREEMENT_TEXTS as AUTOPAY } from '../../domain/ledger.ts';
import { isCreditNote, ITBIS_MODES, NCF_TYPES, receiptAmount, type Receipt } from '../../domain/receipts.ts';

export type PdfDocumentClass = new (options?: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument;

/** Draws the receipt and resolves with the PDF's bytes. */
export function renderReceiptPdf(PDFDocument: PdfDocumentClass, receipt: Receipt): Promise<Uint8Array> {
  const doc = new (sharingStandardFonts(PDFDocument))({
    size: 'LETTER',
    margin: 50,
    info: {
      Title: `${NCF_TYPES[receipt.type]} ${receipt.ncf}`,
      Author: receipt.school.name,
      // A fixed date: the same receipt always gives the same file.
      CreationDate: receipt.issued_at,
    },
  });
  const chunks: Uint8Array[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => {
      const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.length;
      }
      resolve(bytes);
    });
  });
  draw(doc, receipt);
  doc.end();
  return done;
}

/** The standard fonts the receipt writes with (PDFKit parses each one's metrics for every document). */
const STANDARD_FONTS = new Set(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique']);

/** The parts of PDFKit's document (pdfkit's FontsMixin) and of its fonts that sharing fonts reads. */
interface FontInternals {
  _fontFamilies?: Record<string, object>;
  _fontCount?: number;
  _registeredFonts?: Record<string, unknown>;
}

/** PDFKit's font object for a standard font, without what belongs to one document. */
interface SharedFont {
  prototype: object;
  fields: Record<string, unknown>;
}

const sharing = new WeakMap<PdfDocumentClass, PdfDocumentClass>();

/**
 * `PDFDocument` whose documents share each standard font's parsed metrics. PDFKit parses a standard
 * font's widths and kerning pairs again for every document, over a third of drawing a receipt
 * (every paid order draws one). A document here gets its own font object, numbered and embedded as
 * PDFKit does it, around the metrics parsed once: the same bytes. A PDFKit whose internals differ
 * gets its own font objects.
 */
function sharingStandardFonts(PDFDocument: PdfDocumentClass): PdfDocumentClass {
  const known = sharing.get(PDFDocument);
  if (known) return known;
  const parsed = new Map<string, SharedFont>();
  class SharingFonts extends PDFDocument {
    override font(src: PDFKit.Mixins.PDFFontSource, family?: string | number, size?: number): this {
      const self = this as unknown as FontInternals;
      // PDFKit's constructor asks for its default font with a null family.
      const name = typeof src === 'string' && family == null ? src : null;
      const shared = name ? parsed.get(name) : undefined;
      if (
        name &&
        shared &&
        self._fontFamilies &&
        typeof self._fontCount === 'number' &&
        !self._fontFamilies[name] &&
        !self._registeredFonts?.[name]
      ) {
        // What PDFKit's font() would make, without parsing: the next id, this document.
        self._fontFamilies[name] = Object.assign(Object.create(shared.prototype) as object, shared.fields, {
          document: this,
          id: `F${++self._fontCount}`,
        });
      }
      // @ts-expect-error: PDFKit's overloads of font() take these three as given
      const result = super.font(src, family, size);
      if (name && STANDARD_FONTS.has(name) && !parsed.has(name)) {
        const made = self._fontFamilies?.[name] as Record<string, unknown> | undefined;
        if (made && made.document === this) {
          const {
            document: _document,
            id: _id,
            dictionary: _dictionary,
            embedded: _embedded,
            ...fields
          } = made;
          parsed.set(name, { prototype: Object.getPrototypeOf(made) as object, fields });
        }
      }
      return result;
    }
  }
  sharing.set(PDFDocument, SharingFonts);
  return SharingFonts;
}

const LEFT = 50;
const AMOUNT_X = 420;
const AMOUNT_WIDTH = 142;

function draw(doc: PDFKit.PDFDocument, receipt: Receipt): void {
  const { school } = receipt;
  doc.font('Helvetica-Bold').fontSize(16).text(printable(school.name), LEFT, 50);
  doc.font('Helvetica').fontSize(10);
  doc.text(`RNC: ${printable(school.rnc)}`);
  if (school.address) doc.text(printable(school.address));
  if (school.phone) doc.text(`Tel.: ${printable(school.phone)}`);

  doc.moveDown(1.2);
  doc.font('Helvetica-Bold').fontSize(13).text(NCF_TYPES[receipt.type]);
  doc.font('Helvetica').fontSize(10);
  const facts: Array<[string, string]> = [
    [receipt.ecf ? 'e-NCF' : 'NCF', receipt.ncf],
    ['Válido hasta', formatDay(receipt.valid_until)],
    ['Fecha', formatPaymentDate(receipt.issued_at)],
    ['Orden', receipt.order_number],
    ...(receipt.modifies
      ? ([[receipt.ecf ? 'e-NCF modificado' : 'NCF modificado', receipt.modifies]] as Array<[string, string]>)
      : []),
    ...(receipt.buyer
      ? ([
          ['RNC del cliente', receipt.buyer.rnc],
          ['Razón social', receipt.buyer.name],
        ] as Array<[string, string]>)
      : []),
    ...(receipt.received
      ? ([
          ['Forma de pago', receipt.received.method],
          ['Recibido por', receipt.received.by],
        ] as Array<[string, string]>)
      : []),
  ];
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(printable(value));
  }

  doc.moveDown(1.2);
  row(doc, 'Descripción', 'Monto', true);
  rule(doc);
  for (const line of receipt.lines) row(doc, line.description, receiptAmount(line.amount));
  for (const discount of receipt.discounts)
    row(doc, discount.description, `-${receiptAmount(discount.amount)}`);
  rule(doc);

  const discount = receipt.discounts.reduce((sum, line) => sum + line.amount, 0);
  if (discount > 0) {
    row(doc, 'Subtotal', receiptAmount(receipt.gross));
    row(doc, 'Descuentos', `-${receiptAmount(discount)}`);
  }
  if (receipt.itbis_mode === 'exento') row(doc, `ITBIS: ${ITBIS_MODES.exento}`, receiptAmount(0));
  else {
    row(doc, 'Base imponible', receiptAmount(receipt.base));
    row(doc, 'ITBIS (18 %)', receiptAmount(receipt.itbis));
  }
  row(doc, 'Total', receiptAmount(receipt.total), true);

  if (receipt.ecf) drawEcfStamp(doc, receipt.ecf);
  if (receipt.autopay) drawAutopayAgreement(doc, receipt.autopay, receipt.order_number);
  doc.moveDown(2);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555555')
    .text(
      isCreditNote(receipt.type)
        ? 'Nota de crédito por la cancelación de la inscripción indicada.'
        : // Money taken by staff says how above; a family's own payment is its card's.
          receipt.received
          ? 'Gracias por su inscripción.'
          : 'Pagado con tarjeta. Gracias por su inscripción.',
      LEFT,
    );
}

/** DGII asks for a QR code of at least 22 mm; this one is 25 mm (72 points per inch). */
const QR_SIDE = (25 / 25.4) * 72;

/**
 * The e-CF's stamp (DGII's 'representación impresa'): the QR code of DGII's check of the document,
 * at the left under the totals, with the security code and the signing time under it.
 */
function drawEcfStamp(doc: PDFKit.PDFDocument, ecf: NonNullable<Receipt['ecf']>): void {
  const modules = qrModules(ecf.qr_url);
  const cell = QR_SIDE / modules.length;
  doc.moveDown(1.5);
  const top = doc.y;
  modules.forEach((cells, row) =>
    cells.forEach((dark, column) => {
      if (dark) doc.rect(LEFT + column * cell, top + row * cell, cell, cell);
    }),
  );
  doc.fillColor('#000000').fill();
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#000000')
    .text(`Código de Seguridad: ${ecf.security_code}`, LEFT, top + QR_SIDE + 6)
    .text(`Fecha de Firma Digital: ${ecfDateTime(ecf.signed_at)}`, LEFT);
  // Printed before DGII has it (queued, or DGII down): DGII's own legend says when it can be checked.
  if (ecfAwaitsDgii(ecf.state))
    doc
      .moveDown(1)
      .font('Helvetica-BoldOblique')
      .fontSize(9)
      .text(ECF_PENDING_LEGEND, LEFT, doc.y, { width: doc.page.width - LEFT - doc.page.margins.right });
}

/**
 * The autopay agreement the family made with this payment (issue 59), in the e-mail's words: the
 * card, each charge on its day, the total, how to stop it.
 */
function drawAutopayAgreement(
  doc: PDFKit.PDFDocument,
  agreement: NonNullable<Receipt['autopay']>,
  order: string,
): void {
  const width = AMOUNT_X + AMOUNT_WIDTH - LEFT;
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#000000').text(AUTOPAY.title, LEFT, doc.y, { width });
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10);
  doc.text(printable(AUTOPAY.authorised(agreement, agreement.program, order)), { width });
  doc.moveDown(0.3);
  for (const charge of agreement.charges)
    doc.text(printable(`• ${AUTOPAY.charge(charge)}`), LEFT + 10, doc.y, { width: width - 10 });
  doc.moveDown(0.3);
  doc.text(printable(AUTOPAY.total(agreement)), LEFT, doc.y, { width });
  doc.text(printable(AUTOPAY.stop), { width });
}

/**
 * The standard PDF fonts write Windows-1252 only: anything else (an emoji in a name) would come out
 * as other letters, so it is written as '?'. Spanish letters, dashes and quotes are all in it.
 */
const NOT_WIN_ANSI = /[^\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu;
export const printable = (text: string): string => text.replace(NOT_WIN_ANSI, '?');

/** One line of the table: text on the left, amount right-aligned; wraps long descriptions. */
function row(doc: PDFKit.PDFDocument, label: string, amount: string, bold = false): void {
  const text = printable(label);
  const width = AMOUNT_X - LEFT - 10;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  // A row never splits across pages: its amount stays beside its description.
  if (doc.y + doc.heightOfString(text, { width }) > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const y = doc.y;
  // The description first, so the text reads (and is extracted) line by line.
  doc.text(text, LEFT, y, { width });
  const after = doc.y;
  doc.text(amount, AMOUNT_X, y, { width: AMOUNT_WIDTH, align: 'right' });
  doc.y = Math.max(doc.y, after) + 2;
  doc.x = LEFT;
}

function rule(doc: PDFKit.PDFDocument): void {
  doc
    .moveTo(LEFT, doc.y)
    .lineTo(AMOUNT_X + AMOUNT_WIDTH, doc.y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  doc.y += 4;
}
