import { TICKET_ACTION_MAX_AGE_DAYS, type TicketRefusalCode } from '@client-portal/contract';
import { Alert, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketFlowKind } from '../ticket-flow';

/** The refused stage: why the action cannot be taken, one user message per refusal code. */
export function RefusalList(props: {
  kind: TicketFlowKind;
  ticketNumber: string;
  codes: TicketRefusalCode[];
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      role="alert"
      title={t(`tickets.${props.kind}.refused`, { ticketNumber: props.ticketNumber })}
    >
      <List size="sm">
        {props.codes.map((code) => (
          <List.Item key={code}>
            {t(`tickets.refusal.${code}`, { days: String(TICKET_ACTION_MAX_AGE_DAYS) })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
