import { Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../lib/api-context';
import { fetchAppConfig } from '../../lib/app-config';
import { useAppConfig } from '../../lib/app-config-context';
import { usePageTitle } from '../../lib/use-page-title';
import { SettingsForm } from './components/settings-form';
import { SettingsLoading } from './components/settings-loading';
import type { SettingPage } from './setting-pages';

/**
 * One /admin/app-settings/* page: its title and a small form per group of entries. It reads the latest
 * config first (the form's loading state), so nobody edits values that may be 5 minutes old.
 */
export function AppSettingPage({ page }: { page: SettingPage }) {
  const { t } = useTranslation();
  const title = t(page.title);
  usePageTitle(title);
  const api = useApiClient();
  const { replace } = useAppConfig();
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchAppConfig(api, Date.now(), controller.signal).then(
      (config) => {
        replace(config);
        setLoaded(true);
      },
      // Edit what the app already holds; the live chrome reports a lost connection.
      () => !controller.signal.aborted && setLoaded(true),
    );
    return () => controller.abort();
  }, [api, replace]);

  const single = page.forms.length === 1;
  return (
    <Stack>
      {!single && <Title order={1}>{title}</Title>}
      {!loaded ? (
        <SettingsLoading />
      ) : (
        page.forms.map((form) => (
          <SettingsForm
            key={form.title}
            title={t(form.title)}
            headingOrder={single ? 1 : 2}
            intro={form.intro ? t(form.intro) : undefined}
            fields={form.fields}
          />
        ))
      )}
    </Stack>
  );
}
