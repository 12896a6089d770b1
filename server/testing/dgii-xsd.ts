// DGII's published schemas (server/testing/dgii-xsd), loaded for libxml2's validator. Two faults of
// the published files are mended on loading, nothing else: XSD 31 declares one type with a leading
// space in its name, and XSD RFCE 32 writes a date pattern with '(?:', which XML Schema's regular
// expressions do not have (a plain group means the same there).
import fs from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

const DIR = path.join(import.meta.dirname, 'dgii-xsd');

/** 'e-CF-31', 'e-CF-32', 'e-CF-34' or 'RFCE-32'; null when DGII publishes none by that name here. */
export function dgiiXsd(name: string): string | null {
  const file = path.join(DIR, `${name}-v1.0.xsd`);
  if (!fs.existsSync(file)) return null;
  return fs
    .readFileSync(file, 'utf8')
    .replace('name=" IndicadorServicioTodoIncluidoType"', 'name="IndicadorServicioTodoIncluidoType"')
    .replaceAll('(?:', '(');
}

/** The validator's messages for a document against a DGII schema (none: valid). */
export async function dgiiSchemaErrors(xml: string, name: string): Promise<string[]> {
  const xsd = dgiiXsd(name);
  if (!xsd) return [`No hay esquema ${name}`];
  const result = await validateXML({ xml: [{ fileName: 'document.xml', contents: xml }], schema: [xsd] });
  return result.errors.map((error) => error.rawMessage);
}
