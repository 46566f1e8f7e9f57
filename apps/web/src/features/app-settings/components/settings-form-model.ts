import { configEntryIssues, ukDateTimeInput, ukInstant } from '@client-portal/contract';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { ruleMessage } from '../../../i18n/rule-message';
import type { SettingField } from './setting-field';

export type SettingsFormValues = Record<string, string>;

/** 'yyyy-MM-ddTHH:mm' in UK time (whatever the browser's zone), the value a datetime-local input holds. */
export function toLocalInput(iso: string | undefined): string {
  return iso ? ukDateTimeInput(iso) : '';
}

/** The stored form of a field's text: trimmed, datetimes as UTC ISO, and '' as null (unset). */
export function toEntryValue(field: SettingField, value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (field.kind === 'datetime') {
    // The input holds UK wall-clock time; anything else typed is kept for the rules to refuse.
    return ukInstant(trimmed)?.toISOString() ?? trimmed;
  }
  return trimmed;
}

export function initialValues(fields: readonly SettingField[], entries: Record<string, string>) {
  return Object.fromEntries(
    fields.map((f) => [f.key, f.kind === 'datetime' ? toLocalInput(entries[f.key]) : (entries[f.key] ?? '')]),
  ) as SettingsFormValues;
}

/**
 * The form's schema: required numbers, readable datetimes, then the contract's own rule for the entry
 * (the same check the server makes), so browser and API never disagree.
 */
export function settingsFormSchema(fields: readonly SettingField[], t: TFunction) {
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
        const label = t(`appSettings.ruleLabels.${field.key}`);
        for (const issue of configEntryIssues(field.key, entry)) {
          ctx.addIssue({ code: 'custom', message: ruleMessage(t, 'appSettings.rules', issue, label) });
        }
      }),
    ]),
  );
  return z.object(shape);
}
