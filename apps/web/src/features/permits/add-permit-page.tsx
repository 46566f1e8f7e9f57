import type { CoveredTickets, Permit, Site } from '@client-portal/contract';
import { ukToday } from '@client-portal/contract';
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { findFirstHeading, findStatusMessage, useFocusStepHeading } from '../../components/focus';
import { configEntry } from '../../lib/app-config';
import { useAppConfig } from '../../lib/app-config-context';
import { usePageTitle } from '../../lib/use-page-title';
import { hasAnyFeature, useUserInfo } from '../../lib/user-info';
import { type AddPermitContext, initialAddPermitValues } from './add-permit-model';
import { AddPermitForm } from './components/add-permit-form';
import { AddedPermits } from './components/added-permits';
import { permanentPermitYears } from './permit-dates';
import { permitListPath } from './permit-list-params';

/** Add one permit (Permits.Add); the list's query string comes along and goes back on Cancel. */
export function AddPermitPage() {
  const { t } = useTranslation();
  usePageTitle(t('permitAdd.title'));
  const { search } = useLocation();
  const userInfo = useUserInfo().data;
  const { config } = useAppConfig();
  const years = permanentPermitYears(configEntry(config, 'PermanentPermitYears'));
  const allowCustom = hasAnyFeature(userInfo, 'Permits.CustomDuration');
  const [today] = useState(() => ukToday());
  const context = useMemo(
    (): AddPermitContext => ({ today, permanentYears: years, allowCustom }),
    [today, years, allowCustom],
  );
  const [added, setAdded] = useState<Permit[] | null>(null);
  const [driverMailed, setDriverMailed] = useState(false);
  const [covered, setCovered] = useState<CoveredTickets>({ tickets: [], more: false });
  // A new key gives 'Add another' a fresh form, keeping the site the user was adding at.
  const [round, setRound] = useState(0);
  const [lastSite, setLastSite] = useState<Site[] | undefined>(undefined);
  const listPath = permitListPath(search);
  // Adding moves focus to the message saying so; 'Add another' back to the page heading.
  const pageRef = useFocusStepHeading(added !== null, (root) =>
    added ? findStatusMessage(root) : findFirstHeading(root),
  );

  const body = (() => {
    if (!userInfo) return <Loader size="sm" aria-label={t('common.loading')} />;
    if (added) {
      return (
        <AddedPermits
          permits={added}
          driverMailed={driverMailed}
          covered={covered}
          listPath={listPath}
          onAddAnother={() => {
            setAdded(null);
            setRound((n) => n + 1);
          }}
        />
      );
    }
    const initial = initialAddPermitValues(search, userInfo, today);
    return (
      <AddPermitForm
        key={round}
        initial={lastSite ? { ...initial, site: lastSite } : initial}
        context={context}
        listPath={listPath}
        onAdded={(permits, site, mailed, coveredTickets) => {
          setLastSite(site);
          setDriverMailed(mailed);
          setCovered(coveredTickets);
          setAdded(permits);
        }}
      />
    );
  })();

  return (
    <Stack maw={640} ref={pageRef}>
      <Title order={1}>{t('permitAdd.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('permitAdd.intro')}
      </Text>
      {body}
    </Stack>
  );
}
