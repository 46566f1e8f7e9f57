import type { VisitorApproval, VisitorLink } from '@client-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session';
import { jsonResponse } from '../../test/render';
import { APP_EMAIL, renderApp, signInAs } from '../../test/render-app';
import { userInfoAnswer } from '../../test/user-info';

const link = (id: number, name: string, fields: Partial<VisitorLink> = {}): VisitorLink => ({
  id,
  site: '1001',
  siteName: 'Riverside Hospital',
  name,
  enabled: true,
  expiresOn: null,
  durationKind: 'hours',
  durationAmount: 4,
  dailyCap: 50,
  hostApproval: false,
  state: 'on',
  publicUrl: `http://portal.test/visit/token-${id}`,
  kioskUrl: `http://portal.test/visit/token-${id}/kiosk?key=key-${id}`,
  usedToday: 3,
  awaitingApproval: 0,
  ...fields,
});
const waiting: VisitorApproval = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-001122334455',
  linkId: 2,
  linkName: 'Ward 7 visitors',
  site: '1001',
  vehicleRegistration: 'AB12CDE',
  visitorName: 'Sam Visitor',
  askedAt: '2026-11-27T09:30:00.000Z',
};
const pageOf = <T,>(rows: T[], total = rows.length) => ({ rows, total, first: 'c-first', last: 'c-last' });

const clerk = () =>
  jsonResponse(
    userInfoAnswer({
      email: APP_EMAIL,
      features: ['Permits.View', 'Permits.Add'],
      access: ['1001'],
      sites: [{ siteNumber: '1001', name: 'Riverside Hospital' }],
    }),
  );

// The pages load lazily: loaded once here, so no test waits on the first import.
beforeAll(async () => {
  await Promise.all([
    import('./visitor-links-page'),
    import('./visitor-link-form-page'),
    import('./visit-page'),
  ]);
}, 120_000);

describe('the visitor links page', () => {
  afterEach(() => sessionStore.clear());

  it('shows a page of links with today’s use and their pages, and pages on in the address', async () => {
    signInAs();
    const rows = Array.from({ length: 10 }, (_, i) => link(i + 1, `Ward ${i + 1}`));
    rows[0] = link(1, 'Outpatients', { state: 'off', usedToday: 7 });
    const { router } = renderApp('/visitor-links', {
      handlers: {
        '/user/info': clerk,
        '/permits/visitor-links': () => jsonResponse(pageOf(rows, 12)),
        '/permits/visitor-approvals': () => jsonResponse(pageOf([])),
      },
    });
    const row = await screen.findByRole('row', { name: /Outpatients/ }, { timeout: 20_000 });
    expect(row).toHaveTextContent('1001 Riverside Hospital');
    expect(row).toHaveTextContent('for 4 hours');
    expect(row).toHaveTextContent('7 of 50');
    expect(row).toHaveTextContent('Off');
    expect(within(row).getByRole('link', { name: 'Change Outpatients' })).toHaveAttribute(
      'href',
      '/visitor-links/1/edit',
    );
    expect(within(row).getByRole('link', { name: 'Poster for Outpatients' })).toHaveAttribute(
      'href',
      '/visitor-links/1/poster',
    );
    expect(within(row).getByRole('link', { name: 'Kiosk for Outpatients' })).toHaveAttribute(
      'href',
      'http://portal.test/visit/token-1/kiosk?key=key-1',
    );
    expect(screen.getByText('Showing 1–10 of 12')).toBeInTheDocument();
    expect(await screen.findByText('No visitors are waiting.')).toBeInTheDocument();

    await userEvent.click(screen.getAllByRole('button', { name: 'Next page' })[0]!);
    await waitFor(() => expect(router.state.location.search).toContain('after=c-last'));
    expect(router.state.location.search).toContain('page=2');
  });

  it('says so when there are no links yet', async () => {
    signInAs();
    renderApp('/visitor-links', {
      handlers: {
        '/user/info': clerk,
        '/permits/visitor-links': () => jsonResponse(pageOf([])),
        '/permits/visitor-approvals': () => jsonResponse(pageOf([])),
      },
    });
    expect(await screen.findByText('There are no visitor links yet.')).toBeInTheDocument();
  });
});

describe('the host approval queue', () => {
  afterEach(() => sessionStore.clear());

  it('approves a waiting visitor, reading the queue again; its page is kept apart in the address', async () => {
    signInAs();
    let queue = [waiting];
    const decided: string[] = [];
    const { router } = renderApp('/visitor-links', {
      handlers: {
        '/user/info': clerk,
        '/permits/visitor-links': () => jsonResponse(pageOf([link(2, 'Ward 7 visitors')])),
        '/permits/visitor-approvals': () => jsonResponse(pageOf(queue, queue.length === 0 ? 0 : 11)),
        [`/permits/visitor-approvals/${waiting.id}/approve`]: (init) => {
          decided.push(String(init.method));
          queue = [];
          return jsonResponse({ status: 'registered', reference: 'P1001-000042' });
        },
      },
    });
    const row = await screen.findByRole('row', { name: /AB12CDE/ }, { timeout: 20_000 });
    expect(row).toHaveTextContent('Sam Visitor');
    expect(row).toHaveTextContent('Ward 7 visitors (1001)');
    const approvals = screen.getByRole('heading', { name: 'Visitors waiting for approval' }).parentElement!;
    await userEvent.click(within(approvals).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toContain('approvals.after=c-last'));

    // Approved: the permit is stored (its reference is told in a notification) and the queue is read again.
    await userEvent.click(within(row).getByRole('button', { name: 'Approve AB12CDE' }));
    await waitFor(() => expect(decided).toEqual(['POST']));
    expect(await screen.findByText('No visitors are waiting.')).toBeInTheDocument();
  });
});

describe('the visitor link form', () => {
  afterEach(() => sessionStore.clear());

  it('creates a link at the user’s one site, with the contract’s checks first', async () => {
    signInAs();
    const bodies: unknown[] = [];
    const { router } = renderApp('/visitor-links/add', {
      handlers: {
        '/user/info': clerk,
        '/permits/visitor-links': (init) => {
          if (init.method === 'POST') {
            bodies.push(JSON.parse(String(init.body)));
            return jsonResponse(link(9, 'Outpatients'), 201);
          }
          return jsonResponse(pageOf([]));
        },
        '/permits/visitor-approvals': () => jsonResponse(pageOf([])),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Create visitor link' }, { timeout: 20_000 });
    await userEvent.click(screen.getByLabelText('A number of hours (up to 24)'));
    await userEvent.type(screen.getByLabelText(/Number of hours or days/), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Name is required.')).not.toHaveLength(0);
    expect(screen.getAllByText('Give a number from 1 to 24.')).not.toHaveLength(0);
    expect(bodies).toEqual([]);

    await userEvent.type(screen.getByLabelText(/^Name/), 'Outpatients');
    await userEvent.clear(screen.getByLabelText(/Number of hours or days/));
    await userEvent.type(screen.getByLabelText(/Number of hours or days/), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/visitor-links'));
    expect(bodies).toEqual([
      {
        site: '1001',
        name: 'Outpatients',
        enabled: true,
        expiresOn: null,
        durationKind: 'hours',
        durationAmount: 4,
        dailyCap: 50,
        hostApproval: false,
      },
    ]);
  });

  it('changes a link’s settings without its site', async () => {
    signInAs();
    const bodies: unknown[] = [];
    renderApp('/visitor-links/3/edit', {
      handlers: {
        '/user/info': clerk,
        '/permits/visitor-links/3': (init) => {
          if (init.method === 'PUT') bodies.push(JSON.parse(String(init.body)));
          return jsonResponse(link(3, 'Ward 7 visitors', { hostApproval: true }));
        },
        '/permits/visitor-links': () => jsonResponse(pageOf([])),
        '/permits/visitor-approvals': () => jsonResponse(pageOf([])),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Change visitor link' }, { timeout: 20_000 });
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ward 7 visitors');
    expect(screen.queryByRole('textbox', { name: /^Site/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Link is on'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Ward 7 visitors', enabled: false, hostApproval: true });
    expect(bodies[0]).not.toHaveProperty('site');
  });
});

describe('the public visitor page', () => {
  const info = {
    site: '1001',
    siteName: 'Riverside Hospital',
    linkName: 'Outpatients',
    durationKind: 'hours' as const,
    durationAmount: 4,
    endsAt: '2026-11-27T14:00:00.000Z',
    hostApproval: false,
    open: true,
    closedReason: null,
    message: null,
    kiosk: false,
  };

  it('reads the registration back, sends the code and shows the receipt, with no sign-in', async () => {
    const starts: unknown[] = [];
    const confirms: unknown[] = [];
    renderApp('/visit/tok27', {
      handlers: {
        '/public/visit/tok27': () => jsonResponse(info),
        '/public/visit/tok27/start': (init) => {
          starts.push(JSON.parse(String(init.body)));
          return jsonResponse({
            status: 'codeSent',
            registrationId: '6f1c2d3e-4a5b-4c6d-8e7f-001122334455',
            warnings: [],
            sentTo: 'v***@example.com',
            kioskCode: null,
          });
        },
        '/public/visit/tok27/confirm': (init) => {
          confirms.push(JSON.parse(String(init.body)));
          return jsonResponse({
            status: 'registered',
            reference: 'P1001-000042',
            siteName: 'Riverside Hospital',
            vehicleRegistration: 'AB12CDE',
            endsAt: '2026-11-27T14:00:00.000Z',
          });
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Register your car' }, { timeout: 20_000 });
    expect(screen.getByText('Your permit lasts for 4 hours.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Vehicle registration/), 'ab12 cde');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'visitor@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Is this your registration?' });
    const spelled = screen.getByRole('list', { name: 'Spelled out' });
    expect(spelled).toHaveTextContent('letter A');
    expect(spelled).toHaveTextContent('number 1');
    expect(starts).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, that is right' }));
    await screen.findByRole('heading', { name: 'Enter your code' });
    // As typed: the server reads it as the contract does (AB12CDE).
    expect(starts).toMatchObject([{ vehicleRegistration: 'ab12 cde', email: 'visitor@example.com' }]);
    expect(screen.getByText(/v\*\*\*@example\.com/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^6-digit code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Register my car' }));
    await screen.findByRole('heading', { name: 'Your car is registered' });
    expect(confirms).toEqual([{ registrationId: '6f1c2d3e-4a5b-4c6d-8e7f-001122334455', code: '123456' }]);
    expect(screen.getByText('P1001-000042')).toBeInTheDocument();
  });

  it('tells the visitor to ask reception when the link takes no visitors', async () => {
    renderApp('/visit/tok27', {
      handlers: {
        '/public/visit/tok27': () =>
          jsonResponse({
            ...info,
            open: false,
            closedReason: 'full',
            message: 'Today’s visitor places are all taken. Please ask reception, who can register your car.',
          }),
      },
    });
    expect(await screen.findByText('You cannot register here right now')).toBeInTheDocument();
    expect(screen.getByText(/Please ask reception/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('links to its own car park’s privacy notice, which states that car park’s periods', async () => {
    const { router } = renderApp('/visit/tok27', {
      handlers: {
        '/public/visit/tok27': () => jsonResponse(info),
        '/privacy/retention/sites/1001': () =>
          jsonResponse({
            site: '1001',
            siteName: 'Riverside Hospital',
            operator: {
              cameraReadDays: 30,
              permitMonths: 24,
              transactionMonths: 13,
              auditMonths: 24,
              notificationMonths: 24,
            },
            company: {
              name: 'Riverside NHS Trust',
              cameraReadDays: 10,
              permitMonths: null,
              transactionMonths: null,
            },
          }),
      },
    });
    const notice = await screen.findByRole(
      'link',
      { name: 'How long your details are kept at this car park (privacy notice)' },
      { timeout: 20_000 },
    );
    expect(notice).toHaveAttribute('href', '/privacy/car-parks/1001');
    await userEvent.click(notice);
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy/car-parks/1001'));
    expect(
      await screen.findByText(
        /These are the periods at Riverside Hospital, a car park of Riverside NHS Trust/,
        undefined,
        {
          timeout: 20_000,
        },
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('retention-figures')).toHaveTextContent(
      'Camera reads with no open parking charge: 10 days.',
    );
  });

  it('shows no notice link at the reception kiosk, which must stay on its page', async () => {
    renderApp('/visit/tok27/kiosk?key=k', {
      handlers: { '/public/visit/tok27': () => jsonResponse({ ...info, kiosk: true }) },
    });
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Register your car at reception' },
      { timeout: 20_000 },
    );
    expect(screen.queryByRole('link', { name: /privacy notice/ })).not.toBeInTheDocument();
  });
});
