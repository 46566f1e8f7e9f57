import {
  type Permit,
  type PermitDetail,
  permitStateOf,
  ukDate,
  ukDateTime,
  ukLastDayBefore,
} from '@client-portal/contract';
import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reasonLabel } from './reason-label';

const isDetail = (permit: Permit | PermitDetail): permit is PermitDetail => 'duration' in permit;

/**
 * Site, registration, driver, type, state and dates of one permit, as label and value pairs; with the
 * detail (GET of one permit) also its duration, reason, who authorised and who added it.
 */
export function PermitDetails({ permit }: { permit: Permit | PermitDetail }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('permitExpire.reference'), permit.reference],
    [t('permitExpire.site'), permit.site_SiteGroupNumber],
    [t('permitExpire.vehicleRegistration'), permit.vehicleRegistration],
    [t('permitExpire.driverName'), permit.driverName],
    [
      t('permitExpire.type'),
      // A visitor's permit names the visitor link it came through (decision 47); otherwise the detail
      // names the duration (Custom too), the list row only temporary or permanent.
      permit.visitorLink
        ? t('permits.types.visitorOfLink', { link: permit.visitorLink })
        : isDetail(permit)
          ? t(`permitAdd.durations.${permit.duration}`)
          : permit.isTemp
            ? t('permits.types.temporary')
            : t('permits.types.permanent'),
    ],
    [
      t('permitExpire.state'),
      permit.cancelledAt
        ? `${t('permits.states.cancelled')}, ${ukDateTime(permit.cancelledAt)}`
        : t(`permits.states.${permitStateOf(permit)}`),
    ],
    [t('permitExpire.started'), ukDate(permit.started)],
    // A cancelled permit never ran: it has no end date of its own.
    [t('permitExpire.ended'), permit.cancelledAt ? '–' : ukLastDayBefore(permit.ended)],
  ];
  if (isDetail(permit)) {
    rows.push(
      [t('permitDetail.reason'), reasonLabel(t, permit.reason)],
      [t('permitDetail.authorisedBy'), permit.authorisedBy ?? '–'],
      [t('permitDetail.addedBy'), permit.addedBy ?? t('permitDetail.unknownUser')],
      [t('permitDetail.addedAt'), ukDateTime(permit.addedAt)],
    );
  }
  return (
    <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={4} maw={520} m={0}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <Text component="dt" fw={600} size="sm">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
