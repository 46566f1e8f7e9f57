import type { SiteComparison } from '@client-portal/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SiteComparisonSection } from './site-comparison-section';

const row = (site: string, stays: number, income: number): SiteComparison['rows'][number] => ({
  site,
  name: `Park ${site}`,
  stays,
  income,
  ticketsIssued: 2,
  chargesPer1000Stays: stays ? Math.round((2000 / stays) * 10) / 10 : null,
  cancellations: 1,
  cancellationUse: 25,
  reductions: 0,
  reductionUse: null,
});

const data: SiteComparison = {
  scope: { kind: 'group', number: 'SG01', name: 'Group One', sites: 3 },
  from: '2026-10-01',
  to: '2026-10-31',
  rows: [row('1001', 40, 13.5), row('1002', 400, 7), row('1003', 9, 120.25)],
};

const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const table = () => screen.getByRole('table', { name: 'Site comparison' });
const firstColumn = () =>
  within(within(table()).getAllByRole('rowgroup')[1] as HTMLElement)
    .getAllByRole('row')
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);

describe('site comparison table', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sorts by its figures as numbers, not text', async () => {
    const { user } = renderWithProviders(<SiteComparisonSection data={data} />);
    expect(firstColumn()).toEqual(['1001', '1002', '1003']);
    await user.click(within(table()).getByRole('button', { name: /^Stays/ }));
    expect(firstColumn()).toEqual(['1003', '1001', '1002']);
    await user.click(within(table()).getByRole('button', { name: /^Income/ }));
    expect(firstColumn()).toEqual(['1002', '1001', '1003']);
  });

  it('exports every row as CSV in the order shown', async () => {
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWithProviders(<SiteComparisonSection data={data} />);
    await user.click(within(table()).getByRole('button', { name: /^Stays/ }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const lines = (await readBlob(blob!)).replace('\ufeff', '').split('\r\n');
    expect(lines[0]).toBe(
      'Site,Name,Stays,Income (£),Charges issued,"Charges per 1,000 stays",Cancellations,' +
        'Cancellation allowance used (%),Reductions,Reduction allowance used (%)',
    );
    expect(lines.slice(1)).toEqual([
      '1003,Park 1003,9,120.25,2,222.2,1,25,0,',
      '1001,Park 1001,40,13.50,2,50,1,25,0,',
      '1002,Park 1002,400,7.00,2,5,1,25,0,',
    ]);
  });
});
