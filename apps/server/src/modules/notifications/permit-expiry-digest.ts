import { EXPIRING_SOON_DAYS, type Language, ukLastDayBefore } from '@client-portal/contract';
import { translatorFor } from '../../i18n/index.js';
import { inRecipientLanguage } from '../../plugins/bilingual-mail.js';
import { loadPrincipalForJob, policy } from '../access/index.js';
import { languageOfUser, mailLanguageOfUser } from '../identity/index.js';
import { claimOnce, type JobEngine, jobIdOf, pruneJobsDone } from '../jobs/index.js';
import { flagMailQueries } from './flag-mail-repository.js';
import { recordFlagNotification } from './flag-notifications.js';
import { notificationMail } from './notification-mail.js';
import type { NotificationContext } from './ticket-receipts.js';

const PERMIT_DIGEST_FLAG = 'PermitExpiryDigest';

/** The digest names at most this many permits, the soonest to end; the list shows every one (issue 24). */
export const DIGEST_LISTED_MAX = 5;

/** The permits list filtered to what the digest counts: current permits ending within 7 days. */
const DIGEST_LIST_PATH = '/permits?state=expiringSoon';

/** The digest's queries run on `db`, the database's typed handle. */
export type DigestContext = NotificationContext;

/**
 * Current permits the user's permits list shows (policy.permitView: none without Permits.View, only
 * their own without Permits.AllPermits) that end within 7 days of `now`, soonest first; of group
 * permits only those of groups in their reach (granted, or every site reached), not every group one of
 * their sites belongs to.
 */
async function expiringPermitsFor(ctx: DigestContext, userId: string, now: Date) {
  const db = ctx.db;
  const principal = await loadPrincipalForJob(db, userId);
  if (!principal) return [];
  const view = await policy.loadPermitView(db, principal);
  if (!view) return [];
  const until = new Date(now.getTime() + EXPIRING_SOON_DAYS * 24 * 3600 * 1000);
  return flagMailQueries.expiringPermits(db, principal, view, now, until).execute();
}

/**
 * Queues the day's digests: one `permit-digest.send` job per live, confirmed user with the
 * PermitExpiryDigest flag, each with an id made from the day and the user, so that planning the same
 * day again (a retry, a second process) queues each once. Answers how many users it planned for.
 */
export async function planPermitDigests(
  ctx: DigestContext & { jobs: JobEngine },
  day: string,
): Promise<number> {
  const users = await flagMailQueries.flaggedUsers(ctx.db, PERMIT_DIGEST_FLAG).execute();
  await ctx.jobs.sendMany(
    'permit-digest.send',
    users.map((user) => ({ data: { userId: user.id, day }, id: jobIdOf('permit-digest', day, user.id) })),
  );
  await pruneJobsDone(ctx.db);
  return users.length;
}

/**
 * One user's digest for one UK day: the current permits their permits list shows that end within 7
 * days of `now`, put in their notification centre and queued as an email, in one transaction with
 * the day's key, so that it reaches them once however often the job runs. Users with no such permit
 * get nothing. Answers whether a digest was recorded now.
 */
export async function sendPermitDigest(
  ctx: DigestContext,
  userId: string,
  day: string,
  now: Date,
): Promise<boolean> {
  const permits = await expiringPermitsFor(ctx, userId, now);
  if (permits.length === 0) return false;
  const wordsIn = (language: Language) => {
    const t = translatorFor(language);
    const count = permits.length;
    const days = String(EXPIRING_SOON_DAYS);
    const subject = t('mail.digest.subject', { count, days });
    // How many, the soonest few, and a link to the list filtered to them: not 97 lines.
    const more = permits.length - DIGEST_LISTED_MAX;
    const intro =
      more > 0
        ? t('mail.digest.introSoonest', { count, days, listed: String(DIGEST_LISTED_MAX) })
        : t('mail.digest.intro', { count, days });
    const items = permits.slice(0, DIGEST_LISTED_MAX).map((p) =>
      t('mail.digest.line', {
        registration: p.vehicle_registration,
        driver: p.driver_name,
        place: t(p.scope === 'group' ? 'mail.digest.groupPlace' : 'mail.digest.sitePlace', {
          number: p.number ?? '',
          name: p.name ?? '',
        }),
        ends: ukLastDayBefore(p.ended),
      }),
    );
    const rest = more > 0 ? [t('mail.digest.more', { count: more })] : [];
    return { t, subject, intro, items, rest };
  };
  // The notification centre's copy in the user's language (English while never asked); the mail in
  // theirs, or in both while it is not recorded (decision 53).
  const { subject, intro, items, rest } = wordsIn(await languageOfUser(ctx.db, userId));
  const mailLanguage = await mailLanguageOfUser(ctx.db, userId);
  return ctx.db.transaction().execute(async (tx) => {
    if (!(await claimOnce(tx, `permit-digest:${day}:${userId}`))) return false;
    const mailTo = await recordFlagNotification(
      tx,
      {
        category: 'PermitExpiryDigest',
        title: subject,
        body: [intro, items.map((i) => `- ${i}`).join('\n'), ...rest].join('\n\n'),
        link: DIGEST_LIST_PATH,
      },
      [{ kind: 'user', value: userId }],
    );
    if (mailTo.length === 0) return true;
    await ctx.mailer.send(
      inRecipientLanguage(mailLanguage, (language) => {
        const words = wordsIn(language);
        return notificationMail({
          language,
          to: mailTo[0]!,
          subject: words.subject,
          intro: [words.intro],
          items: words.items,
          outro: words.rest,
          link: { label: words.t('mail.digest.link'), url: `${ctx.settings.PUBLIC_URL}${DIGEST_LIST_PATH}` },
          why: words.t('mail.digest.why'),
        });
      }),
      { transaction: tx },
    );
    return true;
  });
}
