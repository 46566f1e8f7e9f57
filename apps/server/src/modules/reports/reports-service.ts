import { PassThrough, type Readable } from 'node:stream';
import {
  type InvoiceColumnType,
  type InvoiceRow,
  type ReportDefinition,
  type ReportQuery,
  reportFileName,
  ukDateTime,
  ukToday,
} from '@client-portal/contract';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/client.js';
import { csvLine, typedCsvCell } from '../../plugins/csv-download.js';
import { notFound } from '../../plugins/problem.js';
import { type Principal, policy } from '../access/index.js';
import { statisticsScope } from '../statistics/index.js';
import { isReportKey, type ReportKey, reportDefinitions } from './definitions.js';
import { reportBatches } from './report-sources.js';

/** The reports this caller may run. */
export function listReportDefinitions(principal: Principal): ReportDefinition[] {
  return Object.values(reportDefinitions).filter((d) => policy.mayRunReport(principal, d.key));
}

/** Cell value in the workbook: real dates and numbers, so Excel sorts and sums them. */
function xlsxCell(value: InvoiceRow[string] | undefined, type: InvoiceColumnType | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'date' && typeof value === 'string') return new Date(`${value}T00:00:00Z`);
  if (type === 'datetime' && typeof value === 'string') return ukDateTime(value);
  return value;
}

interface ReportFile {
  fileName: string;
  format: ReportQuery['format'];
  /** CSV text pieces (for sendCsv) … */
  lines?: AsyncGenerator<string>;
  /** … or the workbook's bytes, written as they are read. */
  stream?: Readable;
}

/**
 * One report over the caller's sites (a site or group out of reach answers 404, as one that does not
 * exist), for a period by the statistics' custom-range rules (at most 13 months, not after today).
 */
export async function reportFile(
  database: Database,
  principal: Principal,
  keyText: string,
  query: ReportQuery,
  today = ukToday(),
): Promise<ReportFile> {
  if (!isReportKey(keyText) || !policy.mayRunReport(principal, keyText)) {
    throw notFound('There is no such report.');
  }
  const key: ReportKey = keyText;
  const definition = reportDefinitions[key];
  const scope = await statisticsScope(
    database.kysely,
    principal,
    definition.period
      ? { site: query.site, period: 'custom', from: query.from, to: query.to }
      : { site: query.site, period: 'this-month' },
    today,
  );
  const view = await policy.loadPermitView(database.kysely, principal);
  const reach = policy.sitesInReach(principal);
  const batches = reportBatches(database.kysely, key, {
    ...scope.sites,
    ...scope.range,
    permits: view && policy.narrowPermitView(view, scope.sites.permitTargets),
    allSites: reach === 'all' && !query.site,
    accessVisible: policy.accessEntryVisibleWhere(principal),
  });
  const columns = Object.entries(definition.columns);
  const fileName = reportFileName(
    definition.name,
    query.site,
    definition.period ? scope.range : undefined,
    query.format,
  );
  if (query.format === 'csv') {
    async function* lines(): AsyncGenerator<string> {
      yield csvLine(columns.map(([, c]) => c.text));
      for await (const batch of batches) {
        let text = '';
        for (const row of batch) text += csvLine(columns.map(([id, c]) => typedCsvCell(row[id], c.type)));
        yield text;
      }
    }
    return { fileName, format: 'csv', lines: lines() };
  }
  return { fileName, format: 'xlsx', stream: xlsxStream(definition, batches) };
}

/** The workbook through exceljs's streaming writer: rows are committed (and leave memory) as written. */
function xlsxStream(definition: ReportDefinition, batches: AsyncGenerator<InvoiceRow[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(definition.name.slice(0, 31));
  const columns = Object.entries(definition.columns);
  sheet.columns = columns.map(([id, c]) => ({
    header: c.text,
    key: id,
    width: Math.max(12, c.text.length + 2),
    style: c.type === 'money' ? { numFmt: '£#,##0.00' } : c.type === 'date' ? { numFmt: 'dd/mm/yyyy' } : {},
  }));
  (async () => {
    for await (const batch of batches) {
      for (const row of batch) {
        sheet.addRow(columns.map(([id, c]) => xlsxCell(row[id], c.type))).commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
