import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { TokenService } from '../../plugins/auth.js';
import type { Mailer } from '../../plugins/mail.js';
import type { Settings } from '../../settings.js';

/** What the identity services need from the app; tests and other modules can build one too. */
export interface IdentityContext {
  db: Db;
  mailer: Mailer;
  settings: Settings;
  tokens: TokenService;
  log: FastifyBaseLogger;
}
