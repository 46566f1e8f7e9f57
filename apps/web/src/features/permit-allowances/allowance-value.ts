/**
 * What an allowance input holds, as the API wants it: a whole number of at least 0, or null (unlimited)
 * for a blank or non-numeric value (platform spec section 5). Mantine's NumberInput gives '' when blank.
 */
export function toAllowance(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isNaN(number) ? null : number;
}

/** The input's value for a stored allowance: blank stands for unlimited. */
export function toInputValue(allowance: number | null): number | string {
  return allowance ?? '';
}
