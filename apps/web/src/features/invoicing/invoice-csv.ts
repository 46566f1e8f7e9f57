import { type InvoiceDefinition, type InvoiceRow, toSafeCsvCell } from '@client-portal/contract';
import Papa from 'papaparse';
import { saveFile } from '../../lib/save-file';

/** Cell text for the CSV: money keeps its 2 decimals; every cell is neutralised against formulas. */
function csvValue(definition: InvoiceDefinition, column: string, row: InvoiceRow): string {
  const value = row[column];
  if (definition.columns[column]?.type === 'money' && typeof value === 'number') return value.toFixed(2);
  return toSafeCsvCell(value);
}

export function buildInvoiceCsv(definition: InvoiceDefinition, rows: readonly InvoiceRow[]): string {
  const ids = Object.keys(definition.columns);
  return Papa.unparse({
    fields: ids.map((id) => toSafeCsvCell(definition.columns[id]!.text)),
    data: rows.map((row) => ids.map((id) => csvValue(definition, id, row))),
  });
}

/** UTF-16LE with a byte order mark: Excel opens it with the right characters (£, accents). */
export function encodeUtf16le(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes[0] = 0xff;
  bytes[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[2 + i * 2] = code & 0xff;
    bytes[3 + i * 2] = code >> 8;
  }
  return bytes;
}

/** `{site}-{invoice name}-{from}-{to}.csv`, with the inclusive dates the user chose. */
export function invoiceFileName(site: string, name: string, from: string, to: string): string {
  return `${site}-${name}-${from}-${to}.csv`.replace(/[\\/:*?"<>|]/g, '_');
}

export function saveInvoiceCsv(fileName: string, csv: string): void {
  saveFile(fileName, new Blob([encodeUtf16le(csv)], { type: 'text/csv;charset=utf-16le' }));
}
