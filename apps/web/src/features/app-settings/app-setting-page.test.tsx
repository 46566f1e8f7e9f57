import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppConfigProvider, useAppConfig } from '../../lib/app-config-context';
import { getFieldMessage, queryFieldMessage } from '../../test/field-message';
import { jsonResponse, renderWithProviders, testApiClient } from '../../test/render';
import { AppSettingPage } from './app-setting-page';
import { settingPages } from './setting-pages';

const page = (slug: string) => {
  const found = settingPages.find((p) => p.slug === slug);
  if (!found) throw new Error(slug);
  return found;
};

function ShownWelcome() {
  return <output data-testid="context-welcome">{useAppConfig().config.entries.WelcomeMessage ?? ''}</output>;
}

function renderSetting(
  slug: string,
  entries: Record<string, string>,
  answerPost: (body: { config: Record<string, string | null> }) => Response = (body) =>
    jsonResponse({ config: { ...entries, ...body.config }, expiresIn: 300, version: '2.2.0' }),
) {
  const posts: { config: Record<string, string | null> }[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const { pathname } = new URL(String(input));
    if (pathname === '/application/config' && init.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posts.push(body);
      return answerPost(body);
    }
    if (pathname === '/application/config')
      return jsonResponse({ config: entries, expiresIn: 300, version: '2.2.0' });
    return jsonResponse({ title: 'Not Found', status: 404 }, 404);
  };
  const config = { entries, expiresAt: Date.now() + 300_000, expiresIn: 300, version: '2.2.0' };
  const utils = renderWithProviders(
    <AppConfigProvider initial={config}>
      <AppSettingPage page={page(slug)} />
      <ShownWelcome />
    </AppConfigProvider>,
    { api: testApiClient(fetch as typeof globalThis.fetch) },
  );
  return { ...utils, posts };
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 250)));

describe('app setting forms', () => {
  afterEach(() => window.localStorage.clear());

  it('saves the welcome message and makes the answer the app’s config at once', async () => {
    const { user, posts } = renderSetting('WelcomeMessage', { WelcomeMessage: 'Hello' });
    const input = await screen.findByRole('textbox', { name: 'Welcome message' });
    await waitFor(() => expect(input).toBeEnabled());
    expect(input).toHaveValue('Hello');
    await user.clear(input);
    await user.type(input, 'Good morning');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/The setting was saved/)).toBeInTheDocument();
    expect(posts).toEqual([{ config: { WelcomeMessage: 'Good morning' } }]);
    expect(screen.getByTestId('context-welcome')).toHaveTextContent('Good morning');
  });

  it('refuses expired days outside 1 to 7 with the contract’s message, after 200 ms, without sending', async () => {
    const { user, posts } = renderSetting('PermitExpiredDays', { PermitExpiredDays: '7' });
    const input = await screen.findByRole('spinbutton', { name: /Days/ });
    await waitFor(() => expect(input).toBeEnabled());
    await user.clear(input);
    await user.type(input, '8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(queryFieldMessage('Expired permit days must be between 1 and 7.')).not.toBeInTheDocument();
    await settle();
    expect(getFieldMessage('Expired permit days must be between 1 and 7.')).toBeInTheDocument();
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(getFieldMessage('Please enter a number.')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('sends empty news fields as unset and checks the link is a web address', async () => {
    const { user, posts } = renderSetting('LatestNews', {
      LatestNewsMessageHeading: 'Old news',
      LatestNewsMessageDate: '1 May',
      LatestNewsMessageBody: 'Body',
    });
    const heading = await screen.findByRole('textbox', { name: 'Heading' });
    await waitFor(() => expect(heading).toBeEnabled());
    const link = screen.getByRole('textbox', { name: /Read more link/ });
    await user.type(link, 'not a link');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(getFieldMessage('The link must be a web address (http or https).')).toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.clear(link);
    await user.clear(screen.getByRole('textbox', { name: 'Date' }));
    await user.clear(heading);
    await user.type(heading, 'Fresh news');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      config: {
        LatestNewsMessageHeading: 'Fresh news',
        LatestNewsMessageDate: null,
        LatestNewsMessageBody: 'Body',
        LatestNewsMessageUrl: null,
      },
    });
  });

  it('lists the server’s validation messages in the warning box and stays editable', async () => {
    const { user } = renderSetting('TicketReduceDays', { TicketReduceDays: '14' }, () =>
      jsonResponse(
        { title: 'Bad Request', status: 400, errors: { TicketReduceDays: ['Too many days for this site.'] } },
        400,
      ),
    );
    const input = await screen.findByRole('spinbutton', { name: /Days/ });
    await waitFor(() => expect(input).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many days for this site.');
    expect(input).toBeEnabled();
  });

  it('previews the offline message, written in Markdown, on the system page', async () => {
    const { user } = renderSetting('System', {});
    const message = await screen.findByRole('textbox', { name: /Maintenance message/ });
    await waitFor(() => expect(message).toBeEnabled());
    await user.click(message);
    await user.paste(
      '**Back soon**, [mail us](mailto:help@example.com)<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
    );
    const preview = await screen.findByTestId('markdown-preview');
    expect(preview.querySelector('strong')).toHaveTextContent('Back soon');
    expect(within(preview).getByRole('link', { name: 'mail us' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
    expect(preview.querySelector('script, img, [onerror]')).toBeNull();
    expect(screen.getByRole('form', { name: 'Winter decoration' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sign-in banner' })).toBeInTheDocument();
  });
});
