import { PERMIT_BULK_MAX_ROWS } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import {
  applyServerProblem,
  BULK_CHECK_CHUNK_ROWS,
  checkBulkFile,
  decodeCsvBytes,
  isCsvFile,
} from './bulk-file';
import type { BulkRowContext } from './bulk-rows';
import { bulkRowStatus } from './components/bulk-preview-table';

const t = i18n.t.bind(i18n);
const ctx: BulkRowContext = { accessAllSites: false, siteNumbers: new Set(['1001']), permanentYears: 1 };
const HEADER = 'Site,Vehicle Registration,Driver Name,Temporary,Start Date,End Date';
const ROW = '1001,AB1,Jo,No,01/03/2026,';

describe('isCsvFile', () => {
  it('wants a .csv name and a CSV type, or none, or the one Windows gives with Excel installed', () => {
    expect(isCsvFile({ name: 'permits.csv', type: 'text/csv' })).toBe(true);
    expect(isCsvFile({ name: 'Permits.CSV', type: '' })).toBe(true);
    expect(isCsvFile({ name: 'permits.csv', type: 'application/vnd.ms-excel' })).toBe(true);
    expect(isCsvFile({ name: 'permits.txt', type: 'text/csv' })).toBe(false);
    expect(isCsvFile({ name: 'permits.csv', type: 'text/plain' })).toBe(false);
    expect(isCsvFile({ name: 'permits.xlsx', type: 'application/vnd.ms-excel' })).toBe(false);
  });
});

describe('decodeCsvBytes', () => {
  it('reads UTF-8, and falls back to Windows-1252 as Excel saves plain CSV', () => {
    expect(decodeCsvBytes(new TextEncoder().encode('Zoë').buffer as ArrayBuffer)).toBe('Zoë');
    expect(decodeCsvBytes(new Uint8Array([0x5a, 0x6f, 0xeb]).buffer)).toBe('Zoë');
  });
});

describe('checkBulkFile', () => {
  const messages = async (text: string) => (await checkBulkFile(text, ctx, t)).messages;

  it('has no messages for a good file', async () => {
    const checked = await checkBulkFile(`${HEADER}\n${ROW}`, ctx, t);
    expect(checked.messages).toEqual([]);
    expect(checked.rows.map((row) => bulkRowStatus(row, t))).toEqual(['Valid']);
  });

  it('names the whole-file problems', async () => {
    expect(await messages(`${HEADER}\n${ROW}\n,AB2,Jo,No,01/03/2026,`)).toEqual([
      'The file contains rows with validation errors. Fix the highlighted rows and reselect the file, or correct them here with Edit.',
    ]);
    expect(await messages('')).toEqual([
      'The file could not be read. Please select a CSV file containing the specified columns.',
    ]);
    expect(await messages('Site\n1001')).toEqual([
      'The file could not be read. Please select a CSV file containing the specified columns.',
      'Missing columns: Vehicle Registration, Driver Name, Temporary, Start Date.',
    ]);
    expect(await messages(`${HEADER}\n\n`)).toEqual(['The file contains no permits.']);
    expect(await messages([HEADER, ...Array(PERMIT_BULK_MAX_ROWS + 1).fill(ROW)].join('\n'))).toEqual([
      `The file contains more than ${PERMIT_BULK_MAX_ROWS} permits. Please split it into smaller files.`,
    ]);
    expect(await messages([HEADER, ...Array(PERMIT_BULK_MAX_ROWS).fill(ROW)].join('\n'))).toEqual([]);
  });
});

describe('checking 5,000 rows', () => {
  it('accepts 5,000 rows and checks them in chunks, yielding to the browser and reporting progress', async () => {
    expect(PERMIT_BULK_MAX_ROWS).toBe(5000);
    const progress: number[] = [];
    let yields = 0;
    const checked = await checkBulkFile([HEADER, ...Array(5000).fill(ROW)].join('\n'), ctx, t, {
      onProgress: (done, total) => {
        expect(total).toBe(5000);
        progress.push(done);
      },
      yieldToBrowser: async () => {
        yields += 1;
      },
    });
    expect(checked.rows).toHaveLength(5000);
    expect(yields).toBe(5000 / BULK_CHECK_CHUNK_ROWS);
    expect(progress.at(0)).toBe(BULK_CHECK_CHUNK_ROWS);
    expect(progress.at(-1)).toBe(5000);
  });

  it('stops when a newer file is chosen', async () => {
    const controller = new AbortController();
    const checking = checkBulkFile([HEADER, ...Array(1000).fill(ROW)].join('\n'), ctx, t, {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(checking).rejects.toThrow();
  });
});

describe('applyServerProblem', async () => {
  const contact = { phone: '0161 496 0123', email: 'help@operator.example' };
  const checked = await checkBulkFile(`${HEADER}\n${ROW}\n${ROW}`, ctx, t);

  const refusal = { title: 'Validation failed', status: 400 };

  it('puts a row issue of the answer on its row, in the preview words, and takes its payload', () => {
    const after = applyServerProblem(
      checked,
      {
        ...refusal,
        errors: { '3_vehicleRegistration': ['This vehicle is also on line 2 at this site for these dates.'] },
        rows: [{ line: 3, field: 'vehicleRegistration', code: 'overlapInUpload', params: { line: 2 } }],
      },
      t,
      contact,
    );
    expect(after.rows.map((row) => bulkRowStatus(row, t))).toEqual([
      'Valid',
      'This vehicle is also on line 2 at this site for these dates.',
    ]);
    expect(after.rows[1]?.payload).toBeUndefined();
  });

  it('never leaves a refused file without a message', () => {
    expect(applyServerProblem(checked, refusal, t, contact).messages).toEqual([
      'The permits could not be added. Please try again later.',
    ]);
  });

  it('names the configured support contact when an allowance was exceeded', () => {
    const after = applyServerProblem(
      checked,
      {
        ...refusal,
        rows: [
          {
            line: null,
            field: 'Allowance',
            code: 'allowanceExceeded',
            params: { kind: 'temporary', place: 'site 1001', cap: 5 },
          },
        ],
      },
      t,
      contact,
    );
    expect(after.messages).toContain(
      'Your permit allowance has been exceeded. Please contact your client liaison representative on 0161 496 0123 or at help@operator.example to change it.',
    );
  });
});
