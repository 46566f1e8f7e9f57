import type { WritableConfigKey } from '@client-portal/contract';
import type { ParseKeys } from 'i18next';

/** One config entry as a form field. */
export interface SettingField {
  key: WritableConfigKey;
  kind: 'text' | 'textarea' | 'url' | 'tel' | 'email' | 'number' | 'datetime' | 'markdown';
  label: ParseKeys;
  description?: ParseKeys;
  maxLength?: number;
  min?: number;
  max?: number;
  /** Numbers must be given; text entries may be emptied, which unsets them. */
  required?: boolean;
}
