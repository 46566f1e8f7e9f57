import { type Permit, ukDate, ukLastDayBefore } from '@client-portal/contract';
import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Site, registration, driver, type and dates of one permit, as label and value pairs. */
export function PermitDetails({ permit }: { permit: Permit }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('permitExpire.site'), permit.site_SiteGroupNumber],
    [t('permitExpire.vehicleRegistration'), permit.vehicleRegistration],
    [t('permitExpire.driverName'), permit.driverName],
    [t('permitExpire.type'), permit.isTemp ? t('permits.types.temporary') : t('permits.types.permanent')],
    [t('permitExpire.started'), ukDate(permit.started)],
    [t('permitExpire.ended'), ukLastDayBefore(permit.ended)],
  ];
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
