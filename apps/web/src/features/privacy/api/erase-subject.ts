import { type ErasureInput, erasureResultSchema } from '@client-portal/contract';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';

/** POST /privacy/erasures: an accepted erasure request, carried out at once. */
export function useEraseSubject() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (input: ErasureInput) =>
      api.post('/privacy/erasures', input, { schema: erasureResultSchema }).then(unwrap),
  });
}
