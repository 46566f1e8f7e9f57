import { addIsoDays, ukToday } from '@client-portal/contract';
import { expect } from 'vitest';
import type { Answer } from './api-client.js';
import { bearerFor } from './sign-in-as.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** The seeded people the permit tests act as (demo seed), by the names the tests give them. */
const permitActors = {
  admin: 'admin@operator.example',
  manager: 'manager@acme.example',
  clerk: 'clerk@acme.example',
  bolt: 'manager@bolt.example',
  finance: 'finance@operator.example',
} as const;

export type Bearer = Awaited<ReturnType<typeof bearerFor>>;
export type { Answer };

/** A test app on the seeded database and a bearer for each of the permit tests' people. */
export async function permitTestApp(): Promise<{ t: TestApp } & Record<keyof typeof permitActors, Bearer>> {
  const t = await buildTestApp();
  const bearers = await Promise.all(
    Object.entries(permitActors).map(async ([role, email]) => [role, await bearerFor(t, email)] as const),
  );
  return { t, ...(Object.fromEntries(bearers) as Record<keyof typeof permitActors, Bearer>) };
}

/**
 * New registrations, `prefix` and a running number of `digits` digits, none of which a seeded permit
 * or ticket has (seeded ones never contain Q or Z; the prefix should have both), each ending in a
 * check letter so that no two are one transposition apart (the plate check would rightly ask "did
 * you mean?").
 */
export function newRegistrations(prefix: string, digits: number): () => string {
  let made = 0;
  return () => {
    const number = String(++made).padStart(digits, '0');
    const check = [...number].reduce((sum, d, i) => sum + Number(d) * (i + 1), 0) % 11;
    return `${prefix}${number}${'ACDEFHJKLMN'[check]}`;
  };
}

/** The UK day `n` days from today (negative: before it), as YYYY-MM-DD. */
export const ukDay = (n: number) => addIsoDays(ukToday(new Date()), n);

/** A refusal's problem (application/problem+json), after checking its status. */
export function problemOf<P = { detail: string; errors?: Record<string, string[]> }>(
  res: Pick<Answer, 'statusCode' | 'body' | 'headers'> & { json(): unknown },
  status: number,
): P {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  return res.json() as P;
}
