import { permitKeySchema } from '@client-portal/contract';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { confirmDone, FormFeedback, type FormState } from '../../components/form-feedback';
import { usePageTitle } from '../../lib/use-page-title';
import { useExpirePermit } from './api/expire-permit';
import { usePermit } from './api/get-permit';
import { PermitDetails } from './components/permit-details';
import { canExpire } from './permit-expiry';
import { permitListPath } from './permit-list-params';

/** Why an expire failed: gone (404) and not current (409) are warnings; anything else a failure. */
function failureOf(status: number | undefined): {
  state: FormState;
  messageKey: 'notFound' | 'notCurrent' | 'failed';
} {
  if (status === 404) return { state: 'idle', messageKey: 'notFound' };
  if (status === 409) return { state: 'idle', messageKey: 'notCurrent' };
  return { state: 'error', messageKey: 'failed' };
}

/** disable/{type}/{permitId}: shows the permit, asks, expires it and returns to the list (Permits.Disable). */
export function ExpirePermitPage() {
  const { t } = useTranslation();
  usePageTitle(t('permitExpire.title'));
  const expirePermit = useExpirePermit();
  const navigate = useNavigate();
  const { search } = useLocation();
  const listPath = permitListPath(search);
  const params = permitKeySchema.safeParse(useParams());
  const key = params.success ? params.data : undefined;
  const permit = usePermit(key);
  const [state, setState] = useState<FormState>('idle');
  const [warning, setWarning] = useState<string | undefined>(undefined);

  const expire = async () => {
    if (!key) return;
    setState('submitting');
    setWarning(undefined);
    const result = await expirePermit.mutateAsync(key);
    if (result.ok) {
      confirmDone(
        t('permitExpire.done', {
          registration: permit.data?.vehicleRegistration ?? '',
          site: permit.data?.site_SiteGroupNumber ?? '',
        }),
      );
      navigate(listPath);
      return;
    }
    const failure = failureOf(result.status);
    setState(failure.state);
    if (failure.state === 'idle') setWarning(t(`permitExpire.${failure.messageKey}`));
  };

  const body = (() => {
    if (!key || permit.isError) {
      return (
        <Alert color="yellow" role="alert">
          {t('permitExpire.loadFailed')}{' '}
          <Anchor component={Link} to={listPath}>
            {t('permitExpire.backToPermits')}
          </Anchor>
        </Alert>
      );
    }
    if (!permit.data) return <Loader size="sm" aria-label={t('common.loading')} />;
    // A permit that is upcoming or over cannot be expired: say so before the user tries.
    const shownWarning = warning ?? (canExpire(permit.data) ? undefined : t('permitExpire.notCurrent'));
    return (
      <>
        <FormFeedback
          feedback={{ state, problemMessages: shownWarning ? [shownWarning] : [] }}
          failedMessage={t('permitExpire.failed')}
        />
        <PermitDetails permit={permit.data} />
        <Text>{t('permitExpire.question')}</Text>
        <Group>
          <Button component={Link} to={listPath} variant="default">
            {t('permitExpire.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => void expire()}
            loading={state === 'submitting'}
            disabled={!canExpire(permit.data)}
          >
            {t('permitExpire.confirm')}
          </Button>
        </Group>
      </>
    );
  })();

  return (
    <Stack maw={640}>
      <Title order={2} data-page-heading>
        {t('permitExpire.title')}
      </Title>
      {body}
    </Stack>
  );
}
