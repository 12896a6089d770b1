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
  const doc = new PDFDocument({
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
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export const printable = (text: string): string =>
  [...text]
    .map((char) => {
      const code = char.codePointAt(0)!;
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(char)
        ? char
        : '?';
    })
    .join('');

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
