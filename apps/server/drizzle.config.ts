import { defineConfig } from 'drizzle-kit';

/** Used only to draft new migrations (`npm run db:generate -w @client-portal/server`); review the SQL. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/drizzle-out',
});
