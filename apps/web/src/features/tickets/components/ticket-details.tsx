import type { Ticket } from '@client-portal/contract';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../format';

/** The looked-up ticket, shown before the user confirms the action. */
export function TicketDetails({ ticket, showReducedAmount }: { ticket: Ticket; showReducedAmount: boolean }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('tickets.details.ticketNumber'), ticket.ticketNumber],
    [t('tickets.details.vehicleRegistration'), ticket.vehicleRegistration],
    [t('tickets.details.site'), `${ticket.siteNumber} – ${ticket.siteName}`],
    [t('tickets.details.violationDate'), formatDate(ticket.violationDate)],
  ];
  if (showReducedAmount) rows.push([t('tickets.details.reducedAmount'), formatMoney(ticket.reducedAmount)]);
  if (ticket.permitCovered) rows.push([t('tickets.details.permit'), t('permitTickets.permitCovered')]);
  return (
    <Table variant="vertical" withTableBorder maw={560}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={200}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
