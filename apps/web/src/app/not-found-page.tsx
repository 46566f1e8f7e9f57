import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('chrome.notFound.title'));
  return (
    <Stack>
      <Title order={1}>{t('chrome.notFound.title')}</Title>
      <Text>{t('chrome.notFound.body')}</Text>
      <Anchor component={Link} to="/">
        {t('chrome.notFound.home')}
      </Anchor>
    </Stack>
  );
}
