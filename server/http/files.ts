// Writes a FileAnswer (src/core/api/route.ts) as a stream: CSV from the core's encoder, .xlsx with
// exceljs' streaming writer (rows are committed as they come, so a large export is never held
// whole): typed columns, pesos as numbers in a peso format, dates as dates, a frozen header row.
import { PassThrough, Readable } from 'node:stream';
import type { FileAnswer } from '../../src/core/api/index.ts';
import { csvChunks, xlsxCells, xlsxColumns } from '../../src/core/admin/export.ts';

export function fileStream(answer: FileAnswer): Readable {
  if (answer.format === 'csv') return Readable.from(csvChunks(answer.rows, answer.columns));
  const out = new PassThrough();
  void (async () => {
    // exceljs is loaded with the first export: it is a fifth of the server's start-up.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    // One worksheet after the other: each is committed before the next starts, so rows stream.
    for (const { sheet: name, columns, rows } of answer.sheets) {
      const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = xlsxColumns(columns);
      sheet.getRow(1).font = { bold: true };
      for await (const row of rows) sheet.addRow(xlsxCells(row, columns)).commit();
      sheet.commit();
    }
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
