import {
  API_VERSION,
  type ApplicationConfig,
  CONFIG_EXPIRES_IN_SECONDS,
  type ConfigKey,
  configDefaults,
  configEntryIssues,
  configKeys,
  latestNewsKeys,
  type WritableConfigKey,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Queries } from '../../db/kysely.js';
import { FieldErrors, forbidden } from '../../plugins/problem.js';
import { type Principal, policy } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import type { ConfigCache } from './config-cache.js';
import { lockEntries, readStoredEntries, writeEntry } from './config-repository.js';
import { configRuleMessage } from './config-rule-messages.js';
import { sendLatestNewsMail } from './news-mail.js';

/** What GET /application/config answers: stored entries over defaults, plus the served build's hash. */
export async function loadApplicationConfig(
  db: Queries,
  applicationHash: string,
  cache: ConfigCache,
): Promise<ApplicationConfig> {
  const stored = await readStoredEntries(db, cache);
  const config: Record<string, string> = {};
  for (const key of configKeys) {
    const value = key === 'ApplicationHash' ? applicationHash : (stored[key] ?? configDefaults[key]);
    if (value !== undefined) config[key] = value;
  }
  return { config, expiresIn: CONFIG_EXPIRES_IN_SECONDS, version: API_VERSION };
}

/**
 * Changes the given entries as one unit: every key must be one the caller's features allow (else
 * 403 and nothing is written), every value valid (else 400 keyed by entry). Each entry that really
 * changes is audited; subscribers get the latest news by email once the change is committed.
 */
export async function updateApplicationConfig(
  app: FastifyInstance,
  principal: Principal,
  entries: Record<string, string | null>,
): Promise<ConfigKey[]> {
  const keys = Object.keys(entries);
  const refused = keys.filter((key) => !policy.mayChangeConfigEntry(principal, key));
  if (refused.length > 0) throw forbidden(`You may not change these settings: ${refused.join(', ')}.`);

  const errors = new FieldErrors();
  for (const key of keys as WritableConfigKey[]) {
    for (const issue of configEntryIssues(key, entries[key] ?? null))
      errors.add(key, configRuleMessage(issue));
  }
  errors.throwIfAny();

  const actor = { userId: principal.userId, email: principal.email };
  const changed = await app.database.kysely.transaction().execute(async (queries) => {
    const previous = await lockEntries(queries, keys);
    const done: WritableConfigKey[] = [];
    for (const key of keys as WritableConfigKey[]) {
      const value = entries[key] || null;
      const before = previous.get(key) ?? null;
      if (value === before) continue;
      await writeEntry(queries, key, value, principal.userId);
      await recordAudit(queries, {
        subject: actor,
        actor,
        type: 'ConfigChanged',
        description: value === null ? `Cleared the setting ${key}` : `Changed the setting ${key}`,
        details: { key, previous: before, value },
      });
      done.push(key);
    }
    return done;
  });
  // This process reads its own change at once; the others drop their copy on the NOTIFY.
  app.caches.config.invalidate();

  if (changed.some((key) => (latestNewsKeys as readonly string[]).includes(key))) {
    // After the commit, and without holding up the answer: one slow mail server must not block the admin.
    sendLatestNewsMail(app).catch((err) => app.log.error({ err }, 'latest news emails failed'));
  }
  return changed;
}
