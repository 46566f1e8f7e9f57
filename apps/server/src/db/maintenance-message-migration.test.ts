import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite } from './client.js';
import { listMigrations } from './migrate.js';

type Pglite = Awaited<ReturnType<typeof createPglite>>;

/** Migration 0021 (decision 39): a maintenance message saved as HTML becomes Markdown-ready text. */
describe('migration 0021: the maintenance message leaves HTML for Markdown', () => {
  let db: Pglite;
  const migrations = listMigrations();
  const at = migrations.findIndex((m) => m.name.startsWith('0021_'));

  beforeAll(async () => {
    db = await createPglite();
    for (const migration of migrations.slice(0, at)) await db.exec(migration.sql);
  });
  afterAll(async () => {
    await db?.close();
  });

  const converted = async (message: string) => {
    await db.query(
      `insert into app_config (key, value) values ('ApplicationOfflineMessage', $1)
                    on conflict (key) do update set value = excluded.value`,
      [message],
    );
    await db.exec('begin');
    await db.exec(migrations[at]!.sql);
    const { rows } = await db.query<{ value: string }>(
      `select value from app_config where key = 'ApplicationOfflineMessage'`,
    );
    await db.exec('rollback');
    return rows[0]!.value;
  };

  it('keeps paragraphs and line breaks, drops tags and turns entities back into characters', async () => {
    expect(at).toBeGreaterThan(0);
    expect(
      await converted('<p>Back at <b>06:00</b>.</p><p>Call us &amp; ask &lt;reception&gt;<br/>on 0161.</p>'),
    ).toBe('Back at 06:00.\n\nCall us & ask <reception>\non 0161.');
  });

  it('leaves a message that holds no HTML as it was', async () => {
    const text = 'Back at **06:00**; 3 < 4 & [call](tel:0161)';
    expect(await converted(text)).toBe(text);
  });
});
