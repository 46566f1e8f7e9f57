import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppConfigProvider } from '../../lib/app-config-context';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { HelpPage, helpQuestions } from './help-page';

function renderPage(entries: Record<string, string>) {
  const fetch = async () => jsonResponse({ title: 'Not Found', status: 404 }, 404);
  const config = { entries, expiresAt: Date.now() + 300_000, expiresIn: 300, version: '7.3.1' };
  return renderWithProviders(
    <MemoryRouter>
      <AppConfigProvider initial={config}>
        <HelpPage />
      </AppConfigProvider>
    </MemoryRouter>,
    { api: testApiClient(fetch as typeof globalThis.fetch) },
  );
}

describe('HelpPage', () => {
  it('asks the ten questions clerks ask, each a heading with its answer', () => {
    renderPage({});
    expect(screen.getByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    expect(helpQuestions).toHaveLength(10);
    const questions = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(questions).toEqual([
      'How do I add a contractor for a week?',
      'Why was my permit refused?',
      'What is the allowance?',
      'How do I cancel a parking charge?',
      'I added a permit by mistake. How do I undo it?',
      'How do I end a permit that is already running?',
      'How do I find a permit when I only know part of the plate?',
      'How do I get a list into Excel?',
      'How do I change my password?',
      'Who do I call when I am stuck?',
    ]);
    // Each answer is a region named by its question.
    expect(screen.getByRole('region', { name: 'How do I add a contractor for a week?' })).toHaveTextContent(
      'choose Temporary',
    );
    expect(screen.getByTestId('help-contractorWeek')).toHaveTextContent('up to 28 days');
    expect(screen.getByTestId('help-cancelCharge')).toHaveTextContent(
      'choose Cancel on its row, pick the reason',
    );
    expect(screen.getByTestId('help-mistake')).toHaveTextContent('Cancel permit');
    expect(screen.getByTestId('help-mistake')).toHaveTextContent('an hour after the upload');
  });

  it('names the configured support contact in "who to call", with the Support page a link away', () => {
    renderPage({
      SupportPhone: '0161 496 0123',
      SupportEmail: 'help@operator.example',
      SupportHours: 'Weekdays, 9am to 5pm',
    });
    const who = screen.getByRole('region', { name: 'Who do I call when I am stuck?' });
    expect(who).toHaveTextContent(
      'Call us on 0161 496 0123 (Weekdays, 9am to 5pm) or email help@operator.example.',
    );
    expect(within(who).getByRole('link', { name: '0161 496 0123' })).toHaveAttribute(
      'href',
      'tel:01614960123',
    );
    expect(within(who).getByRole('link', { name: 'Support page' })).toHaveAttribute(
      'href',
      '/account/support',
    );
  });
});
