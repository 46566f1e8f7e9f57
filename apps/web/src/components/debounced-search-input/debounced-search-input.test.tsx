import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DebouncedSearchInput, SEARCH_DEBOUNCE_MS } from './debounced-search-input';

const box = () => screen.getByRole('searchbox', { name: 'Search' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const pause = (ms = SEARCH_DEBOUNCE_MS) => act(() => vi.advanceTimersByTime(ms));

function renderBox(props: { value?: string; minLength?: number } = {}) {
  const onSearch = vi.fn();
  const ui = (value: string) => (
    <DebouncedSearchInput
      label="Search"
      value={value}
      onSearch={onSearch}
      minLength={props.minLength}
      description="Part of a plate"
      tooShortDescription="Type at least 3 characters"
    />
  );
  const view = renderWithProviders(ui(props.value ?? ''));
  return { onSearch, rerender: (value: string) => view.rerender(ui(value)) };
}

describe('DebouncedSearchInput', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the trimmed text once, after a pause in typing', () => {
    const { onSearch } = renderBox();
    type('A');
    type('AB1');
    pause(SEARCH_DEBOUNCE_MS - 1);
    expect(onSearch).not.toHaveBeenCalled();
    type(' AB12 ');
    pause();
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('AB12');
    expect(box()).toHaveValue(' AB12 ');
  });

  it('does not send what the list already has, and sends an emptied box', () => {
    const { onSearch } = renderBox({ value: 'AB12' });
    type('AB12 ');
    pause();
    expect(onSearch).not.toHaveBeenCalled();
    type('');
    pause();
    expect(onSearch).toHaveBeenCalledWith('');
  });

  it('holds back a search shorter than the minimum and says why', () => {
    const { onSearch } = renderBox({ minLength: 3 });
    expect(screen.getByText('Part of a plate')).toBeInTheDocument();
    type('AB');
    pause();
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByText('Type at least 3 characters')).toBeInTheDocument();
    type('AB1');
    pause();
    expect(onSearch).toHaveBeenCalledWith('AB1');
    expect(screen.getByText('Part of a plate')).toBeInTheDocument();
  });

  it('refills the box when the list search changes from elsewhere, without sending it back', () => {
    const { onSearch, rerender } = renderBox({ value: 'AB12' });
    expect(box()).toHaveValue('AB12');
    rerender('CD34');
    expect(box()).toHaveValue('CD34');
    pause();
    expect(onSearch).not.toHaveBeenCalled();
  });
});
