import { PERMIT_UPLOAD_TAKE_BACK_MS, permitKeySchema } from '@client-portal/contract';
import { Alert, Anchor, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { useHasAnyFeature } from '../../lib/user-info';
import { usePermit } from './api/get-permit';
import { usePermitHistory } from './api/get-permit-history';
import { PermitDetails } from './components/permit-details';
import { PermitHistoryTable } from './components/permit-history-table';
import classes from './permit-detail-page.module.css';
import { canCancel, canExpire } from './permit-expiry';
import { permitListPath, permitListSearch } from './permit-list-params';

/**
 * view/{type}/{permitId}: one permit and its history (who, when, field, from, to), printable on one
 * A4 page; Edit for a user holding Permits.Edit while the permit has not ended; Expire (running) or
 * Cancel (not started) for Permits.Disable, and taking back its whole upload in the upload's first hour.
 */
export function PermitDetailPage() {
  const { t } = useTranslation();
  usePageTitle(t('permitDetail.title'));
  const { search } = useLocation();
  const listPath = permitListPath(search);
  const params = permitKeySchema.safeParse(useParams());
  const key = params.success ? params.data : undefined;
  const permit = usePermit(key);
  const history = usePermitHistory(key);
  const mayEdit = useHasAnyFeature('Permits.Edit');
  const mayEnd = useHasAnyFeature('Permits.Disable');
  // ?print=1 (the "Print proof of registration" link after an add): print once the permit is shown.
  const printWanted = new URLSearchParams(search).get('print') === '1';
  const printed = useRef(false);
  const loaded = Boolean(permit.data);
  useEffect(() => {
    if (printWanted && loaded && !printed.current) {
      printed.current = true;
      window.print();
    }
  }, [printWanted, loaded]);

  const body = (() => {
    if (!key || permit.isError) {
      return (
        <Alert color="yellow" role="alert">
          {t('permitDetail.loadFailed')}{' '}
          <Anchor component={Link} to={listPath}>
            {t('permitDetail.backToPermits')}
          </Anchor>
        </Alert>
      );
    }
    if (!permit.data) return <Loader size="sm" aria-label={t('common.loading')} />;
    const editable = mayEdit && Date.parse(permit.data.ended) > Date.now();
    const listSearch = permitListSearch(search);
    const path = `${key.type}/${key.permitId}${listSearch}`;
    // The hour in which an upload may be taken back runs from when it was added (the server decides).
    const uploadOpen =
      mayEnd &&
      permit.data.uploadId !== null &&
      Date.now() < Date.parse(permit.data.addedAt) + PERMIT_UPLOAD_TAKE_BACK_MS;
    return (
      <>
        <PermitDetails permit={permit.data} />
        <Group data-print-hide>
          <Button variant="default" onClick={() => window.print()}>
            {t('permitDetail.print')}
          </Button>
          {editable && (
            <Button component={Link} to={`/permits/edit/${path}`}>
              {t('permitDetail.edit')}
            </Button>
          )}
          {mayEnd && canExpire(permit.data) && (
            <Button component={Link} to={`/permits/disable/${path}`} color="red" variant="outline">
              {t('permitDetail.expire')}
            </Button>
          )}
          {mayEnd && canCancel(permit.data) && (
            <Button component={Link} to={`/permits/cancel/${path}`} color="red" variant="outline">
              {t('permitDetail.cancel')}
            </Button>
          )}
          {uploadOpen && (
            <Anchor component={Link} to={`/permits/uploads/${permit.data.uploadId}${listSearch}`}>
              {t('permitUpload.offerFromPermit')}
            </Anchor>
          )}
          <Anchor component={Link} to={listPath}>
            {t('permitDetail.backToPermits')}
          </Anchor>
        </Group>
        <Title order={2}>{t('permitDetail.history.heading')}</Title>
        {history.isError ? (
          <Alert color="yellow" role="alert">
            {t('permitDetail.history.loadFailed')}
          </Alert>
        ) : history.data ? (
          <PermitHistoryTable history={history.data} />
        ) : (
          <Loader size="sm" aria-label={t('common.loading')} />
        )}
      </>
    );
  })();

  return (
    <Stack className={classes.printable} data-permit-print>
      <Title order={1}>{t('permitDetail.title')}</Title>
      {body}
    </Stack>
  );
}
