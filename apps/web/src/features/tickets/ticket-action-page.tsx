import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title';
import { useHasAnyFeature } from '../../lib/user-info';
import { TicketActionFlow } from './components/ticket-action-flow';
import { TicketHistoryTable } from './components/ticket-history-table';
import { flowActionFeature, flowHistoryFeature, type TicketFlowKind } from './ticket-flow';

function TicketActionPage({ kind }: { kind: TicketFlowKind }) {
  const { t } = useTranslation();
  const mayAct = useHasAnyFeature(flowActionFeature[kind]);
  const showHistory = useHasAnyFeature(flowHistoryFeature[kind]);
  usePageTitle(t(mayAct ? `tickets.${kind}.title` : `tickets.${kind}.historyHeading`));
  if (!mayAct) {
    // The page opens to readers of the history too (Tickets.ViewCancelled or ViewReduced alone).
    return <TicketHistoryTable kind={kind} headingOrder={1} intro={t(`tickets.${kind}.historyOnlyIntro`)} />;
  }
  return (
    <Stack>
      <Title order={1}>{t(`tickets.${kind}.title`)}</Title>
      <TicketActionFlow kind={kind} showHistory={showHistory} />
    </Stack>
  );
}

export function CancelTicketPage() {
  return <TicketActionPage kind="cancel" />;
}

export function ReduceTicketPage() {
  return <TicketActionPage kind="reduce" />;
}
