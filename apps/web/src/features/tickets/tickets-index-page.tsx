import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useUserInfo } from '../../lib/user-info';
import { ticketsEntryPath } from './tickets-entry';

/** /tickets has no page of its own: it sends the user to the first page they can use. */
export function TicketsIndexPage() {
  const { t } = useTranslation();
  const userInfo = useUserInfo().data;
  if (!userInfo) return <Loader size="sm" aria-label={t('common.loading')} />;
  return <Navigate to={ticketsEntryPath(userInfo)} replace />;
}
