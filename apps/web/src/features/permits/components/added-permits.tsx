import type { Permit } from '@client-portal/contract';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PermitDetails } from './permit-details';

interface Props {
  permits: readonly Permit[];
  listPath: string;
  onAddAnother(): void;
}

/** After a single add: what was stored, and where to go next (the spec leaves this open). */
export function AddedPermits({ permits, listPath, onAddAnother }: Props) {
  const { t } = useTranslation();
  const [first] = permits;
  const registration = first?.vehicleRegistration ?? '';
  return (
    <Stack>
      <Alert color="green" title={t('permitAdd.added.heading')} role="status">
        {permits.length > 1
          ? t('permitAdd.added.many', { registration, count: permits.length })
          : t('permitAdd.added.one', { registration })}
      </Alert>
      {permits.length === 1 && first && <PermitDetails permit={first} />}
      <Group>
        <Button onClick={onAddAnother}>{t('permitAdd.added.addAnother')}</Button>
        <Anchor component={Link} to={listPath}>
          {t('permitAdd.added.backToPermits')}
        </Anchor>
      </Group>
      {permits.length > 1 && (
        <Text size="sm" c="dimmed">
          {permits.map((p) => p.site_SiteGroupNumber).join(', ')}
        </Text>
      )}
    </Stack>
  );
}
