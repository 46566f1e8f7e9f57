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
import { useTranslation } from 'react-i18next';
import { DebouncedSearchInput } from '../../../components/debounced-search-input';
import { ALL_SITES, isAllSites, SitePicker } from '../../../components/site-picker';
import { useUserInfo } from '../../../lib/user-info';

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
      <DebouncedSearchInput
        label={t('tickets.list.filters.search')}
        placeholder={t('tickets.list.filters.searchPlaceholder')}
        maxLength={TICKET_SEARCH_MAX}
        value={value.search ?? ''}
        onSearch={(search) => onChange({ ...value, search: search || undefined })}
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
