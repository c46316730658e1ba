import path from 'node:path';
import { config } from '~/config.server';
import { connectPglite, connectPostgres } from '~/db/client.server';

// Applies the pending migrations of drizzle/ to the configured database (DATABASE_URL, else the embedded database in
// DATA_DIR) and exits, without seeding: for a deployment that migrates before it starts its servers and workers. The
// server also migrates when it starts (under an advisory lock on PostgreSQL), so this is never required.

const cfg = config();
const connection = cfg.databaseUrl ? connectPostgres(cfg.databaseUrl) : await connectPglite({ dataDir: path.join(cfg.dataDir, 'pglite') });
try {
  await connection.migrate(cfg.migrationsDir);
  console.log(`마이그레이션을 적용했습니다: ${cfg.databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
} finally {
  await connection.close();
}
