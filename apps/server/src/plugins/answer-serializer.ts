import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/**
 * Writes every JSON answer from its declared schema (decision 25). A schema is compiled once, at its
 * route's first answer (decision 36), into a projection: it copies only the declared fields (undeclared ones are dropped, as zod's parse
 * drops them) and checks every value's kind (string, finite number, boolean, null, enum or literal
 * member, object, array). It does not re-check string formats, lengths or refinements: those are the
 * input's rules, and an answer is built by the server from checked data. A value of the wrong kind falls
 * back to zod's parse, so the caller gets zod's error (a 500) exactly as before. A schema the projection
 * cannot follow (a transform, a default, a pipe, a tuple...) is parsed by zod on every answer.
 *
 * `checkWithZod` (the API tests' setting) also parses every answer with zod and refuses one whose text
 * differs from the projection's, so every API test checks that the two agree.
 */

const INVALID = Symbol('invalid answer value');
type Projection = (value: unknown) => unknown;

interface Def {
  type: string;
  innerType?: $ZodType;
  element?: $ZodType;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  options?: $ZodType[];
  keyType?: $ZodType;
  valueType?: $ZodType;
}

const OBJECT_TEST = 'typeof v !== "object" || v === null || Array.isArray(v)';

/** Each kind's check, as the body of a generated function of `v` (`I`: the value is not of the kind). */
const kinds: Record<string, string> = {
  string: 'if (typeof v === "string") return v; throw I;',
  number: 'if (typeof v === "number" && Number.isFinite(v)) return v; throw I;',
  boolean: 'if (typeof v === "boolean") return v; throw I;',
  null: 'if (v === null) return v; throw I;',
  date: 'if (v instanceof Date && !Number.isNaN(v.getTime())) return v; throw I;',
  any: 'return v;',
  unknown: 'return v;',
};

/**
 * Writes the projection of a schema as JavaScript: one function per schema node, so that each object's
 * fields are read by code of its own (one shape at each read) and each object is built as one literal.
 * Field names come from the schema, never from an answer, and are written as JSON string literals.
 */
class ProjectionWriter {
  readonly functions: string[] = [];
  readonly sets: ReadonlySet<unknown>[] = [];
  private readonly names = new Map<$ZodType, string>();

  /** The name of the function projecting `schema`, or undefined if it cannot be written. */
  write(schema: $ZodType): string | undefined {
    const known = this.names.get(schema);
    if (known) return known;
    const def = schema._zod.def as unknown as Def;
    if (def.type === 'readonly') return this.write(def.innerType!);
    const body = this.body(schema, def);
    if (body === undefined) return undefined;
    const name = `f${this.functions.length}`;
    this.functions.push(`function ${name}(v) { ${body} }`);
    this.names.set(schema, name);
    return name;
  }

  private body(schema: $ZodType, def: Def): string | undefined {
    if (kinds[def.type]) return kinds[def.type];
    switch (def.type) {
      case 'enum':
      case 'literal': {
        const values = schema._zod.values;
        if (!values) return undefined;
        this.sets.push(values);
        return `if (S[${this.sets.length - 1}].has(v)) return v; throw I;`;
      }
      case 'nullable':
        return this.wrap(def.innerType!, (inner) => `return v === null ? v : ${inner}(v);`);
      case 'optional':
        return this.wrap(def.innerType!, (inner) => `return v === undefined ? v : ${inner}(v);`);
      case 'array':
        return this.wrap(
          def.element!,
          (element) =>
            `if (!Array.isArray(v)) throw I; const o = new Array(v.length); for (let i = 0; i < v.length; i++) o[i] = ${element}(v[i]); return o;`,
        );
      case 'object':
        return def.catchall ? undefined : this.object(def.shape!);
      case 'union':
        return this.union(def.options!);
      case 'record':
        if ((def.keyType!._zod.def as unknown as Def).type !== 'string') return undefined;
        return this.wrap(
          def.valueType!,
          (value) =>
            `if (${OBJECT_TEST}) throw I; const o = Object.create(null); for (const k of Object.keys(v)) { const x = ${value}(v[k]); if (x !== undefined) o[k] = x; } return o;`,
        );
      default:
        return undefined;
    }
  }

  private wrap(inner: $ZodType, body: (name: string) => string): string | undefined {
    const name = this.write(inner);
    return name && body(name);
  }

  /**
   * Every declared field in the schema's order, undeclared ones left out: the text JSON.stringify
   * writes is zod's (a field whose value is undefined is not written, as zod leaves it out).
   */
  private object(shape: Record<string, $ZodType>): string | undefined {
    const fields: string[] = [];
    for (const [key, fieldSchema] of Object.entries(shape)) {
      const name = this.write(fieldSchema);
      if (!name || key === '__proto__') return undefined;
      const literal = JSON.stringify(key);
      fields.push(`${literal}: ${name}(v[${literal}])`);
    }
    return `if (${OBJECT_TEST}) throw I; return { ${fields.join(', ')} };`;
  }

  /** The first option the value fits, as zod's union answers. */
  private union(options: $ZodType[]): string | undefined {
    const names = options.map((option) => this.write(option));
    if (names.some((name) => !name)) return undefined;
    const attempts = names.map((name) => `try { return ${name}(v); } catch (e) { if (e !== I) throw e; }`);
    return `${attempts.join(' ')} throw I;`;
  }
}

/** The projection of `schema` (INVALID for a value of the wrong kind), or undefined where only zod's parse answers. */
export function compileProjection(schema: $ZodType): Projection | undefined {
  const writer = new ProjectionWriter();
  const root = writer.write(schema);
  if (!root) return undefined;
  const source = `${writer.functions.join('\n')}
return function project(v) { try { return ${root}(v); } catch (e) { if (e === I) return I; throw e; } };`;
  return new Function('I', 'S', source)(INVALID, writer.sets) as Projection;
}

function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`An answer schema is not a zod schema: ${JSON.stringify(schema)}`);
}

export function answerSerializerCompiler(options: {
  checkWithZod: boolean;
}): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    const parsed = (data: unknown) => {
      const result = safeParse(zodSchema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(result.data);
    };
    // Compiled at a route's first answer, not at start-up: most routes are never called by a given
    // process soon, and compiling every writer was a third of building the app (decision 36).
    let project: Projection | undefined;
    let compiled = false;
    return (data) => {
      if (!compiled) {
        project = compileProjection(zodSchema);
        compiled = true;
      }
      if (!project) return parsed(data);
      const projected = project(data);
      const text = projected === INVALID ? undefined : JSON.stringify(projected);
      if (options.checkWithZod) {
        const expected = parsed(data);
        if (text !== expected) {
          throw new Error(
            `The compiled answer of ${method} ${url} differs from zod's: ${text} / ${expected}`,
          );
        }
        return expected;
      }
      return text ?? parsed(data);
    };
  };
}
