import type { FastifyBaseLogger } from 'fastify';
import type { Queries } from '../../db/kysely.js';
import type { TokenService } from '../../plugins/auth.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Settings } from '../../settings.js';

/** What the identity services need from the app; tests and other modules can build one too. */
export interface IdentityContext {
  /** Every identity statement runs on this (decision 31). */
  kysely: Queries;
  mailer: Mailer;
  settings: Settings;
  tokens: TokenService;
  log: FastifyBaseLogger;
}
