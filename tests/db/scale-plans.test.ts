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
import { loader as settlementExport } from '~/routes/super+/tax.u.region.agency_.export[.]csv';
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
  'academy_months',
];

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
};

/**
 * The most rows of the big tables one query of a page may read at factor 0.01 (its plan as PostgreSQL chooses it, run
 * with EXPLAIN ANALYZE): a page reads what it shows, not the country. At 0.01 the country is 200,000 reading records,
 * 40,000 messages, 2,000 students; a page of one academy or one list reads a few thousand rows. The index-only check
 * above does not see a plan that PostgreSQL prefers to scan (the academy dashboard's last reading day per student
 * grouped every reading record of the academy's students: a parallel scan of all of them, 46 s at factor 1).
 */
const ROWS_READ_BOUND = 20_000;

/** Rows the plan's scans of big tables read (returned or filtered out, times their loops), by table. */
function rowsRead(node: PlanNode, read: Map<string, number> = new Map()): Map<string, number> {
  const table = node['Relation Name'];
  if (table && BIG_TABLES.includes(table) && /Scan/.test(node['Node Type'])) {
    const rows = (node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
    read.set(table, (read.get(table) ?? 0) + rows * (node['Actual Loops'] ?? 1));
  }
  for (const child of node.Plans ?? []) rowsRead(child, read);
  return read;
}

function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && BIG_TABLES.includes(node['Relation Name']))
    found.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

const getConnection = useTestDatabase();

/** The CSV export's loader with its body read: its lines are queried as the stream is read. */
async function settlementCsv(args: LoaderFunctionArgs) {
  const res = await settlementExport(args);
  await res.text();
  return res;
}

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
    // The current month too: its students are today's, counted for every academy of the total.
    const seoulMonth = (await client.query(`select to_char(now() at time zone 'Asia/Seoul', 'YYYY-MM') as m`)).rows[0].m;

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
      ['/super/payments?academy=한빛', 'super', operatorPayments],
      [`/super/tax/u/region/agency?month=${month}&page=2`, 'scbranch1', settlementMonth],
      [`/super/tax/u/region/agency?month=${seoulMonth}`, 'super', settlementMonth],
      [`/super/tax/u/region/agency?month=${month}`, 'scbranch1', settlementMonth],
      [`/super/tax/u/region/agency/export.csv?month=${month}`, 'super', settlementCsv],
      ['/admin/dashboard', head, headDashboard],
      ['/admin/progress', head, headProgress],
      ['/admin/students', head, headStudents],
      ['/user/activity', 'scstudent1', studentActivity],
      ['/user/dashboard', 'scstudent1', studentDashboard],
      ['/user/report', 'scstudent1', studentReport],
    ];

    const scans: string[] = [];
    const heavy: string[] = [];
    const pg = await client.connect();
    try {
      for (const [path, login, loader] of pages) {
        for (const { query, params } of await pageQueries(path, login, loader)) {
          if (!/^\s*(select|with)\b/i.test(query)) continue;
          await pg.query('set enable_seqscan = off');
          const [{ 'QUERY PLAN': plan }] = (await pg.query(`explain (format json) ${query}`, params)).rows;
          const tables = seqScans(plan[0].Plan);
          if (tables.length) scans.push(`${path} (${login}): Seq Scan on ${tables.join(', ')}\n    ${query.slice(0, 300)}`);
          await pg.query('reset enable_seqscan');
          const [{ 'QUERY PLAN': run }] = (await pg.query(`explain (analyze, format json) ${query}`, params)).rows;
          const over = [...rowsRead(run[0].Plan)].filter(([, rows]) => rows > ROWS_READ_BOUND);
          if (over.length)
            heavy.push(`${path} (${login}): reads ${over.map(([t, n]) => `${n} rows of ${t}`).join(', ')}\n    ${query.slice(0, 300)}`);
        }
      }
    } finally {
      await pg.query('reset enable_seqscan');
      pg.release();
    }
    expect(scans).toEqual([]);
    expect(heavy).toEqual([]);
    await getConnection().db.execute(sql`select 1`);
  });
});
