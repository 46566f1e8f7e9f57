import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/language/language-switch';

export function Footer() {
  const { t } = useTranslation();
  return (
    <Stack
      component="footer"
      gap={4}
      mt="xl"
      pt="md"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <LanguageSwitch />
      <Anchor component={Link} to="/privacy" size="xs">
        {t('chrome.footer.privacy')}
      </Anchor>
      <Text size="xs" c="dimmed">
        {t('chrome.footer.association')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('chrome.footer.registration')}
      </Text>
    </Stack>
  );
}
