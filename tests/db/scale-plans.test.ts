import type { LoaderFunctionArgs } from '@remix-run/node';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countQueries } from '~/db/query-count.server';
import { endRequestScope } from '~/lib/request-scope.server';
import { loader as operatorUsers } from '~/routes/super+/user';
import { loader as operatorOrganisations } from '~/routes/super+/organisations._index';
import { loader as operatorPayments } from '~/routes/super+/payments._index';
import { loader as operatorAudit } from '~/routes/super+/audit';
import { loader as operatorMessages } from '~/routes/super+/messages';
import { loader as settlementMonth } from '~/routes/super+/__settlement-page.server';
import { loader as headDashboard } from '~/routes/admin+/dashboard';
import { loader as headProgress } from '~/routes/admin+/progress';
import { loader as headStudents } from '~/routes/admin+/students';
import { loader as studentActivity } from '~/routes/user+/activity._index';
import { loader as studentDashboard } from '~/routes/user+/dashboard';
import { loader as studentReport } from '~/routes/user+/report._index';
import { seedScale } from '../../scripts/seed-scale';
import { makeRequest } from '../support/auth';
import { onPostgres, useTestDatabase } from '../support/db';
import { cookieFor } from '../support/factories';
import { withDatabase } from '../support/global-setup';

// The plans of the listed pages at a country's shape (docs/decisions/042): the test database gets `seed:scale`'s
// factor 0.01, every page's loader runs, and each query it ran is EXPLAINed with sequential scans priced out
// (enable_seqscan off). A Seq Scan left over a big table means no index serves that query: at factor 1 it reads
// millions of rows. PostgreSQL only: on PGlite the scale seed is not run (its set-based SQL takes minutes there, and
// the plans that matter are PostgreSQL's), so the test is skipped with that reason.

const BIG_TABLES = [
  'users',
  'organisations',
  'reading_records',
  'result_books',
  'notes',
  'note_history',
  'problem_attempts',
  'problem_answers',
  'payments',
  'settlements',
  'messages',
  'audit_events',
  'class_memberships',
  'reading_months',
];

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && BIG_TABLES.includes(node['Relation Name']))
    found.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

const getConnection = useTestDatabase();

async function pageQueries(path: string, login: string, loader: (args: LoaderFunctionArgs) => Promise<unknown>) {
  const cookie = await cookieFor(login);
  const id = `plan-${Math.random()}`;
  const { queries, params } = await countQueries(() =>
    loader({ request: makeRequest(path, { cookie, headers: { 'X-Request-Id': id } }), params: {}, context: {} }),
  );
  endRequestScope(id);
  return queries.map((query, i) => ({ query, params: params[i] }));
}

describe.skipIf(!onPostgres())('query plans at a country’s shape (PostgreSQL)', () => {
  it('no listed page’s query scans a big table sequentially', { timeout: 300_000 }, async () => {
    const client = (getConnection().db as unknown as { $client: import('pg').Pool }).$client;
    const name = (await client.query('select current_database() as name')).rows[0].name as string;
    await seedScale(0.01, withDatabase(process.env.DATABASE_URL!, name));
    const head = (await client.query(`select 'schead' || ord as login from scale.academies order by size desc, ord limit 1`)).rows[0].login;
    const month = (await client.query(`select to_char(now() at time zone 'Asia/Seoul' - interval '1 month', 'YYYY-MM') as m`)).rows[0].m;

    const pages: [string, string, (args: LoaderFunctionArgs) => Promise<unknown>][] = [
      ['/super/user', 'super', operatorUsers],
      ['/super/user?q=김민준', 'super', operatorUsers],
      ['/super/user?page=80', 'super', operatorUsers],
      ['/super/organisations?q=한빛', 'super', operatorOrganisations],
      ['/super/organisations?page=2', 'super', operatorOrganisations],
      ['/super/payments', 'super', operatorPayments],
      ['/super/audit', 'super', operatorAudit],
      ['/super/messages', 'super', operatorMessages],
      [`/super/tax/u/region/agency?month=${month}`, 'super', settlementMonth],
      [`/super/tax/u/region/agency?month=${month}`, 'scbranch1', settlementMonth],
      ['/admin/dashboard', head, headDashboard],
      ['/admin/progress', head, headProgress],
      ['/admin/students', head, headStudents],
      ['/user/activity', 'scstudent1', studentActivity],
      ['/user/dashboard', 'scstudent1', studentDashboard],
      ['/user/report', 'scstudent1', studentReport],
    ];

    const scans: string[] = [];
    const pg = await client.connect();
    try {
      await pg.query('set enable_seqscan = off');
      for (const [path, login, loader] of pages) {
        for (const { query, params } of await pageQueries(path, login, loader)) {
          if (!/^\s*(select|with)\b/i.test(query)) continue;
          const [{ 'QUERY PLAN': plan }] = (await pg.query(`explain (format json) ${query}`, params)).rows;
          const tables = seqScans(plan[0].Plan);
          if (tables.length) scans.push(`${path} (${login}): Seq Scan on ${tables.join(', ')}\n    ${query.slice(0, 300)}`);
        }
      }
    } finally {
      await pg.query('reset enable_seqscan');
      pg.release();
    }
    expect(scans).toEqual([]);
    await getConnection().db.execute(sql`select 1`);
  });
});
