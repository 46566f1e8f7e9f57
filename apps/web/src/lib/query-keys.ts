import type { PermitState } from '@client-portal/contract';

/**
 * Every cache key the browser uses, one factory per kind of data. A write refreshes what it changed
 * through these (never a literal array), so a key read in one feature and refreshed from another (the
 * dashboard's permit counts, the roles list of the user screens) is the same key by construction. Keys
 * of data that belongs to one user carry that user's email, so a second sign-in never sees the first's.
 */
export const userKeys = {
  infos: ['user', 'info'] as const,
  info: (email: string) => ['user', 'info', email] as const,
  twoFactor: ['user', 'two-factor'] as const,
  recentActions: (email: string) => ['user', 'recent-actions', email] as const,
};

export const permitKeys = {
  lists: ['permits', 'list'] as const,
  list: (email: string, request: unknown) => ['permits', 'list', email, request] as const,
  counts: ['permits', 'count'] as const,
  count: (email: string, state: PermitState) => ['permits', 'count', email, state] as const,
  ones: ['permits', 'one'] as const,
  one: (email: string, type: string, permitId: number) => ['permits', 'one', email, type, permitId] as const,
  /** Under `ones`, so that whatever refreshes a permit refreshes its history too. */
  history: (email: string, type: string, permitId: number) =>
    ['permits', 'one', email, type, permitId, 'history'] as const,
  /** A bulk upload (under `ones`: whatever changes permits refreshes it). */
  upload: (email: string, uploadId: number) => ['permits', 'one', email, 'upload', uploadId] as const,
  /** A site's permit allowances and what counts against them (under `counts`: every permit change refreshes it). */
  allowanceUse: (email: string, site: string) => ['permits', 'count', email, 'allowance-use', site] as const,
  /** The warnings of a plate typed for a new permit at a site. */
  plateCheck: (email: string, site: string, registration: string) =>
    ['permits', 'plate-check', email, site, registration] as const,
  /** The warnings of the registration a stored permit is being corrected to. */
  editPlateCheck: (email: string, type: string, permitId: number, registration: string) =>
    ['permits', 'plate-check', email, type, permitId, registration] as const,
};

export const permitAllowanceKeys = {
  of: (siteNumber: string) => ['permit-allowances', siteNumber] as const,
};

export const ticketKeys = {
  all: ['tickets'] as const,
  allowances: ['tickets', 'allowances'] as const,
  /** `kind`: the cancelled or the reduced tickets. */
  history: (kind: 'cancel' | 'reduce') => ['tickets', 'history', kind] as const,
  historyPage: (kind: 'cancel' | 'reduce', request: unknown) =>
    ['tickets', 'history', kind, request] as const,
  /** The charges list (issue 24): every page changes when any ticket is acted on. */
  list: ['tickets', 'list'] as const,
  listPage: (email: string, request: unknown) => ['tickets', 'list', email, request] as const,
  /** A lookup before an action from the list: never cached (see lookup-ticket.ts). */
  lookup: (kind: 'cancel' | 'reduce', ticketNumber: string) =>
    ['tickets', 'lookup', kind, ticketNumber] as const,
};

export const roleKeys = {
  all: ['application', 'roles'] as const,
  one: (roleId: number) => ['application', 'roles', roleId] as const,
  removal: (roleId: number) => ['application', 'roles', roleId, 'removal'] as const,
};

export const userAccountKeys = {
  all: ['user-accounts'] as const,
  lists: ['user-accounts', 'list'] as const,
  list: (request: unknown) => ['user-accounts', 'list', request] as const,
  one: (userId: string) => ['user-accounts', 'one', userId] as const,
  audit: (userId: string) => ['user-accounts', 'audit', userId] as const,
};

/** API keys (decision 43): the lists an administrator sees. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: (email: string, request: unknown) => ['api-keys', email, request] as const,
};

/** Webhooks (decision 45): the subscriptions an administrator sees and each one's delivery log. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (email: string, request: unknown) => ['webhooks', email, 'list', request] as const,
  one: (email: string, id: string) => ['webhooks', email, 'one', id] as const,
  deliveries: (email: string, id: string, request: unknown) =>
    ['webhooks', email, 'deliveries', id, request] as const,
  delivery: (email: string, id: string, deliveryId: string) =>
    ['webhooks', email, 'delivery', id, deliveryId] as const,
  attempts: (email: string, id: string, deliveryId: string, request: unknown) =>
    ['webhooks', email, 'attempts', id, deliveryId, request] as const,
};

export const siteKeys = {
  accessible: (email: string) => ['sites', 'accessible', email] as const,
  resolved: (numbers: readonly string[] | undefined) => ['sites', 'resolve', numbers] as const,
};

export const invoiceKeys = {
  definitions: ['invoicing', 'definitions'] as const,
  page: (key: string, site: string, request: unknown) => ['invoicing', 'page', key, site, request] as const,
};

export const identityKeys = {
  confirmation: (code: string, email: string) => ['identity', 'confirm', code, email] as const,
};

export const notificationKeys = {
  all: (email: string) => ['notifications', email] as const,
  summary: (email: string) => ['notifications', email, 'summary'] as const,
  list: (email: string, request: unknown) => ['notifications', email, 'list', request] as const,
  sent: (email: string) => ['notifications', email, 'sent'] as const,
  sentPage: (email: string, request: unknown) => ['notifications', email, 'sent', request] as const,
  companies: (email: string, search: string) => ['notifications', email, 'companies', search] as const,
  preferences: (email: string) => ['notifications', email, 'preferences'] as const,
};

export const statisticsKeys = {
  all: ['statistics'] as const,
  section: (email: string, section: string, choice: unknown) =>
    ['statistics', email, section, choice] as const,
};

export const reportKeys = {
  definitions: ['reports', 'definitions'] as const,
  subscriptions: (email: string) => ['reports', 'subscriptions', email] as const,
};

/** The operator's background jobs (the same for every administrator who may see them). */
export const jobKeys = {
  overview: ['admin', 'jobs'] as const,
};

export const visitorKeys = {
  all: ['visitor-links'] as const,
  links: (email: string, request: object) => ['visitor-links', 'list', email, request] as const,
  link: (email: string, id: number) => ['visitor-links', 'one', email, id] as const,
  poster: (email: string, id: number) => ['visitor-links', 'poster', email, id] as const,
  approvals: (email: string, request: object) => ['visitor-links', 'approvals', email, request] as const,
  summary: (email: string) => ['visitor-links', 'summary', email] as const,
  visit: (token: string, kiosk: string | undefined) => ['visit', token, kiosk] as const,
};

/**
 * Retention periods (decisions 52, 54): the reader's own for the notice, one car park's for anyone,
 * and the companies one may set.
 */
export const retentionKeys = {
  mine: (email: string) => ['privacy', 'retention', 'mine', email] as const,
  site: (site: string) => ['privacy', 'retention', 'site', site] as const,
  companies: ['privacy', 'retention', 'companies'] as const,
  companySearch: (email: string, search: string) =>
    ['privacy', 'retention', 'companies', email, search] as const,
};
