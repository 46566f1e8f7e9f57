import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderSnapshot, snapshotPath } from './db/sql-snapshots.js';
import { sqlSnapshots } from './sql-snapshots.js';

/** A change to a converted repository's SQL shows in its committed snapshot (decision 31). */
describe('the committed SQL snapshots', () => {
  for (const snapshot of sqlSnapshots) {
    it(`are what ${snapshot.repository} compiles to`, () => {
      const committed = fs.existsSync(snapshotPath(snapshot))
        ? fs.readFileSync(snapshotPath(snapshot), 'utf8')
        : '';
      expect(committed, 'run `npm run db:sql -w @client-portal/server` and commit the result').toBe(
        renderSnapshot(snapshot),
      );
    });
  }
});
