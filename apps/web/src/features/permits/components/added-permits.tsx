import type { CoveredTickets as CoveredTicketList, Permit } from '@client-portal/contract';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoveredTickets } from './covered-tickets';
import { PermitDetails } from './permit-details';

interface Props {
  permits: readonly Permit[];
  /** The driver's email was given: they get a copy of the confirmation. */
  driverMailed: boolean;
  /** The open tickets the new permits cover, offered for cancelling. */
  covered: CoveredTicketList;
  listPath: string;
  onAddAnother(): void;
}

/** After a single add: what was stored, and where to go next (the spec leaves this open). */
export function AddedPermits({ permits, driverMailed, covered, listPath, onAddAnother }: Props) {
  const { t } = useTranslation();
  const [first] = permits;
  const registration = first?.vehicleRegistration ?? '';
  return (
    <Stack>
      <Alert color="green" title={t('permitAdd.added.heading')} role="status">
        {permits.length > 1
          ? t('permitAdd.added.many', { registration, count: permits.length })
          : t('permitAdd.added.one', { registration, reference: first?.reference ?? '' })}
      </Alert>
      {permits.length === 1 && first && <PermitDetails permit={first} />}
      <Text size="sm">{driverMailed ? t('permitAdd.added.mailedDriver') : t('permitAdd.added.mailed')}</Text>
      <CoveredTickets covered={covered} />
      {permits.length === 1 && first && (
        <Group>
          <Anchor component={Link} to={`/permits/view/${first.type}/${first.permitId}`}>
            {t('permitAdd.added.view')}
          </Anchor>
          <Anchor component={Link} to={`/permits/view/${first.type}/${first.permitId}?print=1`}>
            {t('permitAdd.added.printProof')}
          </Anchor>
        </Group>
      )}
      {permits.length > 1 && (
        <Group component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {permits.map((p) => (
            <li key={p.permitId}>
              <Anchor
                component={Link}
                to={`/permits/view/${p.type}/${p.permitId}`}
                aria-label={t('permitAdd.added.viewLabel', {
                  registration: p.vehicleRegistration,
                  site: p.site_SiteGroupNumber,
                })}
              >
                {p.reference}
              </Anchor>
            </li>
          ))}
        </Group>
      )}
      <Group>
        <Button onClick={onAddAnother}>{t('permitAdd.added.addAnother')}</Button>
        <Anchor component={Link} to={listPath}>
          {t('permitAdd.added.backToPermits')}
        </Anchor>
      </Group>
    </Stack>
  );
}
