import type { ClientRetentionList } from '@client-portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session';
import { jsonResponse } from '../../test/render';
import { APP_EMAIL, renderApp, signInAs } from '../../test/render-app';
import { userInfoAnswer } from '../../test/user-info';

const answer: ClientRetentionList = {
  operator: {
    cameraReadDays: 30,
    permitMonths: 24,
    transactionMonths: 13,
    auditMonths: 24,
    notificationMonths: 24,
  },
  companies: [
    {
      companyId: 4,
      companyName: 'Acme Retail',
      cameraReadDays: null,
      permitMonths: 12,
      transactionMonths: null,
    },
  ],
};

const clientManager = () =>
  jsonResponse(
    userInfoAnswer({
      email: APP_EMAIL,
      features: ['Users.Add', 'Permits.View'],
      access: ['1001'],
      sites: [{ siteNumber: '1001', name: 'Riverside Retail Park' }],
    }),
  );

describe('the client retention page', () => {
  afterEach(() => sessionStore.clear());

  it("refuses a period longer than the operator's on its field, and saves a shorter one (empty: the operator's)", async () => {
    signInAs();
    const saved: unknown[] = [];
    const { requests } = renderApp('/admin/retention', {
      handlers: {
        '/user/info': clientManager,
        '/privacy/retention': () => jsonResponse(answer),
        '/privacy/retention/companies/4': (init) => {
          const body = JSON.parse(String(init.body));
          saved.push({ method: init.method, body });
          return jsonResponse({ companyId: 4, companyName: 'Acme Retail', ...body });
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Retention periods of client companies' });
    const company = await screen.findByRole('region', { name: 'Acme Retail' });
    const cameraReads = within(company).getByLabelText(
      'Days camera reads with no open parking charge are kept',
    );
    expect(within(company).getByText('At most our period: 30 days.')).toBeInTheDocument();
    expect(
      within(company).getByLabelText('Months ended permits keep their registration and driver name'),
    ).toHaveValue('12');

    const user = userEvent.setup();
    await user.type(cameraReads, '45');
    await user.click(within(company).getByRole('button', { name: 'Save the periods of Acme Retail' }));
    expect(
      await within(company).findByText(
        'Days camera reads with no open parking charge are kept: at most 30, our own period; a company may only shorten it.',
      ),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.clear(cameraReads);
    await user.type(cameraReads, '14');
    await user.clear(
      within(company).getByLabelText('Months ended permits keep their registration and driver name'),
    );
    await user.click(within(company).getByRole('button', { name: 'Save the periods of Acme Retail' }));
    await within(company).findByText('The periods of Acme Retail are saved.');
    expect(saved).toEqual([
      { method: 'PUT', body: { cameraReadDays: 14, permitMonths: null, transactionMonths: null } },
    ]);
    expect(requests.filter((r) => r.path === '/privacy/retention').length).toBeGreaterThanOrEqual(1);
  });

  it('asks the server again as the operator types part of a company name', async () => {
    signInAs();
    const { requests } = renderApp('/admin/retention', {
      handlers: {
        '/user/info': () =>
          jsonResponse(
            userInfoAnswer({ email: APP_EMAIL, features: ['Application.SysAdmin'], accessAllSites: true }),
          ),
        '/privacy/retention': () => jsonResponse({ ...answer, companies: [] }),
      },
    });
    await screen.findByText('No company matches.');
    const asked = () => requests.filter((r) => r.path === '/privacy/retention').length;
    const before = asked();
    await userEvent.setup().type(screen.getByLabelText('Company'), 'Acme');
    await waitFor(() => expect(asked()).toBeGreaterThan(before));
  });
});
