import { permitReasons } from '@client-portal/contract';
import type { TFunction } from 'i18next';

/** A permit reason code in the user's words; none (or an unknown code) reads "None". */
export function reasonLabel(t: TFunction, code: number | string | null): string {
  const key = String(code ?? '');
  if (!(key in permitReasons)) return t('permitDetail.noReason');
  return t(`permitAdd.reasons.${key as `${keyof typeof permitReasons}`}`);
}
