import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SortState } from './data-table-types';

interface CardSortProps {
  /** The sortable columns: id and translated header. */
  columns: readonly { id: string; header: string }[];
  sort: SortState | undefined;
  onSortChange(sort: SortState): void;
}

const sortValue = (sort: SortState) => `${sort.id}:${sort.desc ? 'desc' : 'asc'}`;

/**
 * On a phone the rows are cards with no column headers to click, so the same sorts are offered in
 * one select: each sortable column, ascending and descending.
 */
export function CardSort({ columns, sort, onSortChange }: CardSortProps) {
  const { t } = useTranslation();
  const data = columns.flatMap((column) => [
    {
      value: sortValue({ id: column.id, desc: false }),
      label: t('table.sortAscending', { column: column.header }),
    },
    {
      value: sortValue({ id: column.id, desc: true }),
      label: t('table.sortDescending', { column: column.header }),
    },
  ]);
  return (
    <NativeSelect
      label={t('table.sortCards')}
      data={sort ? data : [{ value: '', label: t('table.unsorted') }, ...data]}
      value={sort ? sortValue(sort) : ''}
      onChange={(event) => {
        const [id, direction] = event.currentTarget.value.split(':');
        if (id) onSortChange({ id, desc: direction === 'desc' });
      }}
    />
  );
}
