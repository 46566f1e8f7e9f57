import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actAsPhone } from '../../test/phone';
import { renderWithProviders } from '../../test/render';
import { DataTable } from './data-table';
import type { DataTableColumn } from './data-table-types';

interface Permit {
  id: number;
  site: string;
  vrm: string;
  driver: string | null;
}

const rows: Permit[] = Array.from({ length: 35 }, (_, i) => ({
  id: i + 1,
  site: `Site ${String(i + 1).padStart(2, '0')}`,
  vrm: i === 0 ? '=cmd' : `AB${i + 1}`,
  driver: i % 2 === 0 ? null : `Driver ${i + 1}`,
}));

const columns: DataTableColumn<Permit>[] = [
  { id: 'site', header: 'Site', accessor: (r) => r.site },
  { id: 'vrm', header: 'Registration', accessor: (r) => r.vrm },
  { id: 'driver', header: 'Driver', accessor: (r) => r.driver, exportable: false },
  { id: 'actions', header: 'Actions', cell: (r) => <a href={`/permits/${r.id}`}>Edit</a> },
];

// jsdom's Blob has no text().
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1] as HTMLElement).getAllByRole('row');
const firstCell = () => within(bodyRows()[0] as HTMLElement).getAllByRole('cell')[0]?.textContent;

describe('DataTable', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows 10 rows a page, a summary, and at most 5 page links', async () => {
    const { user } = renderWithProviders(
      <DataTable columns={columns} data={rows} loadState="loaded" dataName="permits" />,
    );
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Showing 1–10 of 35')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getAllByRole('button', { name: /^Page / })).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByText('Showing 11–20 of 35')).toBeInTheDocument();
    expect(firstCell()).toBe('Site 11');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Showing 31–35 of 35')).toBeInTheDocument();
  });

  it('limits the pager to 5 links', () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ ...rows[0]!, id: i, site: `S${i}` }));
    renderWithProviders(<DataTable columns={columns} data={many} loadState="loaded" dataName="permits" />);
    expect(screen.getAllByRole('button', { name: /^Page / })).toHaveLength(5);
  });

  it('sorts by the default sort and toggles on header click', async () => {
    const { user } = renderWithProviders(
      <DataTable
        columns={columns}
        data={rows}
        loadState="loaded"
        dataName="permits"
        defaultSort={{ id: 'site', desc: true }}
      />,
    );
    expect(firstCell()).toBe('Site 35');
    expect(screen.getByRole('columnheader', { name: /Site/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: /^Site/ }));
    expect(firstCell()).toBe('Site 01');
    expect(screen.queryByRole('button', { name: /^Actions/ })).not.toBeInTheDocument();
  });

  it('on a phone shows cards and offers the same sorts in a select', async () => {
    actAsPhone();
    const { user } = renderWithProviders(
      <DataTable
        columns={columns}
        data={rows}
        loadState="loaded"
        dataName="permits"
        defaultSort={{ id: 'site', desc: false }}
      />,
    );
    const cards = () => within(screen.getByRole('list', { name: 'permits' })).getAllByRole('listitem');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(cards()).toHaveLength(10);
    expect(cards()[0]).toHaveTextContent('Site 01');
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('site:asc');
    // Only sortable columns are offered (the action column has no value to sort on).
    expect(within(select).queryByRole('option', { name: /^Actions/ })).not.toBeInTheDocument();
    await user.selectOptions(select, 'Site, descending');
    expect(cards()[0]).toHaveTextContent('Site 35');
    await user.selectOptions(select, 'Registration, ascending');
    expect(cards()[0]).toHaveTextContent('=cmd');
  });

  it('shows a dash for empty cells', () => {
    renderWithProviders(<DataTable columns={columns} data={rows} loadState="loaded" dataName="permits" />);
    const cells = within(bodyRows()[0] as HTMLElement).getAllByRole('cell');
    expect(cells[2]).toHaveTextContent('-');
  });

  it('tints the rows it is asked to highlight', () => {
    renderWithProviders(
      <DataTable
        columns={columns}
        data={rows}
        loadState="loaded"
        dataName="permits"
        highlightRow={(r) => r.id === 2}
      />,
    );
    expect(bodyRows().map((row) => row.hasAttribute('data-highlighted'))).toEqual([
      false,
      true,
      ...Array(8).fill(false),
    ]);
  });

  it('says when there are no results', () => {
    renderWithProviders(<DataTable columns={columns} data={[]} loadState="loaded" dataName="permits" />);
    expect(screen.getByText('There were no results returned for this query.')).toBeInTheDocument();
  });

  it('shows loading, and failure with a Retry link', async () => {
    const onRetry = vi.fn();
    const { user, rerender } = renderWithProviders(
      <DataTable columns={columns} data={[]} loadState="loading" dataName="permits" onRetry={onRetry} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading permits…');
    rerender(
      <DataTable columns={columns} data={[]} loadState="failed" dataName="permits" onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to retrieve permits.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('exports the exportable columns of every row as a neutralised CSV', async () => {
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    let fileName = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    const { user } = renderWithProviders(
      <DataTable columns={columns} data={rows} loadState="loaded" dataName="permits" />,
    );
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(fileName).toMatch(/^clientportal-export-\d{14}\.csv$/);
    const lines = (await readBlob(blob!)).replace('\ufeff', '').split('\r\n');
    expect(lines[0]).toBe('Site,Registration');
    expect(lines[1]).toBe("Site 01,'=cmd");
    expect(lines).toHaveLength(36);
  });
});
