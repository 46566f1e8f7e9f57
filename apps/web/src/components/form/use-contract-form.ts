import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { z } from 'zod';
import { summaryFormOptions } from '../form-feedback';

/**
 * The one way a form holds its fields: react-hook-form with the resolver of a zod schema (the
 * contract's, or one built on its rules with `ruleField` or `ruleCheckSchema`). Focus after an invalid
 * submit is the error summary's (reading order), never react-hook-form's. `schema` must be stable
 * (memoise it when it depends on `t` or on props).
 */
export function useContractForm<TValues extends FieldValues, TOutput extends FieldValues = TValues>(
  schema: z.ZodType<TOutput>,
  defaultValues: DefaultValues<TValues>,
  options: Omit<UseFormProps<TValues, unknown, TOutput>, 'resolver' | 'defaultValues'> = {},
): UseFormReturn<TValues, unknown, TOutput> {
  return useForm<TValues, unknown, TOutput>({
    ...summaryFormOptions,
    ...options,
    // The schema's input is the form's values: zodResolver's own inference cannot see through a generic one.
    resolver: zodResolver(schema as never) as never,
    defaultValues,
  });
}

/**
 * A form schema over a rule check of the whole form: `check` gives one message per field that fails
 * (the contract's rule issues, already in the browser's words); the values pass unchanged.
 */
export function ruleCheckSchema<TValues extends FieldValues>(
  check: (values: TValues) => Partial<Record<keyof TValues, string | undefined>>,
): z.ZodType<TValues, TValues> {
  return z.custom<TValues>().superRefine((values, ctx) => {
    for (const [field, message] of Object.entries(check(values))) {
      if (message) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
}
