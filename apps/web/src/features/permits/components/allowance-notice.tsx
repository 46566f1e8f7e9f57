import { fullAllowances } from '@client-portal/contract';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAllowanceUse } from '../../../lib/allowance-use';
import { useSupportContact } from '../../../lib/support-contact';

/**
 * Says, as soon as a site is chosen (a clerk's only site at once), that its allowance of a kind of
 * permit is full: before anything else is typed, not after the add is refused (issue 24).
 */
export function AllowanceNotice({ site }: { site: string | undefined }) {
  const { t } = useTranslation();
  const use = useAllowanceUse(site);
  const contact = useSupportContact();
  const own = use.data?.[0];
  if (!own) return null;
  const full = fullAllowances(own);
  if (full.length === 0) return null;
  return (
    <Alert color="yellow" title={t('permitAdd.allowanceFull.heading')} role="status">
      {full.map((kind) => (
        <p key={kind} style={{ margin: 0 }}>
          {t(`permitAdd.allowanceFull.${kind}`, {
            site: own.site_SiteGroupNumber,
            used: String(own[kind === 'temporary' ? 'temporaryInUse' : 'permanentInUse']),
            cap: String(own[kind === 'temporary' ? 'temporaryAllowance' : 'permanentAllowance'] ?? 0),
          })}
        </p>
      ))}
      <p style={{ margin: 0 }}>
        {t('permitAdd.allowanceFull.what', { phone: contact.phone, email: contact.email })}
      </p>
    </Alert>
  );
}
