import type { Permit, PermitKey } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { selectRows } from '../../../db/rows.js';
import { legacyPolicySql, type Principal } from '../../access/index.js';
import { type PermitRow, permitColumns, presentPermit } from '../permit-presenter.js';

/** One permit of this type within the caller's reach; `forUpdate` locks it until the transaction ends. */
export async function findPermit(
  db: Db,
  principal: Principal,
  key: PermitKey,
  options: { forUpdate?: boolean } = {},
): Promise<Permit | undefined> {
  const [row] = await selectRows<PermitRow>(
    db,
    sql`select ${permitColumns} from permits p
        where p.id = ${key.permitId} and p.scope = ${key.type} and ${legacyPolicySql.permitChangeableWhere(principal)}
        ${options.forUpdate ? sql`for update of p` : sql``}`,
  );
  return row && presentPermit(row);
}

/** Ends a permit at `at` and answers it as stored. */
export async function endPermit(db: Db, permitId: number, at: Date): Promise<Permit> {
  const [row] = await selectRows<PermitRow>(
    db,
    sql`update permits p set ended = ${at.toISOString()}::timestamptz where p.id = ${permitId}
        returning ${permitColumns}`,
  );
  if (!row) throw new Error(`Permit ${permitId} vanished while locked`);
  return presentPermit(row);
}
