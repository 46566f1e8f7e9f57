import { validateConfigEntry } from '@client-portal/contract';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { ConfigField } from './config-field';

export type ConfigFormValues = Record<string, string>;

/** 'yyyy-MM-ddTHH:mm' in the browser's time zone, the value a datetime-local input holds. */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return '';
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The stored form of a field's text: trimmed, datetimes as UTC ISO, and '' as null (unset). */
export function toEntryValue(field: ConfigField, value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (field.kind === 'datetime') {
    const time = Date.parse(trimmed);
    return Number.isFinite(time) ? new Date(time).toISOString() : trimmed;
  }
  return trimmed;
}

export function initialValues(fields: readonly ConfigField[], entries: Record<string, string>) {
  return Object.fromEntries(
    fields.map((f) => [f.key, f.kind === 'datetime' ? toLocalInput(entries[f.key]) : (entries[f.key] ?? '')]),
  ) as ConfigFormValues;
}

/**
 * The form's schema: required numbers, readable datetimes, then the contract's own rule for the entry
 * (the same check the server makes), so browser and API never disagree.
 */
export function configFormSchema(fields: readonly ConfigField[], t: TFunction) {
  const shape = Object.fromEntries(
    fields.map((field) => [
      field.key,
      z.string().superRefine((value, ctx) => {
        const entry = toEntryValue(field, value);
        if (entry === null) {
          if (field.required) ctx.addIssue({ code: 'custom', message: t('appSettings.form.required') });
          return;
        }
        if (field.kind === 'datetime' && !Number.isFinite(Date.parse(entry))) {
          ctx.addIssue({ code: 'custom', message: t('appSettings.form.invalidDate') });
          return;
        }
        for (const message of validateConfigEntry(field.key, entry))
          ctx.addIssue({ code: 'custom', message });
      }),
    ]),
  );
  return z.object(shape);
}
