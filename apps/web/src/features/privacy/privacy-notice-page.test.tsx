import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppConfigProvider } from '../../lib/app-config-context';
import { sessionFromLogin, sessionStore } from '../../lib/session';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { PrivacyNoticePage } from './privacy-notice-page';

const operator = {
  cameraReadDays: 30,
  permitMonths: 24,
  transactionMonths: 13,
  auditMonths: 24,
  notificationMonths: 24,
};

function renderPage(entries: Record<string, string>, mine?: unknown) {
  const fetch = async (input: RequestInfo | URL) =>
    String(input).includes('/privacy/retention/mine') && mine
      ? jsonResponse(mine)
      : jsonResponse({ title: 'Not Found', status: 404 }, 404);
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

/** /privacy/car-parks/{site}: the notice of one car park, its periods from `answer` (status 200 or a problem). */
function renderCarPark(site: string, answer: { status: number; body: unknown }) {
  const asked: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    asked.push(new URL(String(input)).pathname);
    return String(input).includes(`/privacy/retention/sites/${site}`)
      ? jsonResponse(answer.body, answer.status)
      : jsonResponse({ title: 'Not Found', status: 404 }, 404);
  };
  const config = { entries: {}, expiresAt: Date.now() + 300_000, expiresIn: 300, version: '7.3.1' };
  renderWithProviders(
    <MemoryRouter initialEntries={[`/privacy/car-parks/${site}`]}>
      <AppConfigProvider initial={config}>
        <Routes>
          <Route path="/privacy/car-parks/:site" element={<PrivacyNoticePage />} />
        </Routes>
      </AppConfigProvider>
    </MemoryRouter>,
    { api: testApiClient(fetch as typeof globalThis.fetch) },
  );
  return asked;
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

  describe('signed in', () => {
    afterEach(() => sessionStore.clear());
    const signIn = () =>
      sessionStore.set(
        sessionFromLogin(
          { accessToken: 't', refreshToken: 'r', expiresIn: 900 },
          'identity',
          'reader@client.example',
        ),
      );

    it("states the reader's company's shorter periods and says whose they are", async () => {
      signIn();
      renderPage(
        {},
        {
          operator,
          company: {
            companyId: 4,
            companyName: 'Acme Estates',
            cameraReadDays: 7,
            permitMonths: null,
            transactionMonths: 6,
          },
        },
      );
      // The operator's figures first, the company's once its periods have come.
      expect(await screen.findByText(/These are the periods for the car parks of Acme Estates/)).toBe(
        screen.getByTestId('retention-applies'),
      );
      const figures = screen.getByTestId('retention-figures');
      expect(figures).toHaveTextContent('Camera reads with no open parking charge: 7 days.');
      expect(figures).toHaveTextContent('driver’s name for 24 months.');
      expect(figures).toHaveTextContent('Parking payments keep the registration for 6 months.');
    });

    it("states the operator's periods for a reader of no single company, or one that shortened none", async () => {
      signIn();
      renderPage({}, { operator, company: null });
      expect(await screen.findByTestId('retention-applies')).toHaveTextContent(
        'These are our periods for every car park.',
      );
      expect(screen.getByTestId('retention-figures')).toHaveTextContent(
        'Parking payments keep the registration for 13 months.',
      );
    });
  });

  describe('of one car park, signed out', () => {
    it("names the car park and states its company's shorter periods, saying whose they are", async () => {
      const asked = renderCarPark('1001', {
        status: 200,
        body: {
          site: '1001',
          siteName: 'Riverside Hospital',
          operator,
          company: { name: 'Acme Estates', cameraReadDays: 7, permitMonths: null, transactionMonths: 6 },
        },
      });
      expect(await screen.findByTestId('retention-car-park')).toHaveTextContent(
        'Car park: Riverside Hospital (number 1001)',
      );
      expect(screen.getByTestId('retention-applies')).toHaveTextContent(
        'These are the periods at Riverside Hospital, a car park of Acme Estates, which has chosen to keep some records for less time than our own periods.',
      );
      const figures = screen.getByTestId('retention-figures');
      expect(figures).toHaveTextContent('Camera reads with no open parking charge: 7 days.');
      expect(figures).toHaveTextContent('driver’s name for 24 months.');
      expect(figures).toHaveTextContent('Parking payments keep the registration for 6 months.');
      // A car park's notice is the car park's: the reader's own company is not asked.
      expect(asked).not.toContain('/privacy/retention/mine');
    });

    it("states the operator's periods at a car park whose company shortened none", async () => {
      renderCarPark('1002', {
        status: 200,
        body: {
          site: '1002',
          siteName: 'Station Road',
          operator: { ...operator, transactionMonths: 12 },
          company: null,
        },
      });
      expect(await screen.findByTestId('retention-applies')).toHaveTextContent(
        'These are our periods, which apply at Station Road as at every car park.',
      );
      expect(screen.getByTestId('retention-figures')).toHaveTextContent(
        'Parking payments keep the registration for 12 months.',
      );
    });

    it("says it knows no such car park and states the operator's periods", async () => {
      renderCarPark('999', {
        status: 404,
        body: { title: 'Not Found', status: 404, detail: 'There is no car park with this number.' },
      });
      expect(await screen.findByTestId('retention-site-problem')).toHaveTextContent(
        'We know of no car park with the number 999.',
      );
      expect(screen.queryByTestId('retention-car-park')).not.toBeInTheDocument();
      expect(screen.getByTestId('retention-figures')).toHaveTextContent(
        'Camera reads with no open parking charge: 30 days.',
      );
    });
  });
});
