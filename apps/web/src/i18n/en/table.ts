export const table = {
  loading: 'Loading {{data}}…',
  failed: 'Failed to retrieve {{data}}.',
  retry: 'Retry',
  empty: 'There were no results returned for this query.',
  summary: 'Showing {{from}}–{{to}} of {{total}}',
  export: 'Export',
  emptyCell: '-',
  pager: 'Pages',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: 'Page {{page}}',
  sortBy: 'Sort by {{column}}',
} as const;
