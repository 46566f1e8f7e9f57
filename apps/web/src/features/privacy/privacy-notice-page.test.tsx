import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppConfigProvider } from '../../lib/app-config-context';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { PrivacyNoticePage } from './privacy-notice-page';

function renderPage(entries: Record<string, string>) {
  const fetch = async () => jsonResponse({ title: 'Not Found', status: 404 }, 404);
  const config = { entries, expiresAt: Date.now() + 300_000, expiresIn: 300, version: '7.3.1' };
  return renderWithProviders(
    <MemoryRouter>
      <AppConfigProvider initial={config}>
        <PrivacyNoticePage />
      </AppConfigProvider>
    </MemoryRouter>,
    { api: testApiClient(fetch as typeof globalThis.fetch) },
  );
}

describe('PrivacyNoticePage', () => {
  it('states the retention periods of the live settings', () => {
    renderPage({
      RetentionCameraReadDays: '14',
      RetentionPermitMonths: '18',
      RetentionTransactionMonths: '1',
      RetentionAuditMonths: '24',
      RetentionNotificationMonths: '6',
      SupportEmail: 'dpo@operator.example',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();
    const figures = screen.getByTestId('retention-figures');
    expect(figures).toHaveTextContent('Camera reads with no open parking charge: 14 days.');
    expect(figures).toHaveTextContent('driver’s name for 18 months.');
    expect(figures).toHaveTextContent('Parking payments keep the registration for 1 month.');
    expect(figures).toHaveTextContent('Notifications: 6 months.');
    expect(screen.getByRole('link', { name: 'dpo@operator.example' })).toHaveAttribute(
      'href',
      'mailto:dpo@operator.example',
    );
  });

  it("falls back to the contract's defaults when the config lacks them", () => {
    renderPage({});
    expect(screen.getByTestId('retention-figures')).toHaveTextContent(
      'Camera reads with no open parking charge: 30 days.',
    );
  });
});
