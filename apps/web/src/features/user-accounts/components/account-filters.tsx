import type { Site, UserAccountState } from '@client-portal/contract';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SitePicker } from '../../../components/site-picker';

export interface AccountFilterValues {
  state: UserAccountState | 'all';
  email: string;
  sites: Site[];
}

interface Props {
  value: AccountFilterValues;
  onChange(value: AccountFilterValues): void;
}

export function AccountFilters({ value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <Select
        label={t('userAccounts.filters.state')}
        data={[
          { value: 'all', label: t('userAccounts.filters.all') },
          { value: 'confirmed', label: t('userAccounts.filters.confirmed') },
          { value: 'unconfirmed', label: t('userAccounts.filters.unconfirmed') },
        ]}
        value={value.state}
        allowDeselect={false}
        onChange={(state) => onChange({ ...value, state: (state ?? 'all') as AccountFilterValues['state'] })}
        comboboxProps={{ withinPortal: false }}
      />
      <TextInput
        label={t('userAccounts.filters.email')}
        placeholder={t('userAccounts.filters.emailPlaceholder')}
        type="search"
        value={value.email}
        onChange={(event) => onChange({ ...value, email: event.currentTarget.value })}
      />
      <SitePicker
        label={t('userAccounts.filters.sites')}
        multiple
        value={value.sites}
        onChange={(sites) => onChange({ ...value, sites })}
      />
    </SimpleGrid>
  );
}
