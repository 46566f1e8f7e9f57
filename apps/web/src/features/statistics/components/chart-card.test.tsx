import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ChartCard } from './chart-card';

interface Day {
  day: string;
  income: number;
}

const readBytes = (blob: Blob) =>
  new Promise<Uint8Array>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

describe('ChartCard CSV download', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads the chart data as UTF-8 with a byte order mark, so Excel reads £ and accents', async () => {
    let blob: Blob | undefined;
    let fileName = '';
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    const { user } = renderWithProviders(
      <ChartCard<Day>
        id="stays"
        title="Stays and income per day"
        summary="Income per day."
        chart={<p>chart</p>}
        columns={[
          { id: 'day', header: 'Day', accessor: (r) => r.day },
          { id: 'income', header: 'Income (£)', accessor: (r) => r.income },
        ]}
        rows={[{ day: 'Café day', income: 12.5 }]}
        fileName="statistics-stays-SG01.csv"
        asTable={false}
        onViewChange={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Download Stays and income per day as CSV' }));
    expect(fileName).toBe('statistics-stays-SG01.csv');
    expect(blob!.type).toBe('text/csv;charset=utf-8');
    const bytes = await readBytes(blob!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8').decode(bytes.subarray(3)).split('\r\n')).toEqual([
      'Day,Income (£)',
      'Café day,12.5',
    ]);
  });
});

describe('ChartCard table view', () => {
  const rows = Array.from({ length: 12 }, (_, i) => ({
    day: `Day ${String(i + 1).padStart(2, '0')}`,
    income: i,
  }));
  const renderTable = (address: string) => {
    const card = (
      <ChartCard<Day>
        id="stays"
        title="Stays and income per day"
        summary="Income per day."
        chart={<p>chart</p>}
        columns={[
          { id: 'day', header: 'Day', accessor: (r) => r.day },
          { id: 'income', header: 'Income (£)', accessor: (r) => r.income },
        ]}
        rows={rows}
        fileName="statistics-stays-SG01.csv"
        asTable
        onViewChange={() => {}}
      />
    );
    const router = createMemoryRouter([{ path: '/statistics', element: card }], {
      initialEntries: [address],
    });
    return { router, ...renderWithProviders(<RouterProvider router={router} />) };
  };
  const firstCells = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

  it('reads its sort and page from the address under the chart’s id (decision 28)', async () => {
    renderTable('/statistics?period=last-month&stays.sort=income&stays.direction=desc&stays.page=2');
    await waitFor(() => expect(firstCells()).toEqual(['Day 02', 'Day 01']));
    expect(screen.getByRole('columnheader', { name: /Income/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('writes a new sort and page to the address, keeping the page’s other choices', async () => {
    const { user, router } = renderTable('/statistics?period=last-month');
    expect(firstCells()[0]).toBe('Day 01');
    await user.click(screen.getByRole('button', { name: 'Income (£)' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?period=last-month&stays.sort=income&stays.direction=asc'),
    );
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toContain('stays.page=2'));
    expect(firstCells()).toEqual(['Day 11', 'Day 12']);
  });
});
