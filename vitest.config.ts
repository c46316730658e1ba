import { availableParallelism } from 'node:os';
import tsconfigPaths from 'vite-tsconfig-paths';
import { defineConfig } from 'vitest/config';

// Three projects. `unit` (tests/unit, app/**/*.test.ts) needs no database and starts at once. `db` (tests/db) gives
// each file its own copy of a migrated and seeded template: PGlite by default, PostgreSQL when DATABASE_URL is set.
// `client` tests the API client against a server started from the build. `npm run test:unit`, `npm run test:db` and
// `npm run test:client` run one project each.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // At least two files at a time: even on two cores that is faster than one (the default there).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The database tests speak as if behind the proxy that sets X-Forwarded-For (per-address limits).
    env: { NODE_ENV: 'test', TRUST_PROXY: 'true' },
    setupFiles: ['tests/support/matchers.ts'],
    projects: [
      {
        extends: true,
        // Worker threads, each file isolated.
        test: { name: 'unit', include: ['app/**/*.test.ts', 'tests/unit/**/*.test.ts'], pool: 'threads' },
      },
      {
        extends: true,
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/file-state.ts'],
          pool: 'forks',
          // The files of a fork share one module graph instead of starting a process each (half the time). Each file
          // still gets its own database (tests/support/db.ts) and fresh in-memory state (tests/support/file-state.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        // The API client (client/) against a real server that the global setup starts from the build.
        test: {
          name: 'client',
          include: ['client/**/*.test.ts'],
          globalSetup: ['client/test/server.ts'],
          pool: 'forks',
          env: { SESSION_SECRET: 'client-test-secret-0123456789abcdef0123456789abcdef' },
        },
      },
    ],
  },
});
