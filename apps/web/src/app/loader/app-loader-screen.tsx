import { SLOW_LOAD_NOTICE_MS } from '@client-portal/contract';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrerenderTakeOver } from '../../lib/prerender';

const LOADING_TEXT_ROTATION_MS = 30_000;
const messageKeys = ['loader.message1', 'loader.message2', 'loader.message3'] as const;

/**
 * Start-up screen: a rotating loading text, a slow-load notice after 10 s, or the failure notice (the
 * start is tried again every 30 s meanwhile).
 */
export function AppLoaderScreen({
  failed = false,
  configUnavailable = false,
}: {
  failed?: boolean;
  /** No config stored and the API unreachable: the spec's 'Failed to load application config.' */
  configUnavailable?: boolean;
}) {
  const { t } = useTranslation();
  const [messageIndex, setMessageIndex] = useState(0);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (failed) return;
    const slowTimer = setTimeout(() => setSlow(true), SLOW_LOAD_NOTICE_MS);
    const rotation = setInterval(
      () => setMessageIndex((i) => (i + 1) % messageKeys.length),
      LOADING_TEXT_ROTATION_MS,
    );
    return () => {
      clearTimeout(slowTimer);
      clearInterval(rotation);
    };
  }, [failed]);

  if (failed) {
    return (
      <Center mih="100vh" p="md">
        <PrerenderTakeOver />
        <Stack maw={480}>
          <Alert color="red" title={t('loader.failedHeading')} role="alert">
            <Stack gap="xs">
              {configUnavailable && <Text fw={700}>{t('errors.appConfig')}</Text>}
              <Text>{t('loader.failedBody')}</Text>
            </Stack>
          </Alert>
          <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
        </Stack>
      </Center>
    );
  }

  const messageKey = messageKeys[messageIndex] ?? messageKeys[0];
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" role="status" aria-live="polite">
        <Loader />
        <Text>{t(messageKey)}</Text>
        {slow && <Text c="dimmed">{t('loader.slow')}</Text>}
      </Stack>
    </Center>
  );
}
