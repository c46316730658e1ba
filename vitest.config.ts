import tsconfigPaths from 'vite-tsconfig-paths';
import { defineConfig } from 'vitest/config';

// Two projects. `unit` (tests/unit, app/**/*.test.ts) needs no database and starts at once. `db` (tests/db) gives
// each file its own copy of a migrated and seeded template: PGlite by default, PostgreSQL when DATABASE_URL is set.
// `npm run test:unit` and `npm run test:db` run one project each.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The database tests speak as if behind the proxy that sets X-Forwarded-For (per-address limits).
    env: { NODE_ENV: 'test', TRUST_PROXY: 'true' },
    setupFiles: ['tests/support/matchers.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['app/**/*.test.ts', 'tests/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'db', include: ['tests/db/**/*.test.ts'], globalSetup: ['tests/support/global-setup.ts'] },
      },
    ],
  },
});
