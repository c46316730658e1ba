// Migrations are generated from the one schema in app/db/schema and committed under drizzle/ (`npm run db:generate`,
// scripts/db-generate.ts; drizzle-kit comes from .cache/tools, so this file imports nothing from it).
export default {
  dialect: 'postgresql',
  schema: './app/db/schema/index.ts',
  out: './drizzle',
};
