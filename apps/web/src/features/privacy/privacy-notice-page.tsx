import { configDefaults, type RetentionPolicy } from '@client-portal/contract';
import { Alert, Anchor, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiRequestError } from '../../lib/api-client';
import { configEntry } from '../../lib/app-config';
import { useAppConfig } from '../../lib/app-config-context';
import { useSupportContact } from '../../lib/support-contact';
import { usePageTitle } from '../../lib/use-page-title';
import { useMyRetention } from './api/my-retention';
import { useSiteRetention } from './api/site-retention';

type RetentionKey =
  | 'RetentionCameraReadDays'
  | 'RetentionPermitMonths'
  | 'RetentionTransactionMonths'
  | 'RetentionAuditMonths'
  | 'RetentionNotificationMonths';

const policyFields: Record<RetentionKey, keyof RetentionPolicy> = {
  RetentionCameraReadDays: 'cameraReadDays',
  RetentionPermitMonths: 'permitMonths',
  RetentionTransactionMonths: 'transactionMonths',
  RetentionAuditMonths: 'auditMonths',
  RetentionNotificationMonths: 'notificationMonths',
};

/** A company's shorter periods, as the notice reads them (null: the operator's). */
interface ShorterPeriods {
  cameraReadDays: number | null;
  permitMonths: number | null;
  transactionMonths: number | null;
}

/**
 * /privacy (issue 28): what the portal keeps about people, why, for how long and who sees it. The
 * periods are the operator's live settings (GET /application/config), so the notice never drifts
 * from what the retention job does. A signed-in reader whose sites belong to one client company sees
 * that company's shorter periods where it set them, and the notice says whose figures they are.
 *
 * /privacy/car-parks/{site} (decision 54): the same notice for one car park, for anyone (the visitor
 * page links to it; a sign at the car park can print it): the periods that apply there
 * (GET /privacy/retention/sites/{site}), naming the car park and, where it shortened ours, its company.
 */
export function PrivacyNoticePage() {
  const { t } = useTranslation();
  usePageTitle(t('privacy.notice.title'));
  const { config } = useAppConfig();
  const contact = useSupportContact();
  const site = useParams().site;
  const mine = useMyRetention(site === undefined).data;
  const carPark = useSiteRetention(site);
  const operatorFigure = (key: RetentionKey) =>
    carPark.data?.operator[policyFields[key]] ?? Number(configEntry(config, key) ?? configDefaults[key]);
  // One car park's company, or a signed-in reader's one client company: its shorter periods (decisions 52, 54).
  const company: (ShorterPeriods & { name: string }) | null =
    site !== undefined
      ? (carPark.data?.company ?? null)
      : mine?.company
        ? { ...mine.company, name: mine.company.companyName }
        : null;
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

  const applies = (() => {
    if (site === undefined) {
      return company && companyShortens
        ? t('privacy.notice.appliesCompany', { company: company.name })
        : t('privacy.notice.appliesOperator');
    }
    if (!carPark.data) return null;
    return company && companyShortens
      ? t('privacy.notice.appliesSiteCompany', { site: carPark.data.siteName, company: company.name })
      : t('privacy.notice.appliesSiteOperator', { site: carPark.data.siteName });
  })();
  const siteProblem =
    site !== undefined && carPark.isError ? (
      <Alert color="yellow" role="status" data-testid="retention-site-problem">
        {carPark.error instanceof ApiRequestError && carPark.error.status === 404
          ? t('privacy.notice.unknownSite', { number: site })
          : t('privacy.notice.siteFailed')}
      </Alert>
    ) : null;
  const figures =
    site !== undefined && carPark.isPending ? (
      <Loader size="sm" aria-label={t('privacy.notice.loadingSite')} />
    ) : (
      <>
        {siteProblem}
        {applies && <Text data-testid="retention-applies">{applies}</Text>}
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
      </>
    );
  return (
    <Paper withBorder p="lg" component="main" maw={760} mx="auto">
      <Stack gap="md">
        <Title order={1}>{t('privacy.notice.title')}</Title>
        {carPark.data && (
          <Text fw={500} data-testid="retention-car-park">
            {t('privacy.notice.carPark', { name: carPark.data.siteName, number: carPark.data.site })}
          </Text>
        )}
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
        {figures}
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
