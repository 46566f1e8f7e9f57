import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = z.url().optional();

/** Every setting the server reads, from the environment, parsed once at start-up. */
const settingsSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  /** Most connections to DATABASE_URL this process holds. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** How long a request waits for a database connection before answering 503. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /**
   * A streaming replica of DATABASE_URL for the heavy reads (statistics, reports, the invoice and
   * permit downloads; decision 41); they fall back to the primary while it is down or behind.
   */
  DATABASE_REPLICA_URL: optionalUrl,
  /** Most connections to DATABASE_REPLICA_URL this process holds. */
  DATABASE_REPLICA_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(5),
  /** A replica further behind the primary than this is not read until it catches up. */
  REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(1).max(86_400).default(30),
  /** The Retry-After (seconds) of a 503 while the database cannot be reached. */
  DATABASE_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3_600).default(5),
  PUBLIC_URL: optionalUrl,
  API_BASE_URL: z.string().min(1).default('/api'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Client Portal <no-reply@clientportal.example>'),
  STAFF_EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain name such as operator.example')
    .default('operator.example'),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Requests one API key may make a minute, counted in the database across processes (decision 43). */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /**
   * Webhook hosts that may resolve to loopback, private or link-local addresses (decision 45), comma
   * separated: an operator's own receivers (and the tests' local one). Every other such URL is refused.
   */
  WEBHOOK_ALLOWED_INTERNAL_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h.length > 0),
    ),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_SCOPE: z.string().min(1).default('openid profile email'),
  SEED_DEMO: booleanText.default(true),
  /** Sends the daily permit-expiry digest mails (the cron schedule in modules/jobs/job-kinds.ts). */
  PERMIT_DIGEST_ENABLED: booleanText.default(true),
  /** Sends due report subscription mails each minute (the cron schedule in modules/jobs/job-kinds.ts). */
  REPORT_SUBSCRIPTIONS_ENABLED: booleanText.default(true),
  /**
   * What this process does (decision 40): `web` serves HTTP and queues jobs, `worker` runs jobs (and
   * answers only health and readiness), `all` both (the embedded demo's default).
   */
  PROCESS_ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  /**
   * Password and single sign-on attempts one network address may make in a minute. A whole hospital
   * can reach the portal from one address at a shift change: raise it there (each account keeps its
   * own limit of 20 and the lock-out after 5 failures whatever this says).
   */
  SIGN_IN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(10).max(100_000).default(100),
  /** How often an idle worker asks the job engine for work (pg-boss allows 0.5 s at the least). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** How often a worker fails the attempts that ran past their limit (a process that died mid-job). */
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * The longest any attempt may run before it is failed and retried, when shorter than its kind's own
   * limit (modules/jobs/job-kinds.ts): how soon a job of a killed process runs again. Unset: the kinds'.
   */
  JOB_ATTEMPT_SECONDS_MAX: z.coerce.number().int().min(1).optional(),
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  TRUST_PROXY: booleanText.default(false),
  /** Also parses every JSON answer with zod and refuses one the compiled serializer writes otherwise (tests). */
  CHECK_ANSWERS_WITH_ZOD: booleanText.default(false),
  /** Refuses (500) a signed-in success that never asked the policy module (tests: route-policy.test.ts). */
  CHECK_POLICY_CONSULTED: booleanText.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Log lines: `json` (one JSON object a line), `pretty` (short readable lines), `auto` (pretty on a terminal). */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  /** GET /metrics on the main port answers only a caller sending `Authorization: Bearer <this>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Also serve GET /metrics, without a token, on this port of METRICS_HOST (for the monitoring agent). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});

type RawSettings = z.infer<typeof settingsSchema>;

export interface Settings extends Omit<RawSettings, 'PUBLIC_URL'> {
  PUBLIC_URL: string;
}

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads settings from an environment map; throws SettingsError listing every bad entry. */
export function parseSettings(env: Record<string, string | undefined>): Settings {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = settingsSchema.safeParse(present);
  const problems = result.success
    ? []
    : result.error.issues.map((i) => `${i.path.join('.') || 'settings'}: ${i.message}`);
  if (!present.OIDC_ISSUER !== !present.OIDC_CLIENT_ID) {
    problems.push('OIDC_CLIENT_ID: OIDC_ISSUER and OIDC_CLIENT_ID must be set together');
  }
  if (present.DATABASE_REPLICA_URL && !present.DATABASE_URL) {
    problems.push('DATABASE_REPLICA_URL: a replica needs DATABASE_URL (the primary) too');
  }
  if (!result.success || problems.length > 0) throw new SettingsError(problems);
  const s = result.data;
  const dataDir = path.resolve(s.DATA_DIR);
  const publicUrl = (s.PUBLIC_URL ?? `http://localhost:${s.PORT}`).replace(/\/$/, '');
  return { ...s, DATA_DIR: dataDir, PUBLIC_URL: publicUrl };
}
