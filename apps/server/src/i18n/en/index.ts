import { downloads } from './downloads.js';
import { mail } from './mail.js';
import { problems } from './problems.js';

/** The server's English table (decision 49): one file per area, each with its Welsh twin in ../cy. */
export const en = { downloads, mail, problems } as const;
