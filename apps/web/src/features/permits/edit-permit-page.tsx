import { type PermitEditResult, permitKeySchema, ukToday } from '@client-portal/contract';
import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { findStatusMessage, useFocusStepHeading } from '../../components/focus';
import { configEntry } from '../../lib/app-config';
import { useAppConfig } from '../../lib/app-config-context';
import { usePageTitle } from '../../lib/use-page-title';
import { usePermit } from './api/get-permit';
import { CoveredTickets } from './components/covered-tickets';
import { EditPermitForm } from './components/edit-permit-form';
import type { EditPermitContext } from './edit-permit-model';
import { permanentPermitYears } from './permit-dates';
import { permitListPath, permitListSearch } from './permit-list-params';

/**
 * edit/{type}/{permitId} (Permits.Edit): corrects a permit, then says what changed and lists the open
 * tickets the corrected permit covers, for a user holding Tickets.Cancel to cancel at once.
 */
export function EditPermitPage() {
  const { t } = useTranslation();
  usePageTitle(t('permitEdit.title'));
  const { search } = useLocation();
  const params = permitKeySchema.safeParse(useParams());
  const key = params.success ? params.data : undefined;
  const permit = usePermit(key);
  const { config } = useAppConfig();
  const years = permanentPermitYears(configEntry(config, 'PermanentPermitYears'));
  const [today] = useState(() => ukToday());
  const [saved, setSaved] = useState<PermitEditResult | null>(null);
  const context = useMemo(
    (): EditPermitContext | undefined =>
      permit.data ? { permit: permit.data, today, permanentYears: years } : undefined,
    [permit.data, today, years],
  );
  const detailPath = key ? `/permits/view/${key.type}/${key.permitId}${permitListSearch(search)}` : '';
  const listPath = permitListPath(search);
  // Saving moves focus to the message saying so.
  const pageRef = useFocusStepHeading(saved !== null, (root) => (saved ? findStatusMessage(root) : null));

  const body = (() => {
    if (!key || permit.isError) {
      return (
        <Alert color="yellow" role="alert">
          {t('permitEdit.notFound')}{' '}
          <Anchor component={Link} to={listPath}>
            {t('permitDetail.backToPermits')}
          </Anchor>
        </Alert>
      );
    }
    if (saved) {
      const fields = saved.changed.map((f) => t(`permitDetail.history.fields.${f}`)).join(', ');
      return (
        <Stack>
          <Alert color="green" title={t('permitEdit.savedHeading')} role="status">
            {t('permitEdit.saved', { registration: saved.permit.vehicleRegistration })}{' '}
            {saved.changed.length > 0 ? t('permitEdit.changed', { fields }) : t('permitEdit.unchanged')}
          </Alert>
          <CoveredTickets covered={saved.coveredTickets} />
          <Group>
            <Anchor component={Link} to={detailPath}>
              {t('permitEdit.viewPermit')}
            </Anchor>
            <Anchor component={Link} to={listPath}>
              {t('permitDetail.backToPermits')}
            </Anchor>
          </Group>
        </Stack>
      );
    }
    if (!context) return <Loader size="sm" aria-label={t('common.loading')} />;
    if (Date.parse(context.permit.ended) <= Date.now()) {
      return (
        <Alert color="yellow" role="alert">
          {t('permitEdit.ended')}{' '}
          <Anchor component={Link} to={detailPath}>
            {t('permitEdit.viewPermit')}
          </Anchor>
        </Alert>
      );
    }
    return <EditPermitForm context={context} backPath={detailPath} onSaved={setSaved} />;
  })();

  return (
    <Stack maw={720} ref={pageRef}>
      <Title order={1}>{t('permitEdit.title')}</Title>
      {!saved && <Text size="sm">{t('permitEdit.intro')}</Text>}
      {body}
    </Stack>
  );
}
