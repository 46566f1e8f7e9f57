import { PERMIT_BULK_MAX_ROWS, type Problem } from '@client-portal/contract';
import type { TFunction } from 'i18next';
import type { SupportContact } from '../../lib/support-contact';
import { type CsvRecord, parsePermitCsv } from './bulk-csv';
import { type BulkRow, type BulkRowContext, bulkRowMessage, checkBulkRecord } from './bulk-rows';
import { splitBulkProblem } from './permit-problems';

/**
 * The spec asks for a .csv name and the text/csv type. Browsers on Windows report a CSV as
 * application/vnd.ms-excel when Excel is installed, and some systems give no type at all, so those
 * two count as CSV too — but only with a .csv name.
 */
const CSV_TYPES = new Set(['text/csv', 'application/vnd.ms-excel', '']);

export function isCsvFile(file: { name: string; type: string }): boolean {
  return /\.csv$/i.test(file.name) && CSV_TYPES.has(file.type.toLowerCase());
}

/** UTF-8 when the bytes are UTF-8; otherwise Windows-1252, what Excel's plain 'CSV' saves in the UK. */
export function decodeCsvBytes(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export function readFileBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** The checked file: every row with its status, and the whole-file messages (none means uploadable). */
export interface CheckedBulkFile {
  rows: BulkRow[];
  messages: string[];
}

/** Rows checked between two yields to the browser: small enough that a frame is never held up for long. */
export const BULK_CHECK_CHUNK_ROWS = 200;

interface BulkCheckOptions {
  /** Called after each chunk with the rows checked so far and the rows in the file. */
  onProgress?(done: number, total: number): void;
  /** A newer file was chosen: stop checking this one (the promise then rejects with an AbortError). */
  signal?: AbortSignal;
  /** Hands the browser back control between chunks; tests may pass one that resolves at once. */
  yieldToBrowser?(): Promise<void>;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Reads and checks a bulk CSV (operations spec section 5, 'Bulk CSV upload') a chunk of rows at a
 * time, yielding between chunks so a 5,000-row file never freezes the page, and reporting progress.
 */
export async function checkBulkFile(
  text: string,
  ctx: BulkRowContext,
  t: TFunction,
  options: BulkCheckOptions = {},
): Promise<CheckedBulkFile> {
  const { onProgress, signal, yieldToBrowser = nextTask } = options;
  const parsed = parsePermitCsv(text);
  if (!parsed.ok) {
    const messages: string[] = [t('permitBulk.messages.unreadable')];
    if (parsed.reason === 'missingColumns')
      messages.push(t('permitBulk.messages.missingColumns', { columns: parsed.missing.join(', ') }));
    return { rows: [], messages };
  }
  if (parsed.records.length === 0) return { rows: [], messages: [t('permitBulk.messages.noRows')] };
  if (parsed.records.length > PERMIT_BULK_MAX_ROWS) {
    return {
      rows: [],
      messages: [t('permitBulk.messages.tooManyRows', { max: String(PERMIT_BULK_MAX_ROWS) })],
    };
  }
  const rows: BulkRow[] = [];
  const total = parsed.records.length;
  for (let from = 0; from < total; from += BULK_CHECK_CHUNK_ROWS) {
    for (const record of parsed.records.slice(from, from + BULK_CHECK_CHUNK_ROWS)) {
      rows.push(checkBulkRecord(record, ctx, t));
    }
    onProgress?.(rows.length, total);
    await yieldToBrowser();
    signal?.throwIfAborted();
  }
  return { rows, messages: rowMessages(rows, t) };
}

const rowMessages = (rows: readonly BulkRow[], t: TFunction) =>
  rows.some((row) => row.messages.length > 0) ? [t('permitBulk.messages.rowsInvalid')] : [];

/**
 * The file with one row edited in the preview (issue 24): the row's new cells checked again by the same
 * rules as the file's rows (checkBulkRecord), and the whole-file messages worked out again from the rows
 * (an earlier refused upload's other messages go: the next upload is checked afresh).
 */
export function withEditedRow(
  checked: CheckedBulkFile,
  record: CsvRecord,
  ctx: BulkRowContext,
  t: TFunction,
): { file: CheckedBulkFile; row: BulkRow } {
  const row = checkBulkRecord(record, ctx, t);
  const rows = checked.rows.map((r) => (r.line === record.line ? row : r));
  return { file: { rows, messages: rowMessages(rows, t) }, row };
}

/**
 * A 400 answer to an upload: its row issues go onto their rows (which lose their payload), the rest
 * become whole-file messages, and an exceeded allowance adds its extra line.
 */
export function applyServerProblem(
  checked: CheckedBulkFile,
  answer: Problem,
  t: TFunction,
  contact: Pick<SupportContact, 'phone' | 'email'>,
): CheckedBulkFile {
  const sent = new Set(checked.rows.filter((row) => row.payload).map((row) => row.line));
  const problem = splitBulkProblem(
    answer,
    sent,
    (issue) => bulkRowMessage(issue, t),
    t('permitBulk.messages.allowanceExceeded', { phone: contact.phone, email: contact.email }),
  );
  const rows = checked.rows.map((row): BulkRow => {
    const messages = problem.byLine.get(row.line);
    return messages ? { ...row, messages: [...row.messages, ...messages], payload: undefined } : row;
  });
  const messages = [...rowMessages(rows, t), ...problem.general];
  // A refusal that names nothing still must not look like success.
  return { rows, messages: messages.length > 0 ? messages : [t('permitBulk.messages.failed')] };
}
