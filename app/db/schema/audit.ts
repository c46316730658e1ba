import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ref, serialId } from './columns';
import { users } from './users';

/**
 * The operators' audit trail: one row per change an operator makes (who, when, what, before → after, from which
 * address), written in the same transaction as the change. The app only ever inserts here; nothing updates or deletes.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serialId(),
    actorId: ref('actor_id', () => users.id),
    /** What was done, e.g. 'user.lock' (app/domain/audit.ts AUDIT_ACTIONS). */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    address: text('address'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt),
    index('audit_events_actor_idx').on(t.actorId),
    index('audit_events_target_idx').on(t.targetType, t.targetId),
  ],
);

export type AuditEvent = typeof auditEvents.$inferSelect;
