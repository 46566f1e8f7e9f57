import { describe, expect, it } from 'vitest';
import { pagerWindow, rowRange } from './pager-window';

describe('pagerWindow', () => {
  it('shows every page when there are at most five', () => {
    expect(pagerWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pagerWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres on the current page and stays full at the ends', () => {
    expect(pagerWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pagerWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('is empty without pages', () => {
    expect(pagerWindow(1, 0)).toEqual([]);
  });
});

describe('rowRange', () => {
  it('gives the 1-based rows shown', () => {
    expect(rowRange(1, 10, 35)).toEqual({ from: 11, to: 20, total: 35 });
    expect(rowRange(3, 10, 35)).toEqual({ from: 31, to: 35, total: 35 });
    expect(rowRange(0, 10, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
});
