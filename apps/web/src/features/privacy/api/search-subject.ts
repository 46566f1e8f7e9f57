import { type SubjectQuery, subjectSummarySchema } from '@client-portal/contract';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';

/** GET /privacy/subjects?registration=|email=: how many records of each kind a person has (audited). */
export function useSearchSubject() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (query: SubjectQuery) =>
      api.get('/privacy/subjects', { schema: subjectSummarySchema, query: { ...query } }).then(unwrap),
  });
}
