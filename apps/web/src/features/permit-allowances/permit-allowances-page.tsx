import type { Site } from '@client-portal/contract';
import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SitePicker } from '../../components/site-picker';
import { useAllowanceUse } from '../../lib/allowance-use';
import { useSupportContact } from '../../lib/support-contact';
import { usePageTitle } from '../../lib/use-page-title';
import { useAllowances } from './api/get-allowances';
import { AllowancesForm } from './components/allowances-form';

/** /admin/permits/allowances: pick one site or group, then edit its allowances table. */
export function PermitAllowancesPage() {
  const { t } = useTranslation();
  const contact = useSupportContact();
  usePageTitle(t('permitAllowances.title'));
  const [site, setSite] = useState<Site[]>([]);
  const number = site[0]?.siteNumber;
  const allowances = useAllowances(number);
  // What counts against each allowance now, shown beside it (issue 24).
  const use = useAllowanceUse(number);

  return (
    <Stack>
      <Title order={1}>{t('permitAllowances.title')}</Title>
      <Text>{t('permitAllowances.intro')}</Text>
      <Text size="sm" c="dimmed">
        {t('permitAllowances.exceeded', { phone: contact.phone, email: contact.email })}
      </Text>
      <SitePicker label={t('permitAllowances.site')} required value={site} onChange={setSite} />
      {number && allowances.isPending && (
        <Group role="status" gap="sm">
          <Loader size="sm" />
          <Text>{t('common.loading')}</Text>
        </Group>
      )}
      {number && allowances.isError && (
        <Text role="alert">
          {t('table.failed', { data: t('permitAllowances.dataName') })}{' '}
          <Anchor component="button" type="button" onClick={() => void allowances.refetch()}>
            {t('table.retry')}
          </Anchor>
        </Text>
      )}
      {number && allowances.data && (
        <AllowancesForm
          // A fresh form per site, so values typed for one never go out for another.
          key={number}
          rows={allowances.data}
          use={use.data}
        />
      )}
    </Stack>
  );
}
