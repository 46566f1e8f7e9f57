import type { WelshTable } from '@client-portal/contract';
import type { en } from '../en/index.js';
import { downloads } from './downloads.js';
import { mail } from './mail.js';
import { problems } from './problems.js';

/** The server's Welsh table (decision 49): the English table's areas, key for key. */
export const cy: WelshTable<typeof en> = { downloads, mail, problems };
