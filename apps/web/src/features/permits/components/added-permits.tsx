import type { CoveredTickets as CoveredTicketList, Permit } from '@client-portal/contract';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoveredTickets } from './covered-tickets';
import { PermitDetails } from './permit-details';

interface Props {
  permits: readonly Permit[];
  /** The driver's e-mail was given: they get a copy of the confirmation. */
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
      <Group>
        <Button onClick={onAddAnother}>{t('permitAdd.added.addAnother')}</Button>
        <Anchor component={Link} to={listPath}>
          {t('permitAdd.added.backToPermits')}
        </Anchor>
      </Group>
      {permits.length > 1 && (
        <Text size="sm" c="dimmed">
          {permits.map((p) => p.reference).join(', ')}
        </Text>
      )}
    </Stack>
  );
}
