import { Alert, Anchor, Grid, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useAppConfig } from '../../lib/app-config-context';

/** Only web links may come from config; anything else (javascript:, data:) is dropped. */
function safeUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function SignInBanner() {
  const { t } = useTranslation();
  const { entries } = useAppConfig().config;
  const heading = entries.SignInBannerHeading;
  const body = entries.SignInBannerBody;
  const url = safeUrl(entries.SignInBannerUrl);
  if (!heading && !body) return null;
  return (
    <Alert color="blue" title={heading} data-testid="sign-in-banner">
      {body && <Text size="sm">{body}</Text>}
      {url && (
        <Anchor href={url} size="sm" target="_blank" rel="noopener noreferrer">
          {t('signin.bannerLink')}
        </Anchor>
      )}
    </Alert>
  );
}

function Offer() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb="sm">
        {t('signin.offerHeading')}
      </Title>
      <List spacing="xs">
        <List.Item>{t('signin.offer.permits')}</List.Item>
        <List.Item>{t('signin.offer.tickets')}</List.Item>
        <List.Item>{t('signin.offer.account')}</List.Item>
        <List.Item>{t('signin.offer.reports')}</List.Item>
      </List>
    </Paper>
  );
}

/** Sign-in pane: the form (route outlet) beside the optional banner and the product's offer. */
export function PublicLayout() {
  return (
    <Grid gap="lg" mt="md">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Paper withBorder p="lg">
          <Outlet />
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack>
          <SignInBanner />
          <Offer />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
