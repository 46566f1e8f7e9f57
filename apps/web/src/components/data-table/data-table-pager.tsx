import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pagerWindow } from './pager-window';

interface Props {
  pageIndex: number;
  pageCount: number;
  onPageChange(pageIndex: number): void;
}

/** Previous / next plus at most five numbered page links. */
export function DataTablePager({ pageIndex, pageCount, onPageChange }: Props) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const current = pageIndex + 1;
  return (
    <Group component="nav" aria-label={t('table.pager')} gap={4}>
      <Button
        variant="subtle"
        size="compact-sm"
        disabled={current === 1}
        onClick={() => onPageChange(pageIndex - 1)}
        aria-label={t('table.previousPage')}
      >
        ‹
      </Button>
      {pagerWindow(current, pageCount).map((page) => (
        <Button
          key={page}
          size="compact-sm"
          variant={page === current ? 'filled' : 'default'}
          aria-current={page === current ? 'page' : undefined}
          aria-label={t('table.page', { page: String(page) })}
          onClick={() => onPageChange(page - 1)}
        >
          {page}
        </Button>
      ))}
      <Button
        variant="subtle"
        size="compact-sm"
        disabled={current === pageCount}
        onClick={() => onPageChange(pageIndex + 1)}
        aria-label={t('table.nextPage')}
      >
        ›
      </Button>
    </Group>
  );
}
