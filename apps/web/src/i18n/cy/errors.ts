import type { errors as english } from '../en/errors';
import type { WelshTable } from '../welsh-table';

/** Messages of the API client and local storage reads (platform spec section 8). */
export const errors: WelshTable<typeof english> = {
  exceededMaxRetries: 'Methwyd â chyfathrebu â gwasanaethau API Client Portal.',
  remoteServer: 'Dychwelodd y gweinydd pell wall: {{status}} {{text}}',
  appConfig: 'Methwyd â llwytho ffurfweddiad y rhaglen.',
  userInfo: 'Methwyd â llwytho gwybodaeth y defnyddiwr.',
  userSession: 'Methwyd â llwytho sesiwn y defnyddiwr.',
};
