import { configDefaults, type RetentionPolicy } from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import { type ConfigCache, readIntegerEntry } from '../config/index.js';
import { retentionQueries } from './retention-repository.js';

const fallback = (key: keyof typeof configDefaults) => Number(configDefaults[key]);

/** The operator's live retention periods (app_config, defaults where unset). */
export async function readRetentionPolicy(db: Queries, cache?: ConfigCache): Promise<RetentionPolicy> {
  const read = (key: Parameters<typeof readIntegerEntry>[1]) =>
    readIntegerEntry(db, key, fallback(key), cache);
  return {
    cameraReadDays: await read('RetentionCameraReadDays'),
    permitMonths: await read('RetentionPermitMonths'),
    transactionMonths: await read('RetentionTransactionMonths'),
    auditMonths: await read('RetentionAuditMonths'),
    notificationMonths: await read('RetentionNotificationMonths'),
  };
}

/** Every client company with its shorter periods (null: the operator's). */
export async function readClientOverrides(db: Queries) {
  return retentionQueries.overrides(db).execute();
}
