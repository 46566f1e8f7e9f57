import { Alert, Anchor, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { useAccountAudit } from './api/account-audit';
import { useAccount } from './api/get-account';
import { groupAuditByDay } from './audit-grouping';
import { userAccountsRoutes } from './routes';

/** Who did what to an account, newest first, a timeline per day. */
export function AccountAuditPage() {
  const { t } = useTranslation();
  usePageTitle(t('userAccounts.auditTitle'));
  const userId = useParams().userId ?? '';
  const audit = useAccountAudit(userId);
  // A removed account's history stays readable; its email then is simply not shown.
  const account = useAccount(userId);

  const body = (() => {
    if (audit.isError) {
      return (
        <Alert color="red" role="alert">
          {t('userAccounts.auditFailed')}
        </Alert>
      );
    }
    if (!audit.data) return <Loader size="sm" aria-label={t('common.loading')} />;
    if (audit.data.length === 0) return <Text>{t('userAccounts.auditEmpty')}</Text>;
    return groupAuditByDay(audit.data).map((day) => (
      <Stack key={day.day} gap="xs" component="section" aria-label={day.heading}>
        <Title order={2} size="h4">
          {day.heading}
        </Title>
        <Timeline bulletSize={14} lineWidth={2}>
          {day.entries.map((entry, index) => (
            <Timeline.Item key={`${entry.timestamp}-${index}`} title={entry.time}>
              <Text size="sm">{entry.description}</Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    ));
  })();

  return (
    <Stack maw={760}>
      <Title order={1}>{t('userAccounts.auditTitle')}</Title>
      <Text>
        {t('userAccounts.auditFor')} <strong data-testid="audit-email">{account.data?.email ?? ''}</strong>
      </Text>
      <Anchor component={Link} to={`${userAccountsRoutes.path}/edit/${userId}`}>
        {t('userAccounts.backToEdit')}
      </Anchor>
      {body}
    </Stack>
  );
}
