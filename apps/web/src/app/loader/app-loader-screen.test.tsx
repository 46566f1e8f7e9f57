import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AppLoaderScreen } from './app-loader-screen';

describe('AppLoaderScreen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a slow-load notice after 10 s and rotates its text every 30 s', () => {
    renderWithProviders(<AppLoaderScreen />);
    expect(screen.getByText('Loading Client Portal…')).toBeInTheDocument();
    expect(screen.queryByText(/taking longer/)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText(/taking longer than usual/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByText('Getting everything ready…')).toBeInTheDocument();
  });

  it('suggests reloading when start-up failed', () => {
    renderWithProviders(<AppLoaderScreen failed />);
    expect(screen.getByRole('alert')).toHaveTextContent('reload the page to try now');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });
});
