import type { PermitState } from '@client-portal/contract';
import { Anchor, Loader, Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasAnyFeature, type UserInfo } from '../../../lib/user-info';
import { usePermitCount } from '../api/permit-count';

/** Counters are for users of particular sites: all-sites users would count the whole estate. */
export function showsPermitCounters(userInfo: Pick<UserInfo, 'featureNames' | 'accessAllSites'> | undefined) {
  return Boolean(userInfo && !userInfo.accessAllSites && hasAnyFeature(userInfo, 'Permits.View'));
}

const counters = [
  { state: 'current', labelKey: 'dashboard.counters.current' },
  { state: 'expired', labelKey: 'dashboard.counters.expired' },
  { state: 'expiringSoon', labelKey: 'dashboard.counters.expiringSoon' },
  // Upcoming permits count against allowances too: counted where the user sees them (issue 24).
  { state: 'upcoming', labelKey: 'dashboard.counters.upcoming' },
] as const satisfies readonly { state: PermitState; labelKey: string }[];

function PermitCounter({ state, labelKey }: (typeof counters)[number]) {
  const { t } = useTranslation();
  const count = usePermitCount(state, true);
  return (
    <Anchor
      component={Link}
      to={`/permits?state=${state}`}
      underline="never"
      data-testid={`counter-${state}`}
    >
      <Paper withBorder p="md">
        <Text size="sm" c="dimmed">
          {t(labelKey)}
        </Text>
        {count.isPending ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : (
          <Text size="xl" fw={700} data-testid={`counter-${state}-value`}>
            {count.isError ? t('dashboard.counters.unavailable') : count.data}
          </Text>
        )}
      </Paper>
    </Anchor>
  );
}

/** Active, expired, ending-soon and upcoming permits, each a link to the permit list in that state. */
export function PermitCounters() {
  const { t } = useTranslation();
  return (
    <section aria-label={t('dashboard.counters.heading')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {counters.map((counter) => (
          <PermitCounter key={counter.state} {...counter} />
        ))}
      </SimpleGrid>
    </section>
  );
}
