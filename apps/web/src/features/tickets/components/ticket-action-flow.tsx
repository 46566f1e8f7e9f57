import type { Ticket, TicketActionResult } from '@client-portal/contract';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type Dispatch, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusStepHeading } from '../../../components/focus';
import { useApiClient } from '../../../lib/api-context';
import { lookupTicket } from '../api/lookup-ticket';
import { useTakeTicketAction } from '../api/take-ticket-action';
import { formatDate, formatMoney } from '../format';
import { refusalCodesOf } from '../refusals';
import {
  initialStage,
  type TicketEvent,
  type TicketFlowKind,
  type TicketStage,
  ticketStageReducer,
} from '../ticket-flow';
import { RefusalList } from './refusal-list';
import { TicketDetails } from './ticket-details';
import { TicketHistoryTable } from './ticket-history-table';
import { TicketSearchForm } from './ticket-search-form';

/**
 * Cancel or reduce one ticket: search, confirm or refused, loading, complete or failed. Each stage
 * starts with its own heading, which takes focus when the stage changes.
 */
export function TicketActionFlow({ kind, showHistory }: { kind: TicketFlowKind; showHistory: boolean }) {
  const { t } = useTranslation();
  const [stage, dispatch] = useReducer(ticketStageReducer, initialStage);
  const stageRef = useFocusStepHeading(stage.name);
  return (
    <Stack ref={stageRef}>
      <Title order={2}>{t(`tickets.stages.${stage.name}`)}</Title>
      <TicketStageView kind={kind} showHistory={showHistory} stage={stage} dispatch={dispatch} />
    </Stack>
  );
}

function TicketStageView({
  kind,
  showHistory,
  stage,
  dispatch,
}: {
  kind: TicketFlowKind;
  showHistory: boolean;
  stage: TicketStage;
  dispatch: Dispatch<TicketEvent>;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const takeAction = useTakeTicketAction(kind);

  const search = async (ticketNumber: string): Promise<string | undefined> => {
    const result = await lookupTicket(api, kind, ticketNumber);
    if (result.ok) {
      dispatch({ type: 'found', ticket: result.data });
      return undefined;
    }
    const codes = refusalCodesOf(result.status, result.problem);
    if (codes.length > 0) {
      dispatch({ type: 'refused', ticketNumber, codes });
      return undefined;
    }
    return t('tickets.search.lookupFailed');
  };

  const confirm = async (ticket: Ticket) => {
    dispatch({ type: 'confirm' });
    const result = await takeAction.mutateAsync({ ticketNumber: ticket.ticketNumber });
    if (result.ok) {
      dispatch({ type: 'succeeded', result: result.data });
      return;
    }
    const codes = refusalCodesOf(result.status, result.problem);
    dispatch(
      codes.length > 0 ? { type: 'refused', ticketNumber: ticket.ticketNumber, codes } : { type: 'failed' },
    );
  };

  const returnToSearch = (
    <Group>
      <Button variant="default" onClick={() => dispatch({ type: 'returnToSearch' })}>
        {t('tickets.returnToSearch')}
      </Button>
    </Group>
  );

  switch (stage.name) {
    case 'search':
      return (
        <Stack gap="xl">
          <Stack gap="sm">
            <Text>{t(`tickets.${kind}.intro`)}</Text>
            <TicketSearchForm onSearch={search} />
          </Stack>
          {showHistory && <TicketHistoryTable kind={kind} />}
        </Stack>
      );
    case 'confirm':
      return (
        <Stack>
          <TicketDetails ticket={stage.ticket} showReducedAmount={kind === 'reduce'} />
          <Text>
            {kind === 'reduce'
              ? t('tickets.reduce.confirmQuestion', { amount: formatMoney(stage.ticket.reducedAmount) })
              : t('tickets.cancel.confirmQuestion')}
          </Text>
          <Group>
            <Button color={kind === 'cancel' ? 'red' : undefined} onClick={() => void confirm(stage.ticket)}>
              {t(`tickets.${kind}.confirm`)}
            </Button>
            <Button variant="default" onClick={() => dispatch({ type: 'returnToSearch' })}>
              {t('tickets.returnToSearch')}
            </Button>
          </Group>
        </Stack>
      );
    case 'refused':
      return (
        <Stack>
          <RefusalList kind={kind} ticketNumber={stage.ticketNumber} codes={stage.codes} />
          {returnToSearch}
        </Stack>
      );
    case 'loading':
      return (
        <Group role="status" gap="sm">
          <Loader size="sm" />
          <Text>{t(`tickets.${kind}.loading`)}</Text>
        </Group>
      );
    case 'complete':
      return (
        <Stack>
          <CompleteMessage kind={kind} result={stage.result} />
          {returnToSearch}
        </Stack>
      );
    case 'failed':
      return (
        <Stack>
          <Alert color="red" role="alert">
            {t(`tickets.${kind}.failed`)}
          </Alert>
          {returnToSearch}
        </Stack>
      );
  }
}

function CompleteMessage({ kind, result }: { kind: TicketFlowKind; result: TicketActionResult }) {
  const { t } = useTranslation();
  if (kind === 'cancel') {
    return (
      <Alert color="green" role="status">
        {t('tickets.cancel.complete', { ticketNumber: result.ticketNumber })}
      </Alert>
    );
  }
  return (
    <Alert color="green" role="status">
      <Text>
        {t('tickets.reduce.complete', {
          ticketNumber: result.ticketNumber,
          amount: formatMoney(result.reducedAmount),
        })}
      </Text>
      <Text>
        {result.reducedUntil
          ? t('tickets.reduce.payableUntil', { date: formatDate(result.reducedUntil) })
          : t('tickets.reduce.payable')}
      </Text>
    </Alert>
  );
}
