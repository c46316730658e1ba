import tsconfigPaths from 'vite-tsconfig-paths';
import { defineConfig } from 'vitest/config';

// Unit tests (tests/unit, app/**/*.test.ts) need no database. Database tests (tests/db) get their own copy of a
// migrated and seeded template: PGlite by default, PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ['app/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/db/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The database tests speak as if behind the proxy that sets X-Forwarded-For (per-address limits).
    env: { NODE_ENV: 'test', TRUST_PROXY: 'true' },
  },
});
