import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listMigrations } from '../../db/migrate.js';
import { appliedMigrations } from './health-repository.js';

/** One thing a load balancer waits for before sending requests here: true when it holds. */
export type ReadinessCheck = () => Promise<boolean>;

/**
 * The named checks behind GET /api/ready (decision 37). The app adds the database's; a module that
 * must be running before this process takes requests adds its own (`app.readiness.add('jobs', …)`).
 */
export class Readiness {
  private readonly checks = new Map<string, { check: ReadinessCheck; required: boolean }>();

  constructor(private readonly timeoutMs: number) {}

  /**
   * `required: false`: reported by name, but this process stays ready while it fails (a read replica,
   * whose reads fall back to the primary).
   */
  add(name: string, check: ReadinessCheck, { required = true }: { required?: boolean } = {}): void {
    if (this.checks.has(name)) throw new Error(`Readiness check ${name} is already added`);
    this.checks.set(name, { check, required });
  }

  /** Every check at once, each failing when it throws or outlasts the timeout. */
  async run(): Promise<{ ready: boolean; checks: Record<string, 'ok' | 'failing'> }> {
    const outcomes = await Promise.all(
      [...this.checks].map(
        async ([name, { check, required }]) => [name, await this.within(check), required] as const,
      ),
    );
    return {
      ready: outcomes.every(([, ok, required]) => ok || !required),
      checks: Object.fromEntries(outcomes.map(([name, ok]) => [name, ok ? 'ok' : 'failing'])),
    };
  }

  private async within(check: ReadinessCheck): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.timeoutMs);
    });
    try {
      return await Promise.race([check().catch(() => false), late]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Decorates the app with its readiness checks: the database reachable and its migrations current. */
export const readinessPlugin = fp(async (app: FastifyInstance) => {
  const readiness = new Readiness(app.settings.DATABASE_CONNECT_TIMEOUT_MS);
  const shipped = listMigrations().map((migration) => migration.name);
  readiness.add('database', () => app.database.ping());
  // Every migration this build ships is applied (one applied by a newer build is no obstacle).
  readiness.add('migrations', async () => {
    const applied = await appliedMigrations(app.database.kysely);
    return shipped.every((name) => applied.has(name));
  });
  app.decorate('readiness', readiness);
});

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}
