import type { Readable } from 'node:stream';
import {
  type Language,
  type ReportDefinition,
  type ReportQuery,
  reportFileName,
  ukToday,
} from '@client-portal/contract';
import type { SplitReads } from '../../db/read-replica.js';
import { translatorFor, wordAt } from '../../i18n/index.js';
import { csvLine, typedCsvCell } from '../../plugins/csv-download.js';
import { notFound } from '../../plugins/problem.js';
import { xlsxStream } from '../../plugins/xlsx-download.js';
import { type Principal, policy } from '../access/index.js';
import { statisticsScope } from '../statistics/index.js';
import { isReportKey, type ReportKey, reportDefinitions } from './definitions.js';
import { reportBatches } from './report-sources.js';

/** The reports this caller may run. */
export function listReportDefinitions(principal: Principal): ReportDefinition[] {
  return Object.values(reportDefinitions).filter((d) => policy.mayRunReport(principal, d.key));
}

interface ReportFile {
  fileName: string;
  format: ReportQuery['format'];
  /** CSV text pieces (for sendCsv) … */
  lines?: AsyncGenerator<string>;
  /** … or the workbook's bytes, written as they are read. */
  stream?: Readable;
}

/** A report's sheet name and column headers in a language (the server's `downloads.reports` table). */
function reportWords(key: ReportKey, definition: ReportDefinition, language: Language) {
  const t = translatorFor(language);
  return {
    name: t(`downloads.reports.${key}.name`),
    headers: Object.keys(definition.columns).map((id) => wordAt(t, `downloads.reports.${key}.columns.${id}`)),
  };
}

/**
 * One report over the caller's sites (a site or group out of reach answers 404, as one that does not
 * exist), for a period by the statistics' custom-range rules (at most 13 months, not after today).
 * The caller's reach is read from `db.primary`, the report's rows from `db.rows` (decision 41).
 */
export async function reportFile(
  db: SplitReads,
  principal: Principal,
  keyText: string,
  query: ReportQuery,
  language: Language,
  today = ukToday(),
): Promise<ReportFile> {
  if (!isReportKey(keyText) || !policy.mayRunReport(principal, keyText)) {
    throw notFound('There is no such report.');
  }
  const key: ReportKey = keyText;
  const definition = reportDefinitions[key];
  const scope = await statisticsScope(
    db.primary,
    principal,
    definition.period
      ? { site: query.site, period: 'custom', from: query.from, to: query.to }
      : { site: query.site, period: 'this-month' },
    today,
  );
  const view = await policy.loadPermitView(db.primary, principal);
  const reach = policy.sitesInReach(principal);
  const batches = reportBatches(db.rows, key, {
    ...scope.sites,
    ...scope.range,
    permits: view && policy.narrowPermitView(view, scope.sites.permitTargets),
    allSites: reach === 'all' && !query.site,
    accessVisible: policy.accessEntryVisibleWhere(principal),
  });
  const columns = Object.entries(definition.columns);
  const words = reportWords(key, definition, language);
  const fileName = reportFileName(
    definition.name,
    query.site,
    definition.period ? scope.range : undefined,
    query.format,
  );
  if (query.format === 'csv') {
    async function* lines(): AsyncGenerator<string> {
      yield csvLine(words.headers);
      for await (const batch of batches) {
        let text = '';
        for (const row of batch) text += csvLine(columns.map(([id, c]) => typedCsvCell(row[id], c.type)));
        yield text;
      }
    }
    return { fileName, format: 'csv', lines: lines() };
  }
  async function* rows() {
    for await (const batch of batches) yield batch.map((row) => columns.map(([id]) => row[id]));
  }
  const sheetColumns = columns.map(([, c], index) => ({
    header: words.headers[index] ?? c.text,
    type: c.type,
  }));
  return { fileName, format: 'xlsx', stream: xlsxStream(words.name, sheetColumns, rows()) };
}
