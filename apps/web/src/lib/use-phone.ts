import { useMediaQuery } from '@mantine/hooks';

/** Narrower than Mantine's `sm` breakpoint (576 px): a phone held upright, 390 px wide or so. */
export const PHONE_QUERY = '(max-width: 575.98px)';

export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}
