import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.js';
import { inputHygienePlugin, MAX_INPUT_DEPTH } from './input-hygiene.js';

async function app() {
  const server = Fastify({ logger: false });
  await server.register(errorsPlugin);
  await server.register(inputHygienePlugin);
  server.post('/things/:name', async (request) => ({ ok: true, body: request.body }));
  return server;
}

const errorsOf = async (
  server: Awaited<ReturnType<typeof app>>,
  url: string,
  payload: unknown,
): Promise<Record<string, string[]> | 'passed'> => {
  const res = await server.inject({ method: 'POST', url, payload: payload as object });
  return res.statusCode === 200 ? 'passed' : res.json().errors;
};

describe('input hygiene', () => {
  it('lets clean input through, flat or nested', async () => {
    const server = await app();
    expect(await errorsOf(server, '/things/a?x=1&y=two', { a: 'b', n: 1, list: [{ c: 'd' }] })).toBe(
      'passed',
    );
    expect(await errorsOf(server, '/things/a', ['x', 'y'])).toBe('passed');
  });

  it('refuses a NUL character wherever it is: route parameter, query, flat or nested body', async () => {
    const server = await app();
    const nul = 'Must not contain a NUL character.';
    expect(await errorsOf(server, '/things/a%00b', {})).toEqual({ name: [nul] });
    expect(await errorsOf(server, '/things/a?x=1&y=t%00wo', {})).toEqual({ y: [nul] });
    expect(await errorsOf(server, '/things/a', { a: 'b\u0000' })).toEqual({ a: [nul] });
    expect(await errorsOf(server, '/things/a', { list: [{ c: '\u0000' }] })).toEqual({ 'list.0.c': [nul] });
    expect(await errorsOf(server, '/things/a', ['ok', 'n\u0000'])).toEqual({ '1': [nul] });
  });

  it('refuses a body nested deeper than it walks', async () => {
    const server = await app();
    let deep: unknown = 'x';
    for (let i = 0; i <= MAX_INPUT_DEPTH; i++) deep = { d: deep };
    const errors = await errorsOf(server, '/things/a', deep);
    expect(Object.values(errors)).toEqual([[`Must not be nested more than ${MAX_INPUT_DEPTH} levels deep.`]]);
  });
});
