import type { InvoiceDefinition } from '@client-portal/contract';
import { Card, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useInvoiceDefinitions } from '../api/list-invoice-definitions';

/** First stage: one card per invoice definition; choosing one moves on to the query. */
export function InvoiceTypeStage({ onChoose }: { onChoose(definition: InvoiceDefinition): void }) {
  const { t } = useTranslation();
  const definitions = useInvoiceDefinitions();

  if (definitions.isError) {
    return (
      <Text role="alert">
        {t('table.failed', { data: t('invoicing.type.dataName') })}{' '}
        <UnstyledButton c="blue" td="underline" onClick={() => void definitions.refetch()}>
          {t('common.retry')}
        </UnstyledButton>
      </Text>
    );
  }
  if (!definitions.data) return <Text>{t('common.loading')}</Text>;

  return (
    <Stack>
      <Title order={2}>{t('invoicing.type.heading')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {definitions.data.map((definition) => (
          <UnstyledButton
            key={definition.key}
            onClick={() => onChoose(definition)}
            aria-label={t('invoicing.type.choose', { name: definition.name })}
          >
            <Card withBorder padding="lg" h="100%">
              <Text fw={600}>{definition.name}</Text>
              <Text size="sm" c="dimmed">
                {definition.description}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
