import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '~/auth/password.server';
import { db } from '~/db/client.server';
import { books, contentVersions, organisations, payments, users } from '~/db/schema';
import { seedDemo } from '~/seed/index.server';
import { DEMO_PASSWORD } from '~/domain/accounts';
import { CAREER_FIELDS } from '~/domain/catalogue';
import { PaymentStatus, Tier } from '~/domain/enums';
import { seoulMonth } from '~/lib/dates';
import { useTestDatabase } from '../support/db';

useTestDatabase();

describe('demo data', () => {
  it('has every demo account of the README with its role and authorities', async () => {
    const rows = await db().select().from(users);
    const byLogin = new Map(rows.map((u) => [u.loginId, u]));
    const expected: [string, string, string[]][] = [
      ['student', 'USER', ['STUDENT']],
      ['student2', 'USER', ['STUDENT']],
      ['adult', 'USER', []],
      ['head', 'ADMIN', ['HEAD']],
      ['teacher', 'ADMIN', ['TEACHER']],
      ['head2', 'ADMIN', ['HEAD']],
      ['super', 'SUPER', ['ADMIN1']],
      ['admin2', 'SUPER', ['ADMIN2']],
      ['coach', 'SUPER', ['COACH']],
      ['coach2', 'SUPER', ['COACH']],
      ['branch', 'SUPER', ['BRANCH']],
      ['product', 'SUPER', ['PRODUCT']],
      ['migrated', 'USER', ['STUDENT', 'MIGRATION']],
    ];
    for (const [loginId, role, authorities] of expected) {
      const u = byLogin.get(loginId);
      expect(u, loginId).toBeDefined();
      expect(u!.role).toBe(role);
      expect(u!.authorities).toEqual(authorities);
    }
    expect(rows.filter((u) => u.authorities.includes('STUDENT')).length).toBeGreaterThanOrEqual(10);
    expect(await verifyPassword(byLogin.get('student')!.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(byLogin.get('student')!.passwordHash, 'wrong')).toBe(false);
  });

  it('puts student, student2, head and teacher in academy 1 and head2 in academy 2', async () => {
    const rows = await db()
      .select({ loginId: users.loginId, org: organisations.name, kind: organisations.kind })
      .from(users)
      .innerJoin(organisations, eq(users.organisationId, organisations.id));
    const orgOf = Object.fromEntries(rows.map((r) => [r.loginId, r.org]));
    expect(orgOf.student).toBe(orgOf.head);
    expect(orgOf.student2).toBe(orgOf.head);
    expect(orgOf.teacher).toBe(orgOf.head);
    expect(orgOf.head2).not.toBe(orgOf.head);
    expect(rows.find((r) => r.loginId === 'adult')!.kind).toBe('student');
  });

  it('has paid this month for academy 1 and not for academy 2, and payments in every status', async () => {
    const month = seoulMonth();
    const paid = await db()
      .select({ loginId: users.loginId })
      .from(users)
      .innerJoin(
        payments,
        and(
          eq(payments.organisationId, users.organisationId),
          eq(payments.paidMonth, month),
          eq(payments.tier, Tier.BASIC),
          eq(payments.status, PaymentStatus.SUCCESS),
        ),
      );
    const paidIds = paid.map((p) => p.loginId);
    expect(paidIds).toContain('head');
    expect(paidIds).toContain('adult');
    expect(paidIds).not.toContain('head2');
    const statuses = await db().selectDistinct({ status: payments.status }).from(payments);
    expect(statuses.map((s) => s.status).sort((a, b) => a - b)).toEqual(Object.values(PaymentStatus).sort((a, b) => a - b));
  });

  it('has 30+ books across levels and every career field, and FAQ entries for the three sections', async () => {
    const all = await db().select().from(books);
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(new Set(all.map((b) => b.level)).size).toBeGreaterThanOrEqual(8);
    const fields = new Set(all.flatMap((b) => b.careerFields));
    for (const f of CAREER_FIELDS) expect(fields.has(f.code), f.code).toBe(true);
    const sections = await db()
      .select({ section: contentVersions.code, entries: contentVersions.entries })
      .from(contentVersions)
      .where(eq(contentVersions.kind, 'FAQ'));
    expect(sections.map((s) => s.section).sort()).toEqual(['agency', 'info', 'operating']);
    for (const s of sections) expect(s.entries.length).toBeGreaterThanOrEqual(5);
    // Version 1 of each policy is its shipped file.
    const policies = await db()
      .select({ code: contentVersions.code, version: contentVersions.version })
      .from(contentVersions)
      .where(eq(contentVersions.kind, 'POLICY'));
    expect(policies.map((p) => `${p.code}:${p.version}`).sort()).toEqual(
      ['privacy', 'provided', 'readin', 'readplus', 'responsibility', 'shopping', 'teenager'].map((c) => `${c}:1`),
    );
  });

  it('does not seed twice', async () => {
    const before = await db().select({ n: count() }).from(users);
    expect(await seedDemo(db())).toEqual([]);
    const after = await db().select({ n: count() }).from(users);
    expect(after[0].n).toBe(before[0].n);
    const dupes = await db()
      .select({ loginId: users.loginId })
      .from(users)
      .groupBy(users.loginId)
      .having(sql`count(*) > 1`);
    expect(dupes).toHaveLength(0);
  });
});
