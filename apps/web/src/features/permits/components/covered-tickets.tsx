import {
  type CoveredTickets as CoveredTicketList,
  TICKET_ACTION_MAX_AGE_DAYS,
  type TicketRefusalCode,
  ticketRefusalCodes,
  ukDateTime,
} from '@client-portal/contract';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowTable } from '../../../components/row-table';
import { useHasAnyFeature } from '../../../lib/user-info';
import { useCancelCoveredTicket } from '../api/cancel-covered-ticket';

type Outcome = { state: 'cancelled' } | { state: 'refused'; reasons: string } | { state: 'failed' };

const isRefusalCode = (code: string): code is TicketRefusalCode =>
  (ticketRefusalCodes as readonly string[]).includes(code);

/**
 * The open tickets a permit just added or edited covers. A user holding Tickets.Cancel cancels them
 * at once: one call per ticket, through the tickets' own rules (allowance, age, status), each
 * outcome shown beside its ticket.
 */
export function CoveredTickets({ covered }: { covered: CoveredTicketList }) {
  const { t } = useTranslation();
  const mayCancel = useHasAnyFeature('Tickets.Cancel');
  const cancel = useCancelCoveredTicket();
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [running, setRunning] = useState(false);
  if (covered.tickets.length === 0) return null;

  const refusalText = (detail: string | undefined) =>
    (detail ?? '')
      .split(',')
      .filter(isRefusalCode)
      .map((code) => t(`tickets.refusal.${code}`, { days: String(TICKET_ACTION_MAX_AGE_DAYS) }))
      .join(' ');

  const cancelAll = async () => {
    setRunning(true);
    for (const ticket of covered.tickets) {
      if (outcomes[ticket.ticketNumber]?.state === 'cancelled') continue;
      const result = await cancel.mutateAsync(ticket.ticketNumber);
      const outcome: Outcome = result.ok
        ? { state: 'cancelled' }
        : result.status === 400
          ? { state: 'refused', reasons: refusalText(result.problem?.detail) }
          : { state: 'failed' };
      setOutcomes((known) => ({ ...known, [ticket.ticketNumber]: outcome }));
    }
    setRunning(false);
  };

  const done = Object.values(outcomes).filter((o) => o.state === 'cancelled').length;
  const statusOf = (ticketNumber: string) => {
    const outcome = outcomes[ticketNumber];
    if (!outcome) return t('permitTickets.open');
    if (outcome.state === 'cancelled') return t('permitTickets.cancelled');
    if (outcome.state === 'refused') return t('permitTickets.refused', { reasons: outcome.reasons });
    return t('permitTickets.failed');
  };

  return (
    <Stack gap="xs" data-covered-tickets>
      <Title order={2}>{t('permitTickets.heading')}</Title>
      <Text size="sm">{t('permitTickets.intro', { count: covered.tickets.length })}</Text>
      {covered.more && <Text size="sm">{t('permitTickets.more', { count: covered.tickets.length })}</Text>}
      <RowTable
        label={t('permitTickets.heading')}
        tableProps={{ withTableBorder: true }}
        headers={[
          t('permitTickets.ticketNumber'),
          t('permitTickets.site'),
          t('permitTickets.vehicleRegistration'),
          t('permitTickets.violationDate'),
          t('permitTickets.status'),
        ]}
        rows={covered.tickets.map((ticket) => ({
          key: ticket.ticketNumber,
          cells: [
            ticket.ticketNumber,
            ticket.siteNumber,
            ticket.vehicleRegistration,
            ukDateTime(ticket.violationDate),
            statusOf(ticket.ticketNumber),
          ],
        }))}
      />
      {mayCancel && (
        <div>
          <Button
            color="red"
            onClick={() => void cancelAll()}
            loading={running}
            disabled={done === covered.tickets.length}
          >
            {t('permitTickets.cancelAll')}
          </Button>
        </div>
      )}
      {Object.keys(outcomes).length > 0 && !running && (
        <Alert color={done === covered.tickets.length ? 'green' : 'yellow'} role="status">
          {t('permitTickets.summary', { cancelled: String(done), count: covered.tickets.length })}
        </Alert>
      )}
    </Stack>
  );
}
