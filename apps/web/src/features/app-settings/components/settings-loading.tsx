import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The forms' loading state while the latest config arrives. */
export function SettingsLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}
