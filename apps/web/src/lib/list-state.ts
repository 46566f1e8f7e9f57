import type { z } from 'zod';

/**
 * A list's state schema: a contract zod object whose fields read query-string text (decision 28), e.g.
 * permitListQuerySchema or tableStateSchema. Every field must accept `undefined` (its default).
 */
export type ListStateSchema = z.ZodObject;
export type ListState<S extends ListStateSchema> = z.output<S>;
/** One list's query: each field's text, a list field's texts repeated (the form the API reads). */
export type ListQuery = Record<string, string | string[]>;

type Field = z.ZodType;

function fieldDefault(field: Field): unknown {
  const parsed = field.safeParse(undefined);
  return parsed.success ? parsed.data : undefined;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Reads a list's state out of a query string through its contract schema, field by field: a missing or
 * invalid value is that field's default (never an error), and parameters the schema does not know are
 * left out. `prefix` names the fields of one of several tables on a page.
 */
export function readListState<S extends ListStateSchema>(
  schema: S,
  search: URLSearchParams,
  prefix = '',
): ListState<S> {
  const state: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, Field>)) {
    const texts = search.getAll(prefix + key);
    const raw = texts.length === 0 ? undefined : texts.length === 1 ? texts[0] : texts;
    const parsed = field.safeParse(raw);
    const value = parsed.success ? parsed.data : fieldDefault(field);
    if (value !== undefined) state[key] = value;
  }
  return state as ListState<S>;
}

/**
 * The query of a list's state, as the address and the API both take it: the schema's fields in its
 * order, leaving out those empty or at their default. The one conversion back to text.
 */
export function listQuery<S extends ListStateSchema>(schema: S, state: Partial<ListState<S>>): ListQuery {
  const query: ListQuery = {};
  const values = state as Record<string, unknown>;
  for (const [key, field] of Object.entries(schema.shape as Record<string, Field>)) {
    const value = values[key];
    if (isEmpty(value) || same(value, fieldDefault(field))) continue;
    query[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return query;
}

/** The query string of a list's state (see listQuery), its names prefixed when one of several tables. */
export function writeListState<S extends ListStateSchema>(
  schema: S,
  state: Partial<ListState<S>>,
  prefix = '',
): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(listQuery(schema, state))) {
    for (const text of Array.isArray(value) ? value : [value]) search.append(prefix + key, text);
  }
  return search;
}

/** `?…` for a non-empty query string, else ''. */
export const searchText = (search: URLSearchParams) => {
  const text = search.toString();
  return text ? `?${text}` : '';
};
