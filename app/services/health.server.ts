import { sql } from 'drizzle-orm';
import { db, ensureDatabase } from '~/db/client.server';

/** Whether the database answers a trivial query within `timeoutMs` (the readiness check of /readyz). */
export async function databaseReady(timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      (async () => {
        await ensureDatabase();
        await db().execute(sql`select 1`);
        return true;
      })(),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
