import { configDefaults } from '@client-portal/contract';
import { type AppConfig, configEntry } from './app-config';
import { useAppConfig } from './app-config-context';

/** The operator's contact for clients (application settings SupportPhone, SupportEmail, SupportHours). */
export interface SupportContact {
  phone: string;
  email: string;
  hours: string;
}

/** The configured contact; an entry the config lacks reads as the contract's default (the demo operator's). */
export function supportContact(config: AppConfig | undefined): SupportContact {
  return {
    phone: configEntry(config, 'SupportPhone') ?? configDefaults.SupportPhone ?? '',
    email: configEntry(config, 'SupportEmail') ?? configDefaults.SupportEmail ?? '',
    hours: configEntry(config, 'SupportHours') ?? configDefaults.SupportHours ?? '',
  };
}

/** The support contact of the config the app holds (refreshed with it). */
export function useSupportContact(): SupportContact {
  const { config } = useAppConfig();
  return supportContact(config);
}

/** A tel: link for a UK number as typed (spaces, brackets and hyphens dropped). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[\s()-]/g, '')}`;
}
