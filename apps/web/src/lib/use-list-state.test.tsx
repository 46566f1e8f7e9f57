import { permitListQuerySchema, tableStateSchema } from '@client-portal/contract';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQuery, readListState, writeListState } from './list-state';
import { useListState } from './use-list-state';

const schema = z.object({
  state: z.enum(['open', 'closed']).optional(),
  name: z.string().trim().max(5).optional(),
  only: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === 'true' ? true : undefined)),
  sites: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  size: z.coerce.number().int().min(1).max(50).optional().default(10),
});
const read = (search: string, prefix = '') => readListState(schema, new URLSearchParams(search), prefix);

describe('list state in the query string', () => {
  it('round-trips every field through the schema, in its order, leaving defaults out', () => {
    const state: z.output<typeof schema> = {
      state: 'open',
      name: 'Ann',
      only: true,
      sites: ['1001', 'SG01'],
      size: 20,
    };
    const search = writeListState(schema, state);
    expect(search.toString()).toBe('state=open&name=Ann&only=true&sites=1001&sites=SG01&size=20');
    expect(readListState(schema, search)).toEqual(state);
    expect(writeListState(schema, { size: 10, sites: [] }).toString()).toBe('');
    expect(listQuery(schema, state)).toEqual({
      state: 'open',
      name: 'Ann',
      only: 'true',
      sites: ['1001', 'SG01'],
      size: '20',
    });
  });

  it('falls back to each field’s default for missing or bad values, and drops unknown parameters', () => {
    expect(read('')).toEqual({ sites: [], size: 10 });
    expect(read('state=someday&name=toolongname&only=yes&size=-3&size=4&foo=bar')).toEqual({
      sites: [],
      size: 10,
    });
    // One bad field does not cost the good ones.
    expect(read('state=closed&size=abc&sites=1001')).toEqual({ state: 'closed', sites: ['1001'], size: 10 });
  });

  it('reads and writes one table’s fields under a prefix', () => {
    expect(read('a.state=open&state=closed', 'a.')).toEqual({ state: 'open', sites: [], size: 10 });
    expect(writeListState(schema, { name: 'x' }, 'a.').toString()).toBe('a.name=x');
  });

  it('reads the permit list’s address through the contract, as the server would, keeping All sites', () => {
    const search = new URLSearchParams(
      'state=current&siteNumber=all&vehicleRegistration=kx70%20cof&notSeen=true&sort=driverName&direction=desc&after=c1&skip=10&page=4',
    );
    const state = readListState(permitListQuerySchema, search);
    expect(state).toEqual({
      state: 'current',
      siteNumber: 'ALL',
      vehicleRegistration: 'KX70COF',
      notSeen: true,
      sort: 'driverName',
      direction: 'desc',
      after: 'c1',
      skip: 10,
      page: 4,
    });
    expect(writeListState(permitListQuerySchema, state).toString()).toBe(
      'state=current&siteNumber=ALL&vehicleRegistration=KX70COF&notSeen=true&sort=driverName&direction=desc&after=c1&skip=10&page=4',
    );
    expect(
      readListState(permitListQuerySchema, new URLSearchParams('sort=password&skip=9999&page=0')),
    ).toEqual({
      skip: 0,
    });
    expect(readListState(tableStateSchema, new URLSearchParams('page=x&direction=up'))).toEqual({ page: 1 });
  });
});

/** The hook inside a route of a memory router, so its writes are the router's history. */
function renderListState(entry: string, prefix?: string) {
  const hook = { current: undefined as unknown as ReturnType<typeof useListState<typeof schema>> };
  function Probe() {
    hook.current = useListState(schema, { prefix });
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return { hook, router };
}

describe('useListState', () => {
  it('reads the address and writes changes back, pushing or replacing the history entry', async () => {
    const { hook, router } = renderListState('/list?state=open&size=oops&junk=1');
    expect(hook.current[0]).toEqual({ state: 'open', sites: [], size: 10 });

    await act(async () => hook.current[1]((s) => ({ ...s, size: 20 })));
    expect(router.state.location.search).toBe('?state=open&size=20');
    expect(router.state.historyAction).toBe('PUSH');
    expect(hook.current[0]).toEqual({ state: 'open', sites: [], size: 20 });

    await act(async () => hook.current[1]({ name: 'Bo' }, { replace: true }));
    expect(router.state.location.search).toBe('?name=Bo');
    expect(router.state.historyAction).toBe('REPLACE');

    await act(async () => router.navigate(-1));
    expect(hook.current[0]).toEqual({ state: 'open', sites: [], size: 10 });
  });

  it('with a prefix keeps the page’s other parameters', async () => {
    const { hook, router } = renderListState('/list?view=table&t.size=30', 't.');
    expect(hook.current[0].size).toBe(30);
    await act(async () => hook.current[1]((s) => ({ ...s, state: 'closed' })));
    expect(router.state.location.search).toBe('?view=table&t.state=closed&t.size=30');
  });
});
