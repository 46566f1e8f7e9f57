import { configDefaults } from '@client-portal/contract';
import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { configEntry } from '../../lib/app-config';
import { useAppConfig } from '../../lib/app-config-context';
import { useSupportContact } from '../../lib/support-contact';
import { usePageTitle } from '../../lib/use-page-title';
import { useMyRetention } from './api/my-retention';

type RetentionKey =
  | 'RetentionCameraReadDays'
  | 'RetentionPermitMonths'
  | 'RetentionTransactionMonths'
  | 'RetentionAuditMonths'
  | 'RetentionNotificationMonths';

/**
 * /privacy (issue 28): what the portal keeps about people, why, for how long and who sees it. The
 * periods are the operator's live settings (GET /application/config), so the notice never drifts
 * from what the retention job does. A signed-in reader whose sites belong to one client company sees
 * that company's shorter periods where it set them, and the notice says whose figures they are.
 */
export function PrivacyNoticePage() {
  const { t } = useTranslation();
  usePageTitle(t('privacy.notice.title'));
  const { config } = useAppConfig();
  const contact = useSupportContact();
  const mine = useMyRetention().data;
  const operatorFigure = (key: RetentionKey) => Number(configEntry(config, key) ?? configDefaults[key]);
  // A signed-in reader of one client company: its shorter periods where it set them (decision 52).
  const company = mine?.company ?? null;
  const shorter: Partial<Record<RetentionKey, number | null>> = company
    ? {
        RetentionCameraReadDays: company.cameraReadDays,
        RetentionPermitMonths: company.permitMonths,
        RetentionTransactionMonths: company.transactionMonths,
      }
    : {};
  const figure = (key: RetentionKey) => Math.min(operatorFigure(key), shorter[key] ?? operatorFigure(key));
  const companyShortens = (
    ['RetentionCameraReadDays', 'RetentionPermitMonths', 'RetentionTransactionMonths'] as const
  ).some((key) => figure(key) < operatorFigure(key));
  return (
    <Paper withBorder p="lg" component="main" maw={760} mx="auto">
      <Stack gap="md">
        <Title order={1}>{t('privacy.notice.title')}</Title>
        <Text>{t('privacy.notice.intro')}</Text>
        <Title order={2} size="h3">
          {t('privacy.notice.whatHeading')}
        </Title>
        <List spacing="xs">
          <List.Item>{t('privacy.notice.what.permits')}</List.Item>
          <List.Item>{t('privacy.notice.what.sightings')}</List.Item>
          <List.Item>{t('privacy.notice.what.tickets')}</List.Item>
          <List.Item>{t('privacy.notice.what.transactions')}</List.Item>
          <List.Item>{t('privacy.notice.what.accounts')}</List.Item>
        </List>
        <Title order={2} size="h3">
          {t('privacy.notice.howLongHeading')}
        </Title>
        <Text data-testid="retention-applies">
          {company && companyShortens
            ? t('privacy.notice.appliesCompany', { company: company.companyName })
            : t('privacy.notice.appliesOperator')}
        </Text>
        <List spacing="xs" data-testid="retention-figures">
          <List.Item>
            {t('privacy.notice.howLong.sightings', { count: figure('RetentionCameraReadDays') })}
          </List.Item>
          <List.Item>
            {t('privacy.notice.howLong.permits', { count: figure('RetentionPermitMonths') })}
          </List.Item>
          <List.Item>
            {t('privacy.notice.howLong.transactions', { count: figure('RetentionTransactionMonths') })}
          </List.Item>
          <List.Item>
            {t('privacy.notice.howLong.audit', { count: figure('RetentionAuditMonths') })}
          </List.Item>
          <List.Item>
            {t('privacy.notice.howLong.notifications', { count: figure('RetentionNotificationMonths') })}
          </List.Item>
          <List.Item>{t('privacy.notice.howLong.charges')}</List.Item>
        </List>
        <Text size="sm">{t('privacy.notice.howLong.after')}</Text>
        <Title order={2} size="h3">
          {t('privacy.notice.whoHeading')}
        </Title>
        <Text>{t('privacy.notice.who')}</Text>
        <Title order={2} size="h3">
          {t('privacy.notice.rightsHeading')}
        </Title>
        <Text>{t('privacy.notice.rights')}</Text>
        <Text>
          {t('privacy.notice.contact')} <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
