import { describe, expect, it } from 'vitest';
import { Readiness } from './readiness.js';

describe('Readiness', () => {
  it('is ready when every required check holds, reporting one that is not required by name', async () => {
    const readiness = new Readiness(1_000);
    readiness.add('database', async () => true);
    readiness.add('replica', async () => false, { required: false });
    expect(await readiness.run()).toEqual({ ready: true, checks: { database: 'ok', replica: 'failing' } });
  });

  it('is not ready when a required check fails, throws or outlasts the timeout', async () => {
    for (const check of [
      async () => false,
      async () => {
        throw new Error('down');
      },
      () => new Promise<boolean>(() => {}),
    ]) {
      const readiness = new Readiness(50);
      readiness.add('replica', async () => true, { required: false });
      readiness.add('database', check);
      expect(await readiness.run()).toEqual({ ready: false, checks: { replica: 'ok', database: 'failing' } });
    }
  });
});
