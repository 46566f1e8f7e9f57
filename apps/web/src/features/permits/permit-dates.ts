import { configDefaults } from '@client-portal/contract';

/** PermanentPermitYears from the config: a whole number of at least 1, else the default of 1. */
export function permanentPermitYears(entry: string | undefined): number {
  const years = Number(entry ?? configDefaults.PermanentPermitYears);
  return Number.isInteger(years) && years >= 1 ? years : 1;
}
