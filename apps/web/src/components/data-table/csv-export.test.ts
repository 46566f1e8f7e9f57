import { describe, expect, it } from 'vitest';
import { buildCsv, exportFileName } from './csv-export';
import type { DataTableColumn } from './data-table-types';

interface Row {
  site: string;
  driver: string | null;
}

const columns: DataTableColumn<Row>[] = [
  { id: 'site', header: 'Site', accessor: (r) => r.site },
  { id: 'driver', header: 'Driver', accessor: (r) => r.driver },
  { id: 'secret', header: 'Hidden', accessor: () => 'x', exportable: false },
  { id: 'actions', header: 'Actions', cell: () => 'Edit' },
];

describe('buildCsv', () => {
  it('omits non-exportable and action columns and neutralises formulas', () => {
    const csv = buildCsv(columns, [
      { site: '123', driver: '=HYPERLINK("x")' },
      { site: '456', driver: null },
    ]);
    expect(csv.split('\r\n')).toEqual(['Site,Driver', '123,"\'=HYPERLINK(""x"")"', '456,']);
  });

  it('neutralises and quotes a formula after a ; or a tab, and full-width triggers', () => {
    const csv = buildCsv(columns, [
      { site: 'x;=1+1', driver: 'x\t@SUM(1)' },
      { site: '＝1+1', driver: 'a;＋1' },
    ]);
    expect(csv.split('\r\n')).toEqual(['Site,Driver', '"x;\'=1+1","x\t\'@SUM(1)"', '\'＝1+1,"a;\'＋1"']);
  });
});

describe('exportFileName', () => {
  it('is clientportal-export-{timestamp}.csv, in UK time (an hour ahead of UTC in summer)', () => {
    expect(exportFileName(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe(
      'clientportal-export-20240102030405.csv',
    );
    expect(exportFileName(new Date(Date.UTC(2024, 6, 2, 23, 4, 5)))).toBe(
      'clientportal-export-20240703000405.csv',
    );
  });
});
