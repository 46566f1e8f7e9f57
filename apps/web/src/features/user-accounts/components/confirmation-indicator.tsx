import { Alert, Badge, Button, Group, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Operations spec section 4: the initial state comes from emailConfirmed. */
type ConfirmationState = 'confirmed' | 'notConfirmed' | 'loading' | 'success' | 'failed';

interface Props {
  emailConfirmed: boolean;
  /** Sends the invitation again; true when the server reports success. */
  resend(): Promise<boolean>;
}

export function ConfirmationIndicator({ emailConfirmed, resend }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<ConfirmationState>(emailConfirmed ? 'confirmed' : 'notConfirmed');

  const send = async () => {
    setState('loading');
    const ok = await resend().catch(() => false);
    setState(ok ? 'success' : 'failed');
  };

  switch (state) {
    case 'confirmed':
      return (
        <Badge color="green" variant="light" data-state={state}>
          {t('userAccounts.confirmation.confirmed')}
        </Badge>
      );
    case 'notConfirmed':
      return (
        <Group gap="sm" data-state={state}>
          <Badge color="yellow" variant="light">
            {t('userAccounts.confirmation.notConfirmed')}
          </Badge>
          <Button size="xs" variant="light" onClick={() => void send()}>
            {t('userAccounts.confirmation.resend')}
          </Button>
        </Group>
      );
    case 'loading':
      return (
        <Group gap="sm" role="status" data-state={state}>
          <Loader size="xs" />
          <Text size="sm">{t('userAccounts.confirmation.loading')}</Text>
        </Group>
      );
    case 'success':
      return (
        <Alert color="green" role="status" data-state={state}>
          {t('userAccounts.confirmation.success')}
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" role="alert" data-state={state}>
          <Group gap="sm">
            <Text size="sm">{t('userAccounts.confirmation.failed')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void send()}>
              {t('userAccounts.confirmation.retry')}
            </Button>
          </Group>
        </Alert>
      );
  }
}
