import {
  ALL_SITES_PARAM,
  isIsoDay,
  type Site,
  TICKET_SEARCH_MAX,
  type TicketListQuery,
  type TicketStatusFilter,
  ticketStatusFilters,
} from '@client-portal/contract';
import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_SITES, isAllSites, SitePicker } from '../../../components/site-picker';
import { useUserInfo } from '../../../lib/user-info';

/** A short pause after typing a number or plate, so a whole one fetches once. */
const SEARCH_DEBOUNCE_MS = 300;
const ALL_STATUSES = 'all';

/** The list's filters: its state (ticketListQuerySchema, kept in the address) less the sort and paging. */
export type TicketListFilters = Pick<
  TicketListQuery,
  'status' | 'siteNumber' | 'from' | 'to' | 'search' | 'covered'
>;

interface Props {
  value: TicketListFilters;
  onChange(value: TicketListFilters): void;
}

export function TicketListFilterFields({ value, onChange }: Props) {
  const { t } = useTranslation();
  const userInfo = useUserInfo().data;

  // The typed search lives here and reaches the address after a pause; `pushed` is the last value sent,
  // so a change of the address from elsewhere (Back, a link) refills the box.
  const urlSearch = value.search ?? '';
  const [search, setSearch] = useState(urlSearch);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const pushed = useRef(urlSearch);
  useEffect(() => {
    if (urlSearch !== pushed.current) {
      pushed.current = urlSearch;
      setSearch(urlSearch);
    }
  }, [urlSearch]);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  useEffect(() => {
    const trimmed = debounced.trim();
    if (trimmed === pushed.current) return;
    pushed.current = trimmed;
    latest.current.onChange({ ...latest.current.value, search: trimmed || undefined });
  }, [debounced]);

  const site = ((): Site[] => {
    if (!value.siteNumber) return [];
    if (value.siteNumber === ALL_SITES_PARAM) return [ALL_SITES];
    const own = userInfo?.sites.find((s) => s.siteNumber === value.siteNumber);
    return [own ?? { siteNumber: value.siteNumber, name: '' }];
  })();

  const statusOptions = [
    { value: ALL_STATUSES, label: t('tickets.list.filters.allStatuses') },
    ...ticketStatusFilters.map((status) => ({ value: status, label: t(`tickets.list.status.${status}`) })),
  ];
  const day = (text: string) => (isIsoDay(text) ? text : undefined);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="search" aria-label={t('tickets.list.filters.label')}>
      <TextInput
        label={t('tickets.list.filters.search')}
        placeholder={t('tickets.list.filters.searchPlaceholder')}
        type="search"
        maxLength={TICKET_SEARCH_MAX}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Select
        label={t('tickets.list.filters.status')}
        data={statusOptions}
        value={value.status ?? ALL_STATUSES}
        allowDeselect={false}
        onChange={(status) =>
          onChange({
            ...value,
            status: !status || status === ALL_STATUSES ? undefined : (status as TicketStatusFilter),
          })
        }
        comboboxProps={{ withinPortal: false }}
      />
      <SitePicker
        label={t('tickets.list.filters.site')}
        siteOnly
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
        label={t('tickets.list.filters.from')}
        type="date"
        value={value.from ?? ''}
        max={value.to}
        onChange={(event) => onChange({ ...value, from: day(event.currentTarget.value) })}
      />
      <TextInput
        label={t('tickets.list.filters.to')}
        type="date"
        value={value.to ?? ''}
        min={value.from}
        onChange={(event) => onChange({ ...value, to: day(event.currentTarget.value) })}
      />
      <Checkbox
        label={t('tickets.list.filters.covered')}
        checked={value.covered ?? false}
        onChange={(event) => onChange({ ...value, covered: event.currentTarget.checked || undefined })}
        style={{ alignSelf: 'end' }}
      />
    </SimpleGrid>
  );
}
