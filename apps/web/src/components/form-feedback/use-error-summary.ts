import { useCallback, useRef, useState } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { type LocatedError, locateErrors, locateField } from './field-locator';

/** Flattens react-hook-form's nested errors into one entry per field path ('entries.0.value'). */
export function flattenFieldErrors(errors: FieldErrors, prefix = ''): { name: string; message: string }[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || key === 'ref' || key === 'root') return [];
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value.message === 'string' && value.message) return [{ name, message: value.message }];
    return typeof value === 'object' ? flattenFieldErrors(value as FieldErrors, name) : [];
  });
}

/**
 * Spread into every useForm of a form with an error summary: the summary moves focus to the first
 * invalid field in reading order, which react-hook-form's own focus (registration order) would undo.
 */
export const summaryFormOptions = { shouldFocusError: false } as const;

export interface ErrorSummaryController {
  /** Put on the <form>: errors are located and ordered within it. */
  formRef: React.RefObject<HTMLFormElement | null>;
  errors: LocatedError[];
  /**
   * After an invalid submit: lists every error in reading order and moves focus to the first invalid
   * field (GOV.UK error summary pattern). An empty list clears the summary.
   */
  report(errors: { name: string; message: string }[]): void;
  /** For react-hook-form's handleSubmit(onValid, onInvalid). */
  onInvalid<T extends FieldValues>(errors: FieldErrors<T>): void;
  clear(): void;
  /** Wraps a form's valid-submit handler: a valid submit clears the summary first. */
  valid<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R;
  /** Moves focus to the control of field `name` (the summary's links). */
  focusField(name: string): void;
}

/** The state behind <ErrorSummary>; one per form. */
export function useErrorSummary(): ErrorSummaryController {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<LocatedError[]>([]);

  const focusField = useCallback((name: string) => {
    const form = formRef.current;
    const element = form ? locateField(form, name) : null;
    element?.focus();
  }, []);

  const report = useCallback((list: { name: string; message: string }[]) => {
    const form = formRef.current;
    const located: LocatedError[] = form ? locateErrors(form, list) : list;
    setErrors(located);
    const first = located.find((error) => error.targetId);
    if (first?.targetId) document.getElementById(first.targetId)?.focus();
  }, []);

  const onInvalid = useCallback(
    <T extends FieldValues>(fieldErrors: FieldErrors<T>) => report(flattenFieldErrors(fieldErrors)),
    [report],
  );
  const clear = useCallback(() => setErrors([]), []);
  const valid = useCallback(
    <A extends unknown[], R>(handler: (...args: A) => R) =>
      (...args: A) => {
        setErrors([]);
        return handler(...args);
      },
    [],
  );

  return { formRef, errors, report, onInvalid, clear, valid, focusField };
}
