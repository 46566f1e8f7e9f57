import { featureCatalogue, flagCatalogue } from '@client-portal/contract';
import type { SqlSession } from '../client.js';
import { insertRows } from './sql.js';

/** Brings the features and flags tables in line with the catalogue in code; run on every start. */
export async function syncCatalogue(session: SqlSession): Promise<void> {
  await insertRows(
    session,
    'features',
    ['normalized_name', 'name', 'description', 'group_name', 'group_description'],
    featureCatalogue.map((f) => [f.normalizedName, f.name, f.description, f.group.name, f.group.description]),
    `on conflict (normalized_name) do update set name = excluded.name, description = excluded.description,
      group_name = excluded.group_name, group_description = excluded.group_description`,
  );
  await insertRows(
    session,
    'flags',
    ['normalized_name', 'name', 'mask', 'description'],
    flagCatalogue.map((f) => [f.normalizedName, f.name, f.mask, f.description]),
    `on conflict (normalized_name) do update set name = excluded.name, mask = excluded.mask,
      description = excluded.description`,
  );
}
