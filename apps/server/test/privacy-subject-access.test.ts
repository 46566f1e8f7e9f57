import { allFeatureNames, type SubjectRecordKind, subjectRecordKinds } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { CompiledQuery, sql as kyselySql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { subjectQueries } from '../src/modules/privacy/subject-access-repository.js';
import { apiFor } from './api-client.js';
import {
  accountWith,
  permitAt,
  sightingAt,
  siteOf,
  type TestAccount,
  ticketActionOn,
  ticketAt,
  transactionAt,
} from './factories.js';
import { selectRows } from './fixture-rows.js';
import { buildTestApp, TEST_TODAY, type TestApp } from './test-app.js';

let t: TestApp;
let officer: TestAccount;
const api = apiFor(() => t);
const day = 86_400_000;
const ago = (days: number) => new Date(TEST_TODAY.getTime() - days * day);

/** Every file of a zip, by name, as text. */
function unzip(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const files = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const dataLines = (csv: string | undefined) => (csv ?? '').split('\r\n').filter(Boolean).slice(1);

/** A person's records of every kind at a site of their own, and the same for someone else. */
async function personWithRecords(registration: string, site: string, ticketStatus = 'paid') {
  const permit = await permitAt(t, site, {
    registration,
    driverName: `Driver ${registration}`,
    started: ago(20),
    ended: ago(-20),
  });
  await t.database.db.execute(
    sql`insert into permit_events (permit_id, kind, field, from_value, to_value)
        values (${permit}, 'edited', 'driverName', 'Old Name', ${`Driver ${registration}`})`,
  );
  await sightingAt(t, site, { registration, enteredAt: ago(3), exitedAt: ago(3) });
  const ticket = await ticketAt(t, site, { registration, issued: ago(3), status: ticketStatus });
  await ticketActionOn(t, { ticketNumber: ticket, site }, { action: 'Pay', at: ago(2) });
  await transactionAt(t, site, { occurredAt: ago(5), registration });
  return { permit, ticket };
}

async function personWithAccount(email: string) {
  const account = await accountWith(t, { features: ['Permits.View'], access: [], email });
  await t.database.db.execute(
    sql`insert into audit_events (subject_user_id, subject_email, type, description)
        values (${account.userId}, ${email}, 'SignedIn', 'Signed in with a password')`,
  );
  const [note] = await selectRows<{ id: number }>(
    t.database.db,
    sql`insert into notifications (category, title, body, severity) values ('news', ${`For ${email}`}, 'Hello', 'info') returning id`,
  );
  await t.database.db.execute(
    sql`insert into notification_recipients (notification_id, user_id) values (${note!.id}, ${account.userId})`,
  );
  return account;
}

beforeAll(async () => {
  t = await buildTestApp();
  officer = await accountWith(t, { features: ['Privacy.SubjectAccess'], access: 'all' });
});
afterAll(async () => t?.close());

describe('subject access', () => {
  it("answers a registration's zip: every kind of record of the person, nothing of anyone else", async () => {
    const site = await siteOf(t);
    await personWithRecords('SAR1ABC', site.number);
    await personWithRecords('OTH1ERS', site.number);

    const summary = await api
      .as(officer)
      .get('/api/privacy/subjects', { query: { registration: 'sar1 abc' } });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().counts).toEqual({
      permits: 1,
      permitHistory: 1,
      sightings: 1,
      tickets: 1,
      ticketActions: 1,
      transactions: 1,
      accounts: 0,
      signInHistory: 0,
      notifications: 0,
    });

    const download = await api
      .as(officer)
      .get('/api/privacy/subjects/export', { query: { registration: 'SAR1ABC' } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const files = await unzip(download.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [...subjectRecordKinds.map((k) => `${k}.csv`), 'README.txt'].sort(),
    );
    const withRows: SubjectRecordKind[] = [
      'permits',
      'permitHistory',
      'sightings',
      'tickets',
      'ticketActions',
      'transactions',
    ];
    for (const kind of withRows) expect(dataLines(files.get(`${kind}.csv`)), kind).toHaveLength(1);
    expect(files.get('permits.csv')).toContain('SAR1ABC');
    expect(files.get('permitHistory.csv')).toContain('Driver SAR1ABC');
    const everything = [...files.values()].join('\n');
    expect(everything).not.toContain('OTH1ERS');
    expect(files.get('README.txt')).toContain('transactions.csv (1 row)');
    expect(files.get('permits.csv')!.split('\r\n')[0]).toContain('Vehicle registration');

    // Both the search and the download are audited, neither with the plate.
    const audit = await selectRows<{ type: string; details: unknown }>(
      t.database.db,
      sql`select type, details from audit_events where actor_user_id = ${officer.userId} order by id`,
    );
    expect(audit.map((a) => a.type)).toEqual(
      expect.arrayContaining(['SubjectAccessSearched', 'SubjectAccessDownloaded']),
    );
    expect(JSON.stringify(audit)).not.toContain('SAR1ABC');
  });

  it('words the zip in the language of the account that asks: headers and README (decision 53)', async () => {
    const site = await siteOf(t);
    await personWithRecords('SAR2CYM', site.number);
    expect((await api.as(officer).put('/api/user/preferences', { language: 'cy' })).statusCode).toBe(200);
    try {
      const download = await api
        .as(officer)
        .get('/api/privacy/subjects/export', { query: { registration: 'SAR2CYM' } });
      const files = await unzip(download.rawPayload);
      const readme = files.get('README.txt')!;
      expect(readme).toContain('Data personol sydd gan y porth parcio am y rhif cofrestru SAR2CYM.');
      expect(readme).toContain('transactions.csv (1 rhes): Taliadau parcio ar gyfer y rhif cofrestru');
      expect(files.get('permits.csv')!.split('\r\n')[0]).toBe(
        'Rhif adnabod,Cwmpas,Safle,Grŵp safleoedd,Rhif cofrestru’r cerbyd,Enw’r gyrrwr,Dros dro,Hyd,Dechrau,Diwedd,Canslwyd am,Crëwyd am',
      );
      // No header of any file is left as a stored column's name.
      for (const [name, text] of files) {
        if (!name.endsWith('.csv') || !text.trim()) continue;
        for (const header of text.split('\r\n')[0]!.split(',')) expect(header, name).not.toMatch(/^[a-z_]+$/);
      }
    } finally {
      await api.as(officer).put('/api/user/preferences', { language: 'en' });
    }
  });

  it("answers an address's zip: accounts, sign-in history, notifications", async () => {
    await personWithAccount('subject@person.example');
    await personWithAccount('someone@else.example');
    const download = await api
      .as(officer)
      .get('/api/privacy/subjects/export', { query: { email: 'Subject@Person.example' } });
    expect(download.statusCode).toBe(200);
    const files = await unzip(download.rawPayload);
    expect(dataLines(files.get('accounts.csv'))).toHaveLength(1);
    expect(dataLines(files.get('signInHistory.csv'))).toHaveLength(1);
    expect(dataLines(files.get('notifications.csv'))).toHaveLength(1);
    expect(files.get('accounts.csv')).not.toContain('password');
    expect([...files.values()].join('\n')).not.toContain('someone@else.example');
  });

  it('refuses a request naming both or neither, and anyone without the feature', async () => {
    const both = await api
      .as(officer)
      .get('/api/privacy/subjects', { query: { registration: 'AB1', email: 'a@b.example' } });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.registration).toEqual([
      'Enter a registration or an email address (one of the two).',
    ]);
    const admin = await accountWith(t, {
      features: allFeatureNames.filter((f) => f !== 'Privacy.SubjectAccess'),
      access: 'all',
    });
    expect(
      (await api.as(admin).get('/api/privacy/subjects', { query: { registration: 'AB1' } })).statusCode,
    ).toBe(403);
  });

  it('reads every file through an index, never a whole table', async () => {
    const ids = ['00000000-0000-0000-0000-000000000001'];
    const statements = [
      subjectQueries.accounts('a@b.example'),
      subjectQueries.permitsByRegistration('AB12CDE', 0, 500),
      subjectQueries.permitsAddedBy(ids, 0, 500),
      subjectQueries.historyOfPermits([1]),
      subjectQueries.historyBy(ids, 0, 500),
      subjectQueries.sightings('AB12CDE', 0, 500),
      subjectQueries.tickets('AB12CDE', '', 500),
      subjectQueries.actionsOfTickets(['1']),
      subjectQueries.transactions('AB12CDE', 0, 500),
      subjectQueries.auditOfAccount(ids[0]!, 0, 500),
      subjectQueries.auditOfAddress('a@b.example', 0, 500),
      subjectQueries.notifications(ids[0]!, 0, 500),
    ];
    await t.database.kysely.transaction().execute(async (trx) => {
      await kyselySql`set local enable_seqscan = off`.execute(trx);
      for (const statement of statements) {
        const compiled = statement.compile(trx);
        const { rows } = await trx.executeQuery(
          CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
        );
        const plan = (rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
        expect(plan, compiled.sql).toMatch(/Index/);
        expect(plan, compiled.sql).not.toMatch(/Seq Scan/);
      }
    });
  });
});

describe('erasure', () => {
  it("anonymises a registration's records at once, except what an open charge needs, listed with why", async () => {
    const site = await siteOf(t);
    const { ticket: openTicket } = await personWithRecords('ERA1SED', site.number, 'open');
    // An older stay with a charge that is closed: all of it goes.
    await transactionAt(t, site.number, { occurredAt: ago(100), registration: 'ERA1SED' });
    await sightingAt(t, site.number, { registration: 'ERA1SED', enteredAt: ago(100) });
    await ticketAt(t, site.number, { registration: 'ERA1SED', issued: ago(100), status: 'cancelled' });

    const answer = await api
      .as(officer)
      .post('/api/privacy/erasures', { registration: 'ERA1SED', reference: 'DSR-2026-001' });
    expect(answer.statusCode).toBe(200);
    const result = answer.json();
    expect(result.anonymised).toMatchObject({ transactions: 2, sightings: 1, permits: 0, tickets: 1 });
    expect(result.kept).toEqual([
      { kind: 'tickets', id: openTicket, reason: expect.stringContaining('open parking charge') },
      { kind: 'sightings', id: expect.any(String), reason: expect.stringContaining('open parking charge') },
      { kind: 'permits', id: expect.any(String), reason: expect.stringContaining('open parking charge') },
    ]);

    // A search by the old plate finds only what the open charge keeps.
    const after = await api.as(officer).get('/api/privacy/subjects', { query: { registration: 'ERA1SED' } });
    expect(after.json().counts).toMatchObject({ permits: 1, sightings: 1, tickets: 1, transactions: 0 });

    const [audit] = await selectRows<{ description: string; details: unknown }>(
      t.database.db,
      sql`select description, details from audit_events where type = 'ErasureCarriedOut' order by id desc limit 1`,
    );
    expect(audit?.description).toContain('DSR-2026-001');
    expect(JSON.stringify(audit)).not.toContain('ERA1SED');
  });

  it('removes an address from the account and its history, so that a search by it finds nothing', async () => {
    const account = await personWithAccount('erase.me@person.example');
    const answer = await api
      .as(officer)
      .post('/api/privacy/erasures', { email: 'erase.me@person.example', reference: 'DSR-2026-002' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().anonymised).toMatchObject({ accounts: 1 });
    const after = await api
      .as(officer)
      .get('/api/privacy/subjects', { query: { email: 'erase.me@person.example' } });
    expect(after.json().counts).toMatchObject({ accounts: 0, signInHistory: 0, notifications: 0 });
    const leftovers = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where subject_email ilike 'erase.me@%' or description ilike '%erase.me@%'`,
    );
    expect(leftovers[0]?.n).toBe(0);
    const [user] = await selectRows<{ removed: boolean }>(
      t.database.db,
      sql`select removed_at is not null as removed from users where id = ${account.userId}`,
    );
    expect(user?.removed).toBe(true);
  });
});
