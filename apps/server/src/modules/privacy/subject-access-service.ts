import { Readable } from 'node:stream';
import {
  type SubjectCounts,
  type SubjectQuery,
  subjectRecordKinds,
  toSafeCsvCell,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import { type Translate, translatorFor, wordAt } from '../../i18n/index.js';
import { notFound } from '../../plugins/problem.js';
import { type Principal, policy } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import { languageOfUser } from '../identity/index.js';
import { loadAnonymiser } from './anonymise.js';
import { type Subject, subjectRecords } from './subject-records.js';

/**
 * The README.txt beside the files, in the reader's language (decision 53): whom it is about, what each
 * file holds and how many rows it has.
 */
function readme(subject: Subject, counts: Partial<SubjectCounts>, t: Translate): string {
  const lines = [
    'registration' in subject
      ? t('downloads.subjectAccess.readme.aboutRegistration', { registration: subject.registration })
      : t('downloads.subjectAccess.readme.aboutEmail', { email: subject.email }),
    t('downloads.subjectAccess.readme.produced', { when: new Date().toISOString() }),
    t('downloads.subjectAccess.readme.times'),
    '',
    ...subjectRecordKinds.map((k) =>
      t('downloads.subjectAccess.readme.file', {
        file: `${k}.csv`,
        count: counts[k] ?? 0,
        description: t(`downloads.subjectAccess.files.${k}`),
      }),
    ),
    '',
    t('downloads.subjectAccess.readme.retention'),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

const csvLine = (cells: unknown[]) =>
  `${cells
    .map((c) => {
      const text = toSafeCsvCell(c);
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(',')}\r\n`;

/**
 * One kind's rows as CSV lines, counting them as they go: a header from the first row, each stored
 * column named in the reader's language.
 */
async function* csvOf(
  rows: AsyncGenerator<Record<string, unknown>>,
  count: (n: number) => void,
  t: Translate,
) {
  let header: string[] | null = null;
  for await (const row of rows) {
    if (!header) {
      header = Object.keys(row);
      yield csvLine(header.map((column) => wordAt(t, `downloads.subjectAccess.columns.${column}`, column)));
    }
    count(1);
    yield csvLine(header.map((h) => row[h]));
  }
  if (!header) yield '\r\n';
}

export function subjectOf(query: SubjectQuery): Subject {
  return query.registration ? { registration: query.registration } : { email: String(query.email) };
}

/** The audit's note of whom a request was about: the keyed hash, never the plate or address. */
async function subjectToken(app: FastifyInstance, subject: Subject): Promise<string> {
  const anonymiser = await loadAnonymiser(app.database.kysely);
  return 'registration' in subject
    ? anonymiser.registration(subject.registration)
    : anonymiser.registration(`@${subject.email.toLowerCase()}`);
}

function mayAnswer(principal: Principal) {
  if (!policy.holdsAnyFeature(principal, 'Privacy.SubjectAccess')) throw notFound();
}

/** How many records of each kind the person has (what the zip will hold); the search is audited. */
export async function searchSubject(app: FastifyInstance, principal: Principal, query: SubjectQuery) {
  mayAnswer(principal);
  const subject = subjectOf(query);
  const records = subjectRecords(app.database.kysely, subject);
  const counts = Object.fromEntries(subjectRecordKinds.map((k) => [k, 0])) as SubjectCounts;
  for (const kind of subjectRecordKinds) for await (const _ of records[kind]()) counts[kind] += 1;
  const actor = { userId: principal.userId, email: principal.email };
  await recordAudit(app.database.kysely, {
    subject: actor,
    actor,
    type: 'SubjectAccessSearched',
    description: 'Searched for a person’s records (subject access request)',
    details: {
      subject: await subjectToken(app, subject),
      by: 'registration' in subject ? 'registration' : 'email',
    },
  });
  return { counts };
}

/**
 * The zip of a person's records, streamed: one CSV per kind, each read a page at a time as the zip
 * is written, and a README.txt last (with the row counts). Audited before the first byte.
 */
export async function subjectZip(
  app: FastifyInstance,
  principal: Principal,
  query: SubjectQuery,
): Promise<Readable> {
  mayAnswer(principal);
  const subject = subjectOf(query);
  const actor = { userId: principal.userId, email: principal.email };
  await recordAudit(app.database.kysely, {
    subject: actor,
    actor,
    type: 'SubjectAccessDownloaded',
    description: 'Downloaded a person’s records (subject access request)',
    details: {
      subject: await subjectToken(app, subject),
      by: 'registration' in subject ? 'registration' : 'email',
    },
  });
  // In the language of the account that asks (decision 53); a key's in its creator's.
  const t = translatorFor(await languageOfUser(app.database.kysely, principal.userId));
  const records = subjectRecords(app.database.kysely, subject);
  const counts: Partial<SubjectCounts> = {};
  const zip = new yazl.ZipFile();
  for (const kind of subjectRecordKinds) {
    counts[kind] = 0;
    const stream = Readable.from(
      csvOf(
        records[kind](),
        (n) => {
          counts[kind] = (counts[kind] ?? 0) + n;
        },
        t,
      ),
    );
    zip.addReadStream(stream, `${kind}.csv`);
  }
  // The README goes last, once every file has been read and counted.
  zip.addReadStream(
    Readable.from(
      (async function* () {
        yield readme(subject, counts, t);
      })(),
    ),
    'README.txt',
  );
  zip.end();
  return zip.outputStream as Readable;
}
