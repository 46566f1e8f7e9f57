import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/use-page-title';
import { useHasAnyFeature } from '../../lib/user-info';
import { TicketActionFlow } from './components/ticket-action-flow';
import { flowHistoryFeature, type TicketFlowKind } from './ticket-flow';

function TicketActionPage({ kind }: { kind: TicketFlowKind }) {
  const { t } = useTranslation();
  usePageTitle(t(`tickets.${kind}.title`));
  const showHistory = useHasAnyFeature(flowHistoryFeature[kind]);
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
