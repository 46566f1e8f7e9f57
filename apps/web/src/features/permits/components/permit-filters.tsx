import {
  PERMIT_SEARCH_MAX,
  PERMIT_SEARCH_MIN,
  type PermitState,
  permitStates,
  type Site,
} from '@client-portal/contract';
import { Checkbox, Select, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DebouncedSearchInput } from '../../../components/debounced-search-input';
import { ALL_SITES, isAllSites, SitePicker } from '../../../components/site-picker';
import { useUserInfo } from '../../../lib/user-info';
import { ALL_SITES_PARAM, type PermitListParams } from '../permit-list-params';

const ALL_STATES = 'all';

interface Props {
  value: PermitListParams;
  onChange(value: PermitListParams): void;
}

export function PermitFilters({ value, onChange }: Props) {
  const { t } = useTranslation();
  const userInfo = useUserInfo().data;

  // A link's exact registration shows in the search box too; typing replaces it with a search.
  const search = value.q ?? value.vehicleRegistration ?? '';

  const site = ((): Site[] => {
    if (!value.siteNumber) return [];
    if (value.siteNumber === ALL_SITES_PARAM) return [ALL_SITES];
    const own = userInfo?.sites.find((s) => s.siteNumber === value.siteNumber);
    return [own ?? { siteNumber: value.siteNumber, name: '' }];
  })();

  const stateOptions = [
    { value: ALL_STATES, label: t('permits.filters.allStates') },
    ...permitStates.map((state) => ({ value: state, label: t(`permits.states.${state}`) })),
  ];

  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Select
          label={t('permits.filters.state')}
          data={stateOptions}
          value={value.state ?? ALL_STATES}
          allowDeselect={false}
          onChange={(state) =>
            onChange({
              ...value,
              state: !state || state === ALL_STATES ? undefined : (state as PermitState),
            })
          }
          comboboxProps={{ withinPortal: false }}
        />
        <SitePicker
          label={t('permits.filters.site')}
          allowAllSites
          value={site}
          onChange={([picked]) =>
            onChange({
              ...value,
              siteNumber: !picked ? undefined : isAllSites(picked) ? ALL_SITES_PARAM : picked.siteNumber,
            })
          }
        />
        <DebouncedSearchInput
          label={t('permits.filters.search')}
          description={t('permits.filters.searchHint')}
          tooShortDescription={t('permits.filters.searchTooShort')}
          minLength={PERMIT_SEARCH_MIN}
          placeholder={t('permits.filters.searchPlaceholder')}
          maxLength={PERMIT_SEARCH_MAX}
          value={search}
          onSearch={(q) => onChange({ ...value, q: q || undefined, vehicleRegistration: undefined })}
        />
      </SimpleGrid>
      <Checkbox
        label={t('permits.filters.notSeen')}
        checked={value.notSeen ?? false}
        onChange={(event) => onChange({ ...value, notSeen: event.currentTarget.checked || undefined })}
      />
    </Stack>
  );
}
