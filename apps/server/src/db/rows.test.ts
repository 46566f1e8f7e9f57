import { describe, expect, expectTypeOf, it } from 'vitest';
import { columnList, type RowOf, type RowOfList } from './rows.js';
import { permits, type users } from './schema.js';

describe('row types drawn from schema.ts', () => {
  it('keys a row by SQL column name, typed as raw SQL returns it', () => {
    expectTypeOf<RowOf<typeof users>['security_stamp']>().toEqualTypeOf<number>();
    expectTypeOf<RowOf<typeof users>['removed_at']>().toEqualTypeOf<Date | string | null>();
    // @ts-expect-error the TypeScript property name is not the SQL column name
    expectTypeOf<RowOf<typeof users>['securityStamp']>().toBeNever();
  });

  it('builds a select list and its row type from the same checked names', () => {
    const list = columnList(permits, 'p', ['id', 'vehicle_registration']);
    expectTypeOf<RowOfList<typeof list>>().toEqualTypeOf<{ id: number; vehicle_registration: string }>();
    // @ts-expect-error a misspelt column does not compile
    expect(() => columnList(permits, 'p', ['vehicle_registraton'])).toThrow('Not columns of the table');
  });
});
