import type { EntryPage } from '../../lib/entry-pages';

/**
 * The permits pages a user can open without a permit in hand, in order of preference: the list, then
 * add, then bulk add. Expire needs a permit from the list, so Permits.Disable alone opens nothing.
 */
export const permitsEntryPages: readonly EntryPage[] = [
  { to: '/permits', features: ['Permits.View'] },
  { to: '/permits/add', features: ['Permits.Add'] },
  { to: '/permits/bulk-add', features: ['Permits.BulkAdd'] },
];
