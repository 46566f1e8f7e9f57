import {
  type Permit,
  permitAddResultSchema,
  permitAllowanceUseListSchema,
  permitDetailSchema,
  permitHistorySchema,
  permitPageSchema,
  permitSchema,
  permitUploadSchema,
  recentActionsSchema,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, type Caller } from './api-client.js';
import { accountWith, allowanceAt, clientWith, type TestAccount, type TestSite } from './factories.js';
import { selectRows } from './fixture-rows.js';
import { newRegistrations, problemOf, ukDay } from './permit-fixture.js';
import { buildTestApp, type TestApp } from './test-app.js';

describe('taking back a mistake: POST /api/permits/{type}/{permitId}/cancel and /api/permits/uploads/{id}', () => {
  let t: TestApp;
  const api = apiFor(() => t);
  /** A client's two sites; the first allows one temporary permit at a time. */
  let sites: TestSite[];
  let otherClient: TestSite;
  /** Adds and cancels their own permits at both sites. */
  let clerk: TestAccount;
  /** Reaches only the second site. */
  let secondSiteClerk: TestAccount;
  /** Reaches both sites but may not cancel. */
  let viewer: TestAccount;
  /** Another client's clerk. */
  let stranger: TestAccount;
  const reg = newRegistrations('QZC', 4);
  const s = (i: number) => sites[i]!.number;

  const row = (site: string, started: string, fields: Record<string, unknown> = {}) => ({
    site_SiteGroupNumber: site,
    vehicleRegistration: reg(),
    driverName: 'Cass Cancel',
    duration: 'Temporary',
    started,
    ended: ukDay(20),
    ...fields,
  });
  const addOne = async (caller: Caller, site: string, started: string) => {
    const res = await api
      .as(caller)
      .post('/api/permits', [{ ...row(site, started), reason: 1, authorisedBy: 'Sam Boss' }]);
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json(permitAddResultSchema);
    expect(result.uploadId).toBeNull();
    return result.permits[0]!;
  };
  const cancel = (caller: Caller, p: Pick<Permit, 'type' | 'permitId'>) =>
    api.as(caller).post(`/api/permits/${p.type}/${p.permitId}/cancel`);
  const statsAt = async (site: string) => {
    const [r] = await selectRows<{ added: number; starting: number; ending: number }>(
      t.database.db,
      sql`select coalesce(sum(added), 0)::int as added, coalesce(sum(starting), 0)::int as starting,
                 coalesce(sum(ending), 0)::int as ending
          from stats_permit_days where target = ${site}`,
    );
    return r!;
  };

  beforeAll(async () => {
    t = await buildTestApp({ env: { PERMIT_DIGEST_ENABLED: 'false' } });
    ({ sites } = await clientWith(t, { sites: 2 }));
    otherClient = (await clientWith(t, { sites: 1 })).sites[0]!;
    await allowanceAt(t, sites[0]!, { temporary: 1, permanent: null });
    const features = [
      'Permits.View',
      'Permits.Add',
      'Permits.BulkAdd',
      'Permits.Disable',
      'Permits.Edit',
    ] as const;
    clerk = await accountWith(t, { features, access: [s(0), s(1)] });
    secondSiteClerk = await accountWith(t, {
      features: [...features, 'Permits.AllPermits'],
      access: [s(1)],
    });
    viewer = await accountWith(t, {
      features: ['Permits.View', 'Permits.AllPermits'],
      access: [s(0), s(1)],
    });
    stranger = await accountWith(t, {
      features: [...features, 'Permits.AllPermits'],
      access: [otherClient.number],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cancels a permit that has not started: the allowance is freed at once, its history and audit keep who and when', async () => {
    const mistake = await addOne(clerk, s(0), ukDay(3));
    expect(mistake.cancelledAt).toBeNull();
    // The site allows one temporary permit: a second is refused while the mistake holds it.
    const refused = await api
      .as(clerk)
      .post('/api/permits', [{ ...row(s(0), ukDay(1)), reason: 1, authorisedBy: 'Sam Boss' }]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('allowance');
    expect(await statsAt(s(0))).toEqual({ added: 1, starting: 1, ending: 1 });
    // The add form reads the same rule before anything is typed: full.
    const use = async () =>
      (await api.as(clerk).get(`/api/permits/allowances/${s(0)}/use`)).json(permitAllowanceUseListSchema);
    expect(await use()).toEqual([
      {
        site_SiteGroupNumber: s(0),
        temporaryAllowance: 1,
        permanentAllowance: null,
        temporaryInUse: 1,
        permanentInUse: 0,
      },
    ]);
    expect((await api.as(stranger).get(`/api/permits/allowances/${s(0)}/use`)).statusCode).toBe(404);
    expect((await api.as(viewer).get(`/api/permits/allowances/${s(0)}/use`)).statusCode).toBe(403);

    const res = await cancel(clerk, mistake);
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json(permitSchema);
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(cancelled.ended).toBe(cancelled.cancelledAt);
    expect(Math.abs(Date.parse(cancelled.cancelledAt!) - Date.now())).toBeLessThan(60_000);

    // Freed: the form's reading says so, and the same add now succeeds.
    expect((await use())[0]?.temporaryInUse).toBe(0);
    await addOne(clerk, s(0), ukDay(1));

    const history = (await api.as(clerk).get(`/api/permits/site/${mistake.permitId}/history`)).json(
      permitHistorySchema,
    );
    expect(history.events.map((e) => e.kind)).toEqual(['added', 'cancelled']);
    expect(history.events[1]).toMatchObject({
      field: 'ended',
      from: mistake.ended,
      to: cancelled.ended,
      by: clerk.email,
    });
    const [audit] = await selectRows<{ type: string; details: { permitId: number } }>(
      t.database.db,
      sql`select type, details from audit_events where actor_user_id = ${clerk.userId}
          and type = 'PermitCancelled'`,
    );
    expect(audit?.details.permitId).toBe(mistake.permitId);
    // The dashboard's "your recent actions" reads the same audit, newest first: the add the cancel
    // made room for, the cancel, then the first add.
    const recentRes = await api.as(clerk).get('/api/user/recent-actions');
    expect(recentRes.statusCode, recentRes.body).toBe(200);
    const recent = recentRes.json(recentActionsSchema);
    expect(recent.map((r) => r.description.split(' ')[0])).toEqual(['Added', 'Cancelled', 'Added']);
    expect(recent[1]?.description).toMatch(/^Cancelled the site permit \d+ for /);
    expect(recent.length).toBeGreaterThanOrEqual(3);
    expect((await api.as(viewer).get('/api/user/recent-actions')).json(recentActionsSchema)).toEqual([]);

    // The daily figures leave the cancelled permit out: only the second permit counts.
    expect(await statsAt(s(0))).toEqual({ added: 1, starting: 1, ending: 1 });

    // The page and the list show it as cancelled, never as upcoming or current.
    const detail = (await api.as(clerk).get(`/api/permits/site/${mistake.permitId}`)).json(
      permitDetailSchema,
    );
    expect(detail.cancelledAt).toBe(cancelled.cancelledAt);
    const listed = async (state: string) =>
      (
        await api
          .as(clerk)
          .get(`/api/permits?state=${state}&vehicleRegistration=${mistake.vehicleRegistration}`)
      )
        .json(permitPageSchema)
        .rows.map((p) => p.permitId);
    expect(await listed('cancelled')).toEqual([mistake.permitId]);
    expect(await listed('upcoming')).toEqual([]);
    expect(await listed('current')).toEqual([]);
    expect(await listed('expired')).toEqual([]);
    expect(await listed('')).toEqual([mistake.permitId]);
  });

  it('refuses to cancel a started permit (expire it), a cancelled one, and to expire or edit a cancelled one', async () => {
    const started = await addOne(clerk, s(1), ukDay(0));
    const startedRes = await cancel(clerk, started);
    expect(problemOf(startedRes, 409).detail).toContain('expire it instead');

    const upcoming = await addOne(clerk, s(1), ukDay(2));
    expect((await cancel(clerk, upcoming)).statusCode).toBe(200);
    expect(problemOf(await cancel(clerk, upcoming), 409).detail).toContain('already been cancelled');
    const expire = await api.as(clerk).post(`/api/permits/site/${upcoming.permitId}/expire`);
    expect(problemOf(expire, 409).detail).toContain('cancelled');
    const edit = await api.as(clerk).put(`/api/permits/site/${upcoming.permitId}`, {
      vehicleRegistration: upcoming.vehicleRegistration,
      driverName: 'Someone Else',
      reason: 1,
      ended: ukDay(20),
    } as never);
    expect(edit.statusCode, edit.body).toBe(409);
  });

  it('answers 404 out of reach and 403 without Permits.Disable, and changes nothing', async () => {
    const permit = await addOne(clerk, s(1), ukDay(4));
    expect((await cancel(stranger, permit)).statusCode).toBe(404);
    expect((await cancel(stranger, { type: 'site', permitId: 99_999_999 })).statusCode).toBe(404);
    expect((await cancel(viewer, permit)).statusCode).toBe(403);
    // Of the other type, it is no such permit.
    expect((await cancel(clerk, { type: 'group', permitId: permit.permitId })).statusCode).toBe(404);
    const detail = (await api.as(clerk).get(`/api/permits/site/${permit.permitId}`)).json(permitDetailSchema);
    expect(detail.cancelledAt).toBeNull();
    expect(detail.ended).toBe(permit.ended);
  });

  describe('a bulk upload taken back in one go within its first hour', () => {
    const upload = async (caller: Caller, rows: Record<string, unknown>[]) => {
      const res = await api.as(caller).post(
        '/api/permits?mode=bulk',
        rows.map((r, i) => ({ id: i + 1, ...r })),
      );
      expect(res.statusCode, res.body).toBe(201);
      const result = res.json(permitAddResultSchema);
      expect(result.uploadId).not.toBeNull();
      return result;
    };
    const takeBack = (caller: Caller, uploadId: number) =>
      api.as(caller).post(`/api/permits/uploads/${uploadId}/cancel`);

    it('cancels every permit of the upload, started or not, and records it once', async () => {
      const added = await upload(clerk, [row(s(1), ukDay(0)), row(s(1), ukDay(1)), row(s(1), ukDay(5))]);
      const summary = (await api.as(clerk).get(`/api/permits/uploads/${added.uploadId}`)).json(
        permitUploadSchema,
      );
      expect(summary).toMatchObject({
        uploadId: added.uploadId,
        permitCount: 3,
        addedBy: clerk.email,
        takenBackAt: null,
      });
      expect(Date.parse(summary.takeBackUntil) - Date.parse(summary.addedAt)).toBe(3_600_000);

      const res = await takeBack(clerk, added.uploadId!);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(permitUploadSchema)).toMatchObject({ takenBackBy: clerk.email });
      for (const p of added.permits) {
        const detail = (await api.as(clerk).get(`/api/permits/site/${p.permitId}`)).json(permitDetailSchema);
        expect(detail.cancelledAt, `permit ${p.permitId}`).not.toBeNull();
        expect(detail.uploadId).toBe(added.uploadId);
      }
      expect(problemOf(await takeBack(clerk, added.uploadId!), 409).detail).toContain('already');
      const [audit] = await selectRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from audit_events where type = 'PermitUploadTakenBack'
            and (details->>'uploadId')::int = ${added.uploadId}`,
      );
      expect(audit!.n).toBe(1);
    });

    it('refuses after the first hour, and leaves every permit as it was', async () => {
      const added = await upload(clerk, [row(s(1), ukDay(2)), row(s(1), ukDay(3))]);
      await t.database.db.execute(
        sql`update permit_uploads set created_at = now() - interval '61 minutes' where id = ${added.uploadId}`,
      );
      expect(problemOf(await takeBack(clerk, added.uploadId!), 409).detail).toContain('within an hour');
      const [still] = await selectRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from permits where upload_id = ${added.uploadId} and cancelled_at is null`,
      );
      expect(still!.n).toBe(2);
    });

    it('is no upload at all (404) to a caller who cannot change every permit of it, or without Permits.Disable (403)', async () => {
      const added = await upload(clerk, [
        row(s(0), ukDay(9), { duration: 'Permanent', ended: undefined }),
        row(s(1), ukDay(9)),
      ]);
      // Reaches the second site only: part of the upload is no upload.
      expect((await api.as(secondSiteClerk).get(`/api/permits/uploads/${added.uploadId}`)).statusCode).toBe(
        404,
      );
      expect((await takeBack(secondSiteClerk, added.uploadId!)).statusCode).toBe(404);
      expect((await takeBack(stranger, added.uploadId!)).statusCode).toBe(404);
      expect((await takeBack(viewer, added.uploadId!)).statusCode).toBe(403);
      expect((await takeBack(clerk, 99_999_999)).statusCode).toBe(404);
      const [still] = await selectRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from permits where upload_id = ${added.uploadId} and cancelled_at is null`,
      );
      expect(still!.n).toBe(2);
    });
  });
});
