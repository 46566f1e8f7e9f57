import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSnapshot, snapshotPath } from './db/sql-snapshots.js';
import { sqlSnapshots } from './sql-snapshots.js';

const srcDir = path.dirname(new URL(import.meta.url).pathname);

/** Every app source file under src (not tests, not the snapshot declarations), relative to src. */
function appFiles(dir = srcDir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return appFiles(full);
    const isApp =
      entry.name.endsWith('.ts') && !/\.test\.ts$|sql-snapshot\.ts$|sql-snapshots\.ts$/.test(entry.name);
    return isApp ? [path.relative(srcDir, full)] : [];
  });
}

/** Starts a statement on a table (Kysely's builders) or runs a compiled one. */
const buildsStatements = /\.(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom|executeQuery)\(/;

/** A change to a repository's SQL shows in its committed snapshot (decision 31). */
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

  it('cover every file that builds statements: queries are written in repositories only (issue 23)', () => {
    const covered = new Set(sqlSnapshots.flatMap((s) => [s.repository, ...(s.builtFrom ?? [])]));
    // kysely.ts runs what repositories (prepared reads) and the job engine built; it builds none of its own.
    covered.add('db/kysely.ts');
    const uncovered = appFiles().filter(
      (file) => buildsStatements.test(fs.readFileSync(path.join(srcDir, file), 'utf8')) && !covered.has(file),
    );
    expect(uncovered).toEqual([]);
  });

  it('name only files that exist', () => {
    const named = sqlSnapshots.flatMap((s) => [s.repository, ...(s.builtFrom ?? [])]);
    expect(named.filter((file) => !fs.existsSync(path.join(srcDir, file)))).toEqual([]);
  });
});
