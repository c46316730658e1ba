import path from 'node:path';
import { config } from '~/config.server';
import { connectPglite, connectPostgres } from '~/db/client.server';
import { startEmbeddedPostgres } from '../server/embedded-postgres.mjs';

// Applies the pending migrations of drizzle/ to the configured database (DATABASE_URL, else the embedded database in
// DATA_DIR) and exits, without seeding: for a deployment that migrates before it starts its servers and workers. The
// server also migrates when it starts (under an advisory lock on PostgreSQL), so this is never required.

// Without DATABASE_URL: the embedded database the server would open (its PostgreSQL, started for the run, or PGlite).
const embedded =
  !process.env.DATABASE_URL && process.env.EMBEDDED_DATABASE !== 'pglite'
    ? await startEmbeddedPostgres(path.resolve(process.env.DATA_DIR || './data'), { log: (line) => console.log(line) })
    : null;
if (embedded && 'url' in embedded) process.env.EMBEDDED_DATABASE_URL = embedded.url;
const cfg = config();
const url = cfg.databaseUrl ?? cfg.embeddedDatabaseUrl;
const connection = url ? connectPostgres(url) : await connectPglite({ dataDir: path.join(cfg.dataDir, 'pglite') });
try {
  await connection.migrate(cfg.migrationsDir);
  console.log(`마이그레이션을 적용했습니다: ${cfg.databaseUrl ? 'PostgreSQL' : cfg.embeddedDatabaseUrl ? '내장 PostgreSQL' : 'PGlite'}`);
} finally {
  await connection.close();
  if (embedded && 'stop' in embedded) await embedded.stop();
}
