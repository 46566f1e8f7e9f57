import { type PermitUpload, permitUploadKeySchema, ukDateTime } from '@client-portal/contract';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { confirmDone, FormFeedback, type FormState } from '../../components/form-feedback';
import { usePageTitle } from '../../lib/use-page-title';
import { usePermitUpload, useTakeBackUpload } from './api/permit-upload';
import { permitEndingFailure } from './permit-ending-failure';
import { permitListPath } from './permit-list-params';

/** Whether the upload may still be taken back at `now` (the server answers 409 otherwise). */
export function canTakeBack(upload: PermitUpload, now: number = Date.now()): boolean {
  return !upload.takenBackAt && now < Date.parse(upload.takeBackUntil);
}

/**
 * uploads/{uploadId}: a bulk upload added by mistake, taken back in one go within its first hour
 * (issue 24): says how many permits and until when, asks, cancels them all and returns to the list.
 */
export function TakeBackUploadPage() {
  const { t } = useTranslation();
  usePageTitle(t('permitUpload.title'));
  const navigate = useNavigate();
  const { search } = useLocation();
  const listPath = permitListPath(search);
  const params = permitUploadKeySchema.safeParse(useParams());
  const uploadId = params.success ? params.data.uploadId : undefined;
  const upload = usePermitUpload(uploadId);
  const takeBack = useTakeBackUpload();
  const [state, setState] = useState<FormState>('idle');
  const [warning, setWarning] = useState<string | undefined>(undefined);

  const confirm = async () => {
    if (!uploadId || !upload.data) return;
    setState('submitting');
    setWarning(undefined);
    const result = await takeBack.mutateAsync(uploadId);
    if (result.ok) {
      confirmDone(t('permitUpload.done', { count: upload.data.permitCount }));
      navigate(listPath);
      return;
    }
    const failure = permitEndingFailure(result.status, {
      notFound: t('permitUpload.loadFailed'),
      conflict: t('permitUpload.conflict'),
    });
    setState(failure.state);
    setWarning(failure.warning);
    // Gone or already taken back: show the upload as it is now.
    if (failure.warning) void upload.refetch();
  };

  const body = (() => {
    if (!uploadId || upload.isError) {
      return (
        <Alert color="yellow" role="alert">
          {t('permitUpload.loadFailed')}{' '}
          <Anchor component={Link} to={listPath}>
            {t('permitUpload.backToPermits')}
          </Anchor>
        </Alert>
      );
    }
    if (!upload.data) return <Loader size="sm" aria-label={t('common.loading')} />;
    const u = upload.data;
    const open = canTakeBack(u);
    const until = ukDateTime(u.takeBackUntil);
    const why = u.takenBackAt
      ? t('permitUpload.takenBack', {
          at: ukDateTime(u.takenBackAt),
          by: u.takenBackBy ?? t('permitUpload.unknownUser'),
        })
      : open
        ? undefined
        : t('permitUpload.tooLate', { until });
    const shown = warning ?? why;
    return (
      <>
        <FormFeedback
          feedback={{ state, problemMessages: shown ? [shown] : [] }}
          failedMessage={t('permitUpload.failed')}
        />
        <Text>
          {t('permitUpload.summary', {
            count: u.permitCount,
            addedAt: ukDateTime(u.addedAt),
            addedBy: u.addedBy ?? t('permitUpload.unknownUser'),
          })}
        </Text>
        {open && <Text>{t('permitUpload.question', { until })}</Text>}
        <Group>
          <Button component={Link} to={listPath} variant="default">
            {t(open ? 'permitUpload.back' : 'permitUpload.backToPermits')}
          </Button>
          {open && (
            <Button color="red" onClick={() => void confirm()} loading={state === 'submitting'}>
              {t('permitUpload.confirm', { count: u.permitCount })}
            </Button>
          )}
        </Group>
      </>
    );
  })();

  return (
    <Stack maw={640}>
      <Title order={1}>{t('permitUpload.title')}</Title>
      {body}
    </Stack>
  );
}
