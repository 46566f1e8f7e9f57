import type { ReportFormat } from '@client-portal/contract';
import type { ApiClient, ApiFile, ApiResult } from '../../../lib/api-client';

interface ReportRequest {
  key: string;
  site?: string;
  from?: string;
  to?: string;
  format: ReportFormat;
}

/** GET /reports/{key}?site=&from=&to=&format=: the file the server streams, read whole as a blob. */
export function fetchReportFile(api: ApiClient, request: ReportRequest): Promise<ApiResult<ApiFile>> {
  return api.getFile(`/reports/${encodeURIComponent(request.key)}`, {
    query: { site: request.site, from: request.from, to: request.to, format: request.format },
    // A large register takes longer than the usual few seconds to stream.
    timeoutMs: 120_000,
  });
}
