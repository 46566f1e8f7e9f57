import {
  type SentNotification,
  sentNotificationQuerySchema,
  shownPageIndex,
  ukDateTime,
} from '@client-portal/contract';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowTable } from '../../../components/row-table';
import { useListState } from '../../../lib/use-list-state';
import { type SentRequest, useSentNotifications, useWithdrawNotification } from '../api/sent-notifications';

const severityColor = { information: 'blue', warning: 'yellow', urgent: 'red' } as const;
const sentColumns = [
  'title',
  'severity',
  'audience',
  'start',
  'state',
  'reached',
  'read',
  'actions',
] as const;
const stateColor = { scheduled: 'grape', live: 'green', expired: 'gray', withdrawn: 'gray' } as const;

function AudienceSummary({ n }: { n: SentNotification }) {
  const { t } = useTranslation();
  const a = n.audience;
  if (a.kind === 'everyone') return <>{t('notifications.send.audienceSummary.everyone')}</>;
  if (a.kind === 'companies')
    return <>{t('notifications.send.audienceSummary.companies', { count: a.companyIds.length })}</>;
  if (a.kind === 'sites')
    return <>{t('notifications.send.audienceSummary.sites', { list: a.numbers.join(', ') })}</>;
  return <>{t('notifications.send.audienceSummary.features', { list: a.features.join(', ') })}</>;
}

/**
 * What was sent (all of it for all-sites senders, else the sender's own), one server page at a time;
 * the page is kept in the address (`sent.` fields, decision 28) beside the compose form's page.
 */
export function SentList() {
  const { t } = useTranslation();
  const [state, setState] = useListState(sentNotificationQuerySchema, { prefix: 'sent.' });
  const request: SentRequest = { after: state.after, before: state.before, skip: state.skip };
  const pageIndex = shownPageIndex(state);
  const sent = useSentNotifications(request);
  const withdraw = useWithdrawNotification();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const page = sent.data;

  const go = (next: SentRequest, index: number) => setState({ ...next, page: index + 1 });
  const onWithdraw = async (n: SentNotification) => {
    const result = await withdraw.mutateAsync(n.id);
    setOutcome(
      result.ok
        ? { ok: true, text: t('notifications.send.withdrawn', { title: n.title }) }
        : { ok: false, text: t('notifications.send.withdrawFailed') },
    );
  };

  return (
    <Stack component="section" aria-labelledby="sent-heading">
      <Title order={2} id="sent-heading" size="h3">
        {t('notifications.send.sentHeading')}
      </Title>
      {outcome && (
        <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </Alert>
      )}
      {sent.isError && <Alert color="red">{t('notifications.send.sentLoadFailed')}</Alert>}
      {page && (
        <>
          <Text size="sm" role="status">
            {t('notifications.send.sentTotal', { count: page.total })}
          </Text>
          {page.rows.length === 0 ? (
            <Text>{t('notifications.send.noneSent')}</Text>
          ) : (
            <RowTable
              label={t('notifications.send.sentCaption')}
              caption
              minWidth={760}
              rowHeader
              tableProps={{ striped: true, 'data-testid': 'sent-notifications' }}
              headers={sentColumns.map((c) => t(`notifications.send.column.${c}`))}
              rows={page.rows.map((n) => ({
                key: n.id,
                attributes: { 'data-testid': 'sent-row', 'data-title': n.title },
                cells: [
                  n.title,
                  <Badge key="severity" color={severityColor[n.severity]} variant="light">
                    {t(`notifications.severity.${n.severity}`)}
                  </Badge>,
                  <AudienceSummary key="audience" n={n} />,
                  ukDateTime(n.startsAt),
                  <Badge key="state" color={stateColor[n.state]} variant="light">
                    {t(`notifications.send.state.${n.state}`)}
                  </Badge>,
                  <span key="reached" data-testid="sent-reached">
                    {n.recipients}
                  </span>,
                  <span key="read" data-testid="sent-read">
                    {n.read}
                  </span>,
                  (n.state === 'live' || n.state === 'scheduled') && (
                    <Button
                      key="withdraw"
                      size="xs"
                      variant="default"
                      aria-label={t('notifications.send.withdrawLabel', { title: n.title })}
                      loading={withdraw.isPending && withdraw.variables === n.id}
                      onClick={() => void onWithdraw(n)}
                    >
                      {t('notifications.send.withdraw')}
                    </Button>
                  ),
                ],
              }))}
            />
          )}
          <Group>
            <Button
              variant="default"
              disabled={pageIndex === 0 || !page.first}
              onClick={() => go({ before: page.first ?? undefined, skip: 0 }, pageIndex - 1)}
            >
              {t('notifications.previous')}
            </Button>
            <Button
              variant="default"
              disabled={(pageIndex + 1) * 10 >= page.total || !page.last}
              onClick={() => go({ after: page.last ?? undefined, skip: 0 }, pageIndex + 1)}
            >
              {t('notifications.next')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
