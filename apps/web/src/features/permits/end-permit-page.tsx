import { permitKeySchema } from '@client-portal/contract';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { confirmDone, FormFeedback, type FormState } from '../../components/form-feedback';
import { usePageTitle } from '../../lib/use-page-title';
import { type PermitEnding, useEndPermit } from './api/end-permit';
import { usePermit } from './api/get-permit';
import { PermitDetails } from './components/permit-details';
import { permitEndingFailure } from './permit-ending-failure';
import { canCancel, canExpire } from './permit-expiry';
import { permitListPath } from './permit-list-params';

/** Each ending's table of words and the rule of which permits it applies to. */
const endings = {
  expire: { messages: 'permitExpire', applies: canExpire },
  cancel: { messages: 'permitCancel', applies: canCancel },
} as const;

/**
 * disable/{type}/{permitId} (expire a running permit) and cancel/{type}/{permitId} (take back one that
 * has not started): shows the permit, asks, ends it and returns to the list (Permits.Disable).
 */
export function EndPermitPage({ ending }: { ending: PermitEnding }) {
  const { t } = useTranslation();
  const { messages, applies } = endings[ending];
  usePageTitle(t(`${messages}.title`));
  const endPermit = useEndPermit();
  const navigate = useNavigate();
  const { search } = useLocation();
  const listPath = permitListPath(search);
  const params = permitKeySchema.safeParse(useParams());
  const key = params.success ? params.data : undefined;
  const permit = usePermit(key);
  const [state, setState] = useState<FormState>('idle');
  const [warning, setWarning] = useState<string | undefined>(undefined);

  const end = async () => {
    if (!key) return;
    setState('submitting');
    setWarning(undefined);
    const result = await endPermit.mutateAsync({ key, ending });
    if (result.ok) {
      confirmDone(
        t(`${messages}.done`, {
          registration: permit.data?.vehicleRegistration ?? '',
          site: permit.data?.site_SiteGroupNumber ?? '',
        }),
      );
      navigate(listPath);
      return;
    }
    const failure = permitEndingFailure(result.status, {
      notFound: t(`${messages}.notFound`),
      conflict: t(`${messages}.notApplicable`),
    });
    setState(failure.state);
    setWarning(failure.warning);
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
    // A permit in the wrong state for this ending: say so before the user tries.
    const applicable = applies(permit.data);
    const shownWarning = warning ?? (applicable ? undefined : t(`${messages}.notApplicable`));
    return (
      <>
        <FormFeedback
          feedback={{ state, problemMessages: shownWarning ? [shownWarning] : [] }}
          failedMessage={t(`${messages}.failed`)}
        />
        <PermitDetails permit={permit.data} />
        <Text>{t(`${messages}.question`)}</Text>
        <Group>
          <Button component={Link} to={listPath} variant="default">
            {t(`${messages}.back`)}
          </Button>
          <Button
            color="red"
            onClick={() => void end()}
            loading={state === 'submitting'}
            disabled={!applicable}
          >
            {t(`${messages}.confirm`)}
          </Button>
        </Group>
      </>
    );
  })();

  return (
    <Stack maw={640}>
      <Title order={1}>{t(`${messages}.title`)}</Title>
      {body}
    </Stack>
  );
}

export function ExpirePermitPage() {
  return <EndPermitPage ending="expire" />;
}

export function CancelPermitPage() {
  return <EndPermitPage ending="cancel" />;
}
