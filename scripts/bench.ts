// `npm run bench`: how the student's pages scale with reading history. On a fresh in-memory database (migrated and
// seeded, or PostgreSQL when BENCH_DATABASE_URL names a scratch database), each page's service runs for the demo
// student, then again after 1,000 and 5,000 more records. It prints the queries each page runs (which must not grow)
// and the median time of repeated runs, with the ratio to the demo history. Times on a shared machine are noisy:
// read the ratios and the query counts, not the milliseconds.
import { and, eq } from 'drizzle-orm';
import { connectPglite, connectPostgres, useConnection, type Connection } from '~/db/client.server';
import { countQueries } from '~/db/query-count.server';
import { readingRecords, resultBooks, users } from '~/db/schema';
import { seedDemo } from '~/seed/index.server';
import { seoulDay } from '~/lib/dates';
import { jinroOverview } from '~/services/jinro.server';
import { recommendBooks, searchBooks } from '~/services/library.server';
import { getActivityOverview } from '~/services/reading/overview.server';
import { dashboard, generalReport, levelGraph } from '~/services/reports.server';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const STEPS = [0, 1000, 5000];

async function open(): Promise<Connection> {
  const url = process.env.BENCH_DATABASE_URL;
  const connection = url ? connectPostgres(url) : await connectPglite();
  await connection.migrate('drizzle');
  await seedDemo(connection.db);
  useConnection(connection);
  return connection;
}

async function median(work: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await work(); // warm-up (and caches, such as the career profile, filled)
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

async function addRecords(connection: Connection, userId: number, count: number, from: number) {
  const [rb] = await connection.db
    .select()
    .from(resultBooks)
    .where(and(eq(resultBooks.userId, userId), eq(resultBooks.isCurrent, true)));
  const now = Date.now();
  for (let done = 0; done < count; done += 500) {
    const n = Math.min(500, count - done);
    await connection.db.insert(readingRecords).values(
      Array.from({ length: n }, (_, i) => ({
        resultBookId: rb.id,
        userId,
        startPage: 1,
        endPage: 2,
        minutes: 10,
        readDate: seoulDay(new Date(now - ((from + done + i) % 365) * 86_400_000)),
        readMethod: rb.readMethod,
        isRepeat: true,
        submissionKey: `bench-${from + done + i}`,
      })),
    );
  }
}

const connection = await open();
try {
  const [student] = await connection.db.select({ id: users.id }).from(users).where(eq(users.loginId, 'student'));
  const pages: [string, () => Promise<unknown>][] = [
    ['/user/activity', () => getActivityOverview(student.id)],
    ['/user/dashboard', () => dashboard(student.id)],
    ['/user/book/report/general', () => generalReport(student.id)],
    ['/user/book/levelGraph', () => levelGraph(student.id)],
    ['/user/recommend', () => recommendBooks(student.id, 1)],
    ['/user/search?q=…', () => searchBooks(student.id, { q: '어린' })],
    ['/user/jinro', () => jinroOverview(student.id)],
  ];
  const results = new Map<string, { queries: number[]; ms: number[] }>();
  let added = 0;
  for (const step of STEPS) {
    if (step > added) {
      await addRecords(connection, student.id, step - added, added);
      added = step;
    }
    for (const [name, work] of pages) {
      const ms = await median(work);
      const { queries } = await countQueries(work);
      const row = results.get(name) ?? { queries: [], ms: [] };
      row.queries.push(queries.length);
      row.ms.push(ms);
      results.set(name, row);
    }
  }
  console.log(`${connection.kind}, median of ${RUNS} runs; extra reading records: ${STEPS.join(' / ')}\n`);
  const head = ['page', 'queries', ...STEPS.map((s) => `ms +${s}`), ...STEPS.slice(1).map((s) => `ratio +${s}`)];
  const rows = [...results].map(([name, r]) => [
    name,
    r.queries.join(' / '),
    ...r.ms.map((m) => m.toFixed(1)),
    ...r.ms.slice(1).map((m) => `×${(m / r.ms[0]).toFixed(2)}`),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const r of [head, ...rows]) console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '));
  const growing = [...results].filter(([, r]) => new Set(r.queries).size > 1).map(([name]) => name);
  if (growing.length) {
    console.error(`\nquery count grows with history on: ${growing.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await connection.close();
}
