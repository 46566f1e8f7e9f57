import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PrerenderTakeOver } from '../lib/prerender';
import { NotFoundPage } from './not-found-page';

/** A route that failed to render or load its chunk (often a deploy replaced the chunk files). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Stack p="md" maw={600}>
      <PrerenderTakeOver />
      <Alert color="red" title={t('loader.failedHeading')} role="alert">
        {t('loader.failedBody')}
      </Alert>
      <Button onClick={() => window.location.reload()} w="fit-content">
        {t('common.reload')}
      </Button>
    </Stack>
  );
}
