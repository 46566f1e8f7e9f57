import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver over a form's rule check: `check` gives one message per field that fails
 * (the contract's rule issues, already put in the browser's words); the values pass unchanged.
 */
export function rulesResolver<T extends FieldValues>(
  check: (values: T) => Partial<Record<keyof T, string>>,
): Resolver<T> {
  return (values) => {
    const messages = Object.entries(check(values)).filter(([, message]) => message);
    if (messages.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(messages.map(([field, message]) => [field, { type: 'rule', message }]));
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
