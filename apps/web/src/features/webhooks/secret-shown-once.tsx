import type { CreatedWebhook } from '@client-portal/contract';
import { Alert, Button, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A webhook's secret, this once: copied by a button, never shown again after leaving. */
export function SecretShownOnce({
  created,
  onDone,
  headingOrder = 1,
}: {
  created: CreatedWebhook;
  onDone(): void;
  headingOrder?: 1 | 2;
}) {
  const { t } = useTranslation();
  return (
    <Stack maw={720}>
      <Title order={headingOrder}>{t('webhooks.secretTitle')}</Title>
      <Alert color="yellow" role="alert">
        {t('webhooks.secretWarning')}
      </Alert>
      <Text fw={500}>{t('webhooks.secretLabel', { url: created.url })}</Text>
      <Code block data-testid="webhook-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {created.secret}
      </Code>
      <Group>
        <CopyButton value={created.secret}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('webhooks.copied') : t('webhooks.copy')}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{t('webhooks.done')}</Button>
      </Group>
    </Stack>
  );
}
