import type { table as english } from '../en/table';
import type { WelshTable } from '../welsh-table';

export const table: WelshTable<typeof english> = {
  loading: 'Wrthi’n llwytho {{data}}…',
  failed: 'Methwyd â llwytho {{data}}.',
  retry: 'Ceisio eto',
  empty: 'Ni chafwyd unrhyw ganlyniadau ar gyfer yr ymholiad hwn.',
  summary: 'Yn dangos {{from}}–{{to}} o {{total}}',
  export: 'Allforio',
  /** The server's workbook of the whole list, beside the text file for Excel (decision 34). */
  exportWorkbook: 'Allforio llyfr gwaith Excel',
  emptyCell: '-',
  pager: 'Tudalennau',
  previousPage: 'Tudalen flaenorol',
  nextPage: 'Tudalen nesaf',
  page: 'Tudalen {{page}}',
  sortBy: 'Trefnu yn ôl {{column}}',
  sortCards: 'Trefnu yn ôl',
  sortAscending: '{{column}}, esgynnol',
  sortDescending: '{{column}}, disgynnol',
  unsorted: 'Heb ei drefnu',
};
