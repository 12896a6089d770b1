// Mock mode draws receipts in the browser with PDFKit's browser build, loaded only when a receipt is
// drawn. That build needs the standard fonts the layout uses registered first (the Node build,
// which the mocks' tests get, loads them itself).
import type { Receipt } from '../src/domain/receipts.ts';
import type { PdfDocumentClass } from '../src/core/receipts/pdf.ts';

let ready: Promise<PdfDocumentClass> | undefined;

function pdfkit() {
  ready ??= (async () => {
    const kit = await import('pdfkit');
    const register = (kit as unknown as { registerStdFonts?: (...fonts: object[]) => void }).registerStdFonts;
    if (register) {
      const [helvetica, bold] = await Promise.all([
        import('pdfkit/standard-fonts/Helvetica'),
        import('pdfkit/standard-fonts/HelveticaBold'),
      ]);
      register(helvetica.default, bold.default);
    }
    return kit.default;
  })();
  return ready;
}

export async function mockReceiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const [PDFDocument, { renderReceiptPdf }] = await Promise.all([
    pdfkit(),
    import('../src/core/receipts/pdf.ts'),
  ]);
  return renderReceiptPdf(PDFDocument, receipt);
}
