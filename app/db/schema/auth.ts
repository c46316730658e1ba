import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ref, serialId, timestampTz } from './columns';
import { users } from './users';

/**
 * Refresh tokens, stored as SHA-256 hashes. Every use rotates the token: the used one gets `usedAt` and the new one
 * joins the same family. A used token presented again after the grace window revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serialId(),
    userId: ref('user_id', () => users.id, 'cascade'),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    revokedAt: timestampTz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * Sign-in sessions: one row per refresh-token family (`id` is the family id every access token carries as `fam`).
 * Every request looks its session up by primary key, so revoking the row (logout, a password reset) ends access at
 * once, on pages and the API. `expiresAt` is the absolute end (12 hours after sign-in) that no refresh passes.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: ref('user_id', () => users.id, 'cascade'),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Rate-limit counters shared by every app server on one PostgreSQL database (rate-limit.server.ts uses them when
 * DATABASE_URL is set; the embedded database keeps them in memory). One row per limiter and key, e.g.
 * `signin-ip:203.0.113.5`; a row past `expires_at` counts as empty.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expiresAt: timestampTz('expires_at').notNull(),
});
