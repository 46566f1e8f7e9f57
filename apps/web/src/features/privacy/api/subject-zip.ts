import type { SubjectQuery } from '@client-portal/contract';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { saveFile } from '../../../lib/save-file';

/** GET /privacy/subjects/export: the person's zip, streamed by the server, saved as a download (audited). */
export function useDownloadSubjectZip() {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (query: SubjectQuery) => {
      const file = unwrap(
        await api.getFile('/privacy/subjects/export', { query: { ...query }, timeoutMs: 120_000 }),
      );
      saveFile(file.fileName, file.blob);
    },
  });
}
