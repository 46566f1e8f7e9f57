import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ConfirmationIndicator } from './confirmation-indicator';

function deferred() {
  let resolve!: (ok: boolean) => void;
  const promise = new Promise<boolean>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('ConfirmationIndicator', () => {
  it('shows a confirmed address without a resend button', () => {
    renderWithProviders(<ConfirmationIndicator emailConfirmed resend={vi.fn()} />);
    expect(screen.getByText('Confirmed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend email' })).not.toBeInTheDocument();
  });

  it('resends: not confirmed, then sending, then success', async () => {
    const call = deferred();
    const resend = vi.fn(() => call.promise);
    const { user } = renderWithProviders(<ConfirmationIndicator emailConfirmed={false} resend={resend} />);
    expect(screen.getByText('Not confirmed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(screen.getByText('Sending verification email...')).toBeInTheDocument();
    call.resolve(true);
    expect(
      await screen.findByText("Successfully sent verification email to the user's email address."),
    ).toBeInTheDocument();
    expect(resend).toHaveBeenCalledTimes(1);
  });

  it('offers Retry after a failure, and a thrown error counts as a failure', async () => {
    const resend = vi
      .fn<() => Promise<boolean>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(false);
    resend.mockResolvedValueOnce(true);
    const { user } = renderWithProviders(<ConfirmationIndicator emailConfirmed={false} resend={resend} />);
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Failed to send verification email.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Failed to send verification email.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText("Successfully sent verification email to the user's email address."),
    ).toBeInTheDocument();
    expect(resend).toHaveBeenCalledTimes(3);
  });
});
