import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';
import { hasAnyFeature, useUserInfo } from '../lib/user-info';
import { type AdminLink, adminSettingLinks, adminUserLinks } from './admin-links';

function LinkGroup({ heading, links }: { heading: string; links: readonly AdminLink[] }) {
  const { t } = useTranslation();
  const userInfo = useUserInfo().data;
  const visible = links.filter((link) => hasAnyFeature(userInfo, ...link.features));
  if (visible.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-label={heading}>
      <Title order={2} size="h4" mb="sm">
        {heading}
      </Title>
      <Stack gap="xs">
        {visible.map((link) => (
          <Anchor key={link.to} component={Link} to={link.to}>
            {t(link.title)}
          </Anchor>
        ))}
      </Stack>
    </Paper>
  );
}

/** /admin: the administration pages this user may open, by the features they hold. */
export function AdminIndexPage() {
  const { t } = useTranslation();
  usePageTitle(t('chrome.admin.title'));
  return (
    <Stack>
      <Title order={1}>{t('chrome.admin.title')}</Title>
      <Text>{t('chrome.admin.intro')}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <LinkGroup heading={t('chrome.admin.settingsHeading')} links={adminSettingLinks} />
        <LinkGroup heading={t('chrome.admin.usersHeading')} links={adminUserLinks} />
      </SimpleGrid>
    </Stack>
  );
}
