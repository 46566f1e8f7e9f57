import { Readable } from 'node:stream';
import {
  type SubjectCounts,
  type SubjectQuery,
  type SubjectRecordKind,
  subjectRecordKinds,
  toSafeCsvCell,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import { notFound } from '../../plugins/problem.js';
import { type Principal, policy } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import { loadAnonymiser } from './anonymise.js';
import { type Subject, subjectRecords } from './subject-records.js';

/** What each file of the zip holds: the README.txt beside them. */
export const subjectFileDescriptions: Record<SubjectRecordKind, string> = {
  permits:
    'Parking permits for the registration (or added by the account): site or group, registration, driver name, kind, duration, start and end, when cancelled and when added.',
  permitHistory:
    "The history of those permits (or the changes the account made to permits): what was added, edited (each field's old and new value), expired or cancelled, and when.",
  sightings:
    "Reads of the operator's number-plate cameras: site, registration, entry and exit times and how sure the camera was of its read.",
  tickets:
    'Parking charge notices issued to the registration: number, site, contravention, dates, amounts and status.',
  ticketActions:
    'What was done about those charges: cancellations and reductions, when, and the reason given.',
  transactions:
    'Parking payments for the registration: site, time, length of stay, amount and how it was paid.',
  accounts:
    'Portal accounts with the e-mail address: when created or removed, whether confirmed, two-factor sign-in and colour mode (never passwords or secrets).',
  signInHistory:
    "The account's audit trail: sign-ins, failed sign-ins, lock-outs, password and two-factor changes and changes to the account, with who made them.",
  notifications: 'Notifications sent to the account: category, title, text, when written, read and e-mailed.',
};

function readme(subject: Subject, counts: Partial<SubjectCounts>): string {
  const who =
    'registration' in subject
      ? `the registration ${subject.registration}`
      : `the e-mail address ${subject.email}`;
  const lines = [
    `Personal data held by the parking portal about ${who}.`,
    `Produced ${new Date().toISOString()}. Each file is comma-separated text (UTF-8) with a header row;`,
    'times are UTC. A file with only its header row means no record of that kind is held.',
    '',
    ...subjectRecordKinds.map((k) => `${k}.csv (${counts[k] ?? 0} rows): ${subjectFileDescriptions[k]}`),
    '',
    'Records past their retention period have been anonymised and are not included: see the privacy notice.',
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

/** One kind's rows as CSV lines (a header from the first row), counting them as they go. */
async function* csvOf(rows: AsyncGenerator<Record<string, unknown>>, count: (n: number) => void) {
  let header: string[] | null = null;
  for await (const row of rows) {
    if (!header) {
      header = Object.keys(row);
      yield csvLine(header);
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
  const records = subjectRecords(app.database.kysely, subject);
  const counts: Partial<SubjectCounts> = {};
  const zip = new yazl.ZipFile();
  for (const kind of subjectRecordKinds) {
    counts[kind] = 0;
    const stream = Readable.from(
      csvOf(records[kind](), (n) => {
        counts[kind] = (counts[kind] ?? 0) + n;
      }),
    );
    zip.addReadStream(stream, `${kind}.csv`);
  }
  // The README goes last, once every file has been read and counted.
  zip.addReadStream(
    Readable.from(
      (async function* () {
        yield readme(subject, counts);
      })(),
    ),
    'README.txt',
  );
  zip.end();
  return zip.outputStream as Readable;
}
