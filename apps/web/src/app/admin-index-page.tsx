import type { FeatureName } from '@client-portal/contract';
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { settingPages } from '../features/app-settings/setting-pages';
import { permitAllowancesFeatures } from '../features/permit-allowances/routes';
import { rolesFeatures } from '../features/roles/routes';
import { userAccountsFeatures } from '../features/user-accounts/routes';
import { usePageTitle } from '../lib/use-page-title';
import { hasAnyFeature, useUserInfo } from '../lib/user-info';

interface AdminLink {
  to: string;
  title: ParseKeys;
  features: readonly FeatureName[];
}

/** The same feature lists that guard those routes. */
const userLinks: readonly AdminLink[] = [
  { to: '/admin/user/accounts', title: 'chrome.admin.accounts', features: userAccountsFeatures },
  { to: '/admin/user/roles', title: 'chrome.admin.roles', features: rolesFeatures },
];

const settingLinks: readonly AdminLink[] = [
  ...settingPages.map((page) => ({
    to: `/admin/app-settings/${page.slug}`,
    title: page.title,
    features: page.features,
  })),
  { to: '/admin/permits/allowances', title: 'permitAllowances.title', features: permitAllowancesFeatures },
];

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
        <LinkGroup heading={t('chrome.admin.settingsHeading')} links={settingLinks} />
        <LinkGroup heading={t('chrome.admin.usersHeading')} links={userLinks} />
      </SimpleGrid>
    </Stack>
  );
}
