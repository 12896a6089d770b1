// The QR code of a printed e-CF (issue 22): its dark modules, from the `qrcode` library (maintained,
// pure JavaScript, the same in the server's and the mocks' PDF), drawn by ./pdf.ts as squares.
import QRCode from 'qrcode';

/** The modules of `text`'s QR code, row by row (true: dark). Error correction M, as DGII's samples. */
export function qrModules(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, column) => Boolean(modules.get(row, column))),
  );
}
