import { Anchor, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTicketAllowances } from '../../../lib/ticket-allowances';
import { OPEN_CHARGES_DAYS, openChargesQuery, useOpenCharges } from '../api/open-charges';

const listLink = (query: Record<string, string>) => `/tickets/list?${new URLSearchParams(query)}`;

/** "Used of allowed" this month, or the one word for no limit. */
function usedOf(used: number, allowed: number | null, noLimit: string): string {
  return allowed === null ? `${used} (${noLimit})` : `${used} / ${allowed}`;
}

/**
 * The charges side of "what needs me today" (issue 24): open charges at the caller's sites in the last
 * 28 days with how many a permit covered, each a link to the tickets list filtered to it, and this
 * month's cancellation and reduction allowances used per site.
 */
export function ChargesToday() {
  const { t } = useTranslation();
  const charges = useOpenCharges(true);
  const allowances = useTicketAllowances();
  const noLimit = t('tickets.overview.unlimited');
  const figure = (value: number | undefined) =>
    charges.isPending ? (
      <Loader size="sm" aria-label={t('common.loading')} />
    ) : (
      <Text size="xl" fw={700}>
        {charges.isError ? t('dashboard.counters.unavailable') : value}
      </Text>
    );
  return (
    <Stack component="section" aria-labelledby="dashboard-charges-heading" gap="sm">
      <Title order={2} size="h4" id="dashboard-charges-heading">
        {t('dashboard.charges.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Anchor component={Link} to={listLink(openChargesQuery(false))} underline="never">
          <Paper withBorder p="md" data-testid="charges-open">
            <Text size="sm" c="dimmed">
              {t('dashboard.charges.open', { days: String(OPEN_CHARGES_DAYS) })}
            </Text>
            {figure(charges.data?.open)}
          </Paper>
        </Anchor>
        <Anchor component={Link} to={listLink(openChargesQuery(true))} underline="never">
          <Paper withBorder p="md" data-testid="charges-covered">
            <Text size="sm" c="dimmed">
              {t('dashboard.charges.covered')}
            </Text>
            {figure(charges.data?.covered)}
          </Paper>
        </Anchor>
      </SimpleGrid>
      {allowances.data && allowances.data.length > 0 && (
        <Paper withBorder p="md">
          <Table.ScrollContainer minWidth={300}>
            <Table>
              <Table.Caption>
                <Anchor component={Link} to="/tickets/overview">
                  {t('dashboard.charges.allowancesCaption')}
                </Anchor>
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tickets.overview.columns.site')}</Table.Th>
                  <Table.Th>{t('dashboard.charges.cancellations')}</Table.Th>
                  <Table.Th>{t('dashboard.charges.reductions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {allowances.data.map((a) => (
                  <Table.Tr key={a.siteNumber}>
                    <Table.Td>{`${a.siteNumber} – ${a.siteName}`}</Table.Td>
                    <Table.Td>{usedOf(a.usedCancellations, a.allocatedCancellations, noLimit)}</Table.Td>
                    <Table.Td>{usedOf(a.usedSettlements, a.allocatedSettlements, noLimit)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
