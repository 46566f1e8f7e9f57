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
 * One CSV line (CRLF, as spreadsheets write it): cells neutralised against formulas (also after a `;`,
 * tab or line break), quoted when they hold a comma, quote or one of those.
 */
export function csvLine(cells: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const text = toSafeCsvCell(cells[i]);
    if (i > 0) line += ',';
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

/**
 * UTF-8 with a byte order mark (the table exports, as the browser's were), or UTF-16LE with one (the
 * invoice file, operations spec section 9).
 */
type CsvEncoding = 'utf-8' | 'utf-16le';

async function* encoded(pieces: AsyncIterable<string>, encoding: CsvEncoding): AsyncGenerator<Buffer> {
  let chunk = '\ufeff';
  for await (const piece of pieces) {
    chunk += piece;
    // Flushes about 64 KB at a time: few writes, and never more than one chunk held.
    if (chunk.length >= 32_768) {
      yield Buffer.from(chunk, encoding === 'utf-8' ? 'utf8' : 'utf16le');
      chunk = '';
    }
  }
  if (chunk) yield Buffer.from(chunk, encoding === 'utf-8' ? 'utf8' : 'utf16le');
}

/** The success answer of a CSV download route, for its schema (the stream itself is never serialised). */
export const csvFileAnswer = z.string().describe('The CSV file, streamed as an attachment');

/**
 * Streams a CSV download: pieces of text (a line, or a batch of lines) are pulled as the client reads
 * (backpressure), so the server holds one batch of rows whatever the file's size.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  lines: AsyncIterable<string>,
  encoding: CsvEncoding,
) {
  const safeName = fileName.replace(/[^\w.\- ]/g, '_');
  reply
    .header('content-type', `text/csv; charset=${encoding}`)
    .header('content-disposition', `attachment; filename="${safeName}"`)
    .header('cache-control', 'no-store');
  // Bytes, not objects, count towards the stream's buffer: it stops pulling at 64 KB held.
  return reply.send(Readable.from(encoded(lines, encoding), { objectMode: false, highWaterMark: 65_536 }));
}
