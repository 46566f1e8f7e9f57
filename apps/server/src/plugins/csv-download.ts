import { Readable } from 'node:stream';
import {
  csvCellNeedsQuotes,
  type InvoiceColumnType,
  type InvoiceRow,
  toSafeCsvCell,
  ukDateTime,
  ukDisplayDay,
} from '@client-portal/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * One line of a download for Excel (CRLF, as spreadsheets write it), its cells separated by tabs:
 * Excel reads UTF-16 text as tab-separated, so a double-clicked file opens in columns in every locale
 * (issue 24, decision 34). Cells are neutralised against formulas (also after a `;`, tab or line
 * break) and quoted when they hold a tab, comma, quote, `;` or line break.
 */
export function csvLine(cells: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const text = toSafeCsvCell(cells[i]);
    if (i > 0) line += '\t';
    line += csvCellNeedsQuotes(text) ? `"${text.replaceAll('"', '""')}"` : text;
  }
  return `${line}\r\n`;
}

/** Cell text of a typed column (invoices, reports): the UK dates and times the screens show, money with 2 decimals. */
export function typedCsvCell(
  value: InvoiceRow[string] | undefined,
  type: InvoiceColumnType | undefined,
): unknown {
  if (value === null || value === undefined) return '';
  if (type === 'money' && typeof value === 'number') return value.toFixed(2);
  if (type === 'date' && typeof value === 'string') return ukDisplayDay(value);
  if (type === 'datetime' && typeof value === 'string') return ukDateTime(value);
  return value;
}

/** The content type of every text download: UTF-16LE with a byte order mark (operations spec section 9). */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-16le';

/** The file's bytes as its lines are pulled: the byte order mark, then UTF-16LE text. */
export async function* csvBytes(pieces: AsyncIterable<string>): AsyncGenerator<Buffer> {
  let chunk = '\ufeff';
  for await (const piece of pieces) {
    chunk += piece;
    // Flushes about 64 KB at a time: few writes, and never more than one chunk held.
    if (chunk.length >= 32_768) {
      yield Buffer.from(chunk, 'utf16le');
      chunk = '';
    }
  }
  if (chunk) yield Buffer.from(chunk, 'utf16le');
}

/** The success answer of a CSV download route, for its schema (the stream itself is never serialised). */
export const csvFileAnswer = z
  .string()
  .describe('The file, streamed as an attachment: tab-separated UTF-16LE text (csv) or a workbook (xlsx)');

/**
 * Streams a CSV download: pieces of text (a line, or a batch of lines) are pulled as the client reads
 * (backpressure), so the server holds one batch of rows whatever the file's size.
 */
export function sendCsv(reply: FastifyReply, fileName: string, lines: AsyncIterable<string>) {
  const safeName = fileName.replace(/[^\w.\- ]/g, '_');
  reply
    .header('content-type', CSV_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${safeName}"`)
    .header('cache-control', 'no-store');
  // Bytes, not objects, count towards the stream's buffer: it stops pulling at 64 KB held.
  return reply.send(Readable.from(csvBytes(lines), { objectMode: false, highWaterMark: 65_536 }));
}
