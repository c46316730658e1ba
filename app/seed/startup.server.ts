import type { Database } from '~/db/client.server';

// The demo seed at the server's start in the experience environment: app/entry.server.tsx passes `seedDemoAtStartup`
// to ensureDatabase as its `afterMigrate`. The seed's modules load only then (a production server never loads them).

// Kept on globalThis, as the connection is, so that a development rebuild still knows what this process seeded.
const globalKey = Symbol.for('readin.demoSeed');
type Holder = { steps?: string[] };
const holder: Holder = ((globalThis as Record<symbol, Holder>)[globalKey] ??= {});

/** Seeds the demo data (the steps not yet recorded in seed_runs) and remembers which steps ran. */
export async function seedDemoAtStartup(db: Database): Promise<void> {
  const { seedDemo } = await import('./index.server');
  holder.steps = await seedDemo(db);
}

/** The demo seed steps this process applied at start-up (empty when the data was already there). */
export function seededAtStartup(): string[] {
  return holder.steps ?? [];
}
