import type { JobsOverview } from '@client-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session';
import { jsonResponse } from '../../test/render';
import { renderApp, signInAs, userInfoHandler } from '../../test/render-app';

const failedJob = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-001122334455',
  kind: 'mail.send',
  queuedAt: '2026-11-27T09:00:00.000Z',
  failedAt: '2026-11-27T09:30:00.000Z',
  attempts: 13,
  error: 'connect ECONNREFUSED 127.0.0.1:25',
  summary: 'To clerk@acme.example: Reset your password',
};

const overview = (failed: (typeof failedJob)[]): JobsOverview => ({
  kinds: [
    {
      kind: 'mail.send',
      queued: 2,
      retrying: 1,
      active: 0,
      failed: failed.length,
      oldestQueuedAt: '2026-11-27T10:00:00.000Z',
    },
    { kind: 'report-subscriptions.due', queued: 0, retrying: 0, active: 0, failed: 0, oldestQueuedAt: null },
  ],
  failed: { rows: failed, total: failed.length },
});

describe('the background jobs page', () => {
  afterEach(() => sessionStore.clear());

  it('shows each queue and the failed jobs, and retries one', async () => {
    signInAs();
    let failed = [failedJob];
    const retried: string[] = [];
    const { router } = renderApp('/admin/jobs', {
      handlers: {
        '/user/info': userInfoHandler(['Application.SysAdmin']),
        '/admin/jobs': () => jsonResponse(overview(failed)),
        [`/admin/jobs/${failedJob.id}/retry`]: (init) => {
          retried.push(String(init.method));
          failed = [];
          return new Response(null, { status: 204 });
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Background jobs' });
    const queues = await screen.findByRole('table', { name: 'Jobs by kind' });
    const email = within(queues).getByRole('row', { name: /^Email/ });
    expect(
      within(email)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '1', '0', '1', '27/11/2026 10:00']);
    expect(within(queues).getByRole('row', { name: /^Report subscriptions/ })).toHaveTextContent('None');

    const list = screen.getByRole('table', { name: 'Failed jobs' });
    expect(list).toHaveTextContent('Email: To clerk@acme.example: Reset your password');
    expect(list).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:25');
    await userEvent.click(
      within(list).getByRole('button', {
        name: 'Retry the failed job: Email: To clerk@acme.example: Reset your password',
      }),
    );
    expect(await screen.findByText('The job was put back in its queue.')).toBeInTheDocument();
    expect(retried).toEqual(['POST']);
    await waitFor(() => expect(screen.getByText('No job has failed.')).toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/admin/jobs');
  });

  it('is reached from the administration page by system administrators only', async () => {
    signInAs();
    renderApp('/admin', { handlers: { '/user/info': userInfoHandler(['Application.SysAdmin']) } });
    expect(await screen.findByRole('link', { name: 'Background jobs' })).toHaveAttribute(
      'href',
      '/admin/jobs',
    );
  });
});
