import {
  PERMIT_SEARCH_MAX,
  PERMIT_SEARCH_MIN,
  type PermitState,
  permitStates,
  type Site,
} from '@client-portal/contract';
import { Checkbox, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_SITES, isAllSites, SitePicker } from '../../../components/site-picker';
import { useUserInfo } from '../../../lib/user-info';
import { ALL_SITES_PARAM, type PermitListParams } from '../permit-list-params';

/** A short pause after typing in the search box, so a whole word fetches once. */
export const SEARCH_DEBOUNCE_MS = 300;

const ALL_STATES = 'all';

interface Props {
  value: PermitListParams;
  onChange(value: PermitListParams): void;
}

export function PermitFilters({ value, onChange }: Props) {
  const { t } = useTranslation();
  const userInfo = useUserInfo().data;

  // The typed search lives here and reaches the query string after a pause, once it is long enough to
  // search with. `pushed` is the last value this box sent, so a change of the query string from
  // elsewhere (back, a link) refills the box. A link's exact registration shows here too; typing
  // replaces it with a search.
  const urlSearch = value.q ?? value.vehicleRegistration ?? '';
  const [typed, setTyped] = useState(urlSearch);
  const [debounced] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const pushed = useRef(urlSearch);
  useEffect(() => {
    if (urlSearch !== pushed.current) {
      pushed.current = urlSearch;
      setTyped(urlSearch);
    }
  }, [urlSearch]);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const tooShort = debounced.length > 0 && debounced.length < PERMIT_SEARCH_MIN;
  useEffect(() => {
    if (debounced === pushed.current || tooShort) return;
    pushed.current = debounced;
    latest.current.onChange({
      ...latest.current.value,
      q: debounced || undefined,
      vehicleRegistration: undefined,
    });
  }, [debounced, tooShort]);

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
        <TextInput
          label={t('permits.filters.search')}
          description={tooShort ? t('permits.filters.searchTooShort') : t('permits.filters.searchHint')}
          placeholder={t('permits.filters.searchPlaceholder')}
          type="search"
          maxLength={PERMIT_SEARCH_MAX}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
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
