import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the one schema in app/db/schema and committed under drizzle/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './app/db/schema/index.ts',
  out: './drizzle',
});
