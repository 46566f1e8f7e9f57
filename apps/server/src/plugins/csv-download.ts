import { Readable } from 'node:stream';
import { toSafeCsvCell } from '@client-portal/contract';
import type { FastifyReply } from 'fastify';

/** One CSV line (CRLF, as spreadsheets write it): cells neutralised against formulas, quoted when needed. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells
    .map((cell) => {
      const text = toSafeCsvCell(cell);
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(',')}\r\n`;
}

/**
 * UTF-8 with a byte order mark (the table exports, as the browser's were), or UTF-16LE with one (the
 * invoice file, operations spec section 9).
 */
export type CsvEncoding = 'utf-8' | 'utf-16le';

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
  return reply.send(Readable.from(encoded(lines, encoding)));
}
