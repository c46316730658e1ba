// `npm run seed:scale -- <factor>`: a country's academies in one PostgreSQL database, for `npm run bench:scale` and the
// plan test (docs/decisions/042-pages-fast-at-national-size.md). Factor 1: 2,000 academies under 17 branches and 100
// agencies, 200,000 students with their teachers and classes, and a school year of activity (≈20 M reading records,
// ≈2 M notes with their reviews, ≈5 M problem answers, 24,000 payments with their settlements, 2 M talk messages, the
// audit trail), next to the demo data. PostgreSQL only (PGlite would take hours).
//
// SCALE_DATABASE_URL names the database; by default postgres://postgres@127.0.0.1:5432/readin_scale_<factor> ('.' as
// '_'), created when missing, migrated, and seeded with the demo data first. Each step is recorded in seed_runs, so a
// second run (or a run after a stop) adds only what is missing. Prints every step with its elapsed time.
import pg from 'pg';
import path from 'node:path';
import { connectPostgres } from '~/db/client.server';
import { seedDemo } from '~/seed/index.server';
import { seoulDay } from '~/lib/dates';
import {
  academyMonthsSql,
  auditSql,
  chunks,
  figures,
  messagesChunk,
  notesChunk,
  paymentsSql,
  problemsChunk,
  readingRecordsChunk,
  scaleSteps,
  type ScaleStep,
} from './lib/scale-steps';

export function scaleDatabaseUrl(factor: number): string {
  return process.env.SCALE_DATABASE_URL || `postgres://postgres@127.0.0.1:5432/readin_scale_${String(factor).replace('.', '_')}`;
}

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`);
      console.log(`데이터베이스 ${name}을(를) 만들었습니다.`);
    }
  } finally {
    await client.end();
  }
}

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

export async function seedScale(factor: number, url = scaleDatabaseUrl(factor)): Promise<void> {
  await ensureDatabase(url);
  const connection = connectPostgres(url, { max: 2 });
  try {
    await connection.migrate(path.resolve('drizzle'));
    const demo = await seedDemo(connection.db);
    console.log(`[${elapsed()}] migrated; demo steps applied: ${demo.length ? demo.join(', ') : 'none (already there)'}`);
  } finally {
    await connection.close();
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set synchronous_commit = off`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query(`set work_mem = '64MB'`);
    const hash = (await client.query(`select password_hash from users where login_id = 'student'`)).rows[0]?.password_hash as string;
    const today = seoulDay();
    const n = figures(factor);

    const run = async (step: ScaleStep) => {
      const t0 = Date.now();
      await client.query('begin');
      try {
        const claimed = await client.query(`insert into seed_runs (step) values ($1) on conflict do nothing returning step`, [
          `scale:${step.name}`,
        ]);
        if (claimed.rowCount === 0) {
          await client.query('rollback');
          return;
        }
        for (const name of step.withoutTriggers ?? []) {
          const [table, trigger] = name.split('.');
          await client.query(`alter table ${table} disable trigger ${trigger}`);
        }
        let rows = 0;
        for (const statement of step.sql) rows += (await client.query(statement)).rowCount ?? 0;
        for (const name of step.withoutTriggers ?? []) {
          const [table, trigger] = name.split('.');
          await client.query(`alter table ${table} enable trigger ${trigger}`);
        }
        await client.query('commit');
        console.log(`[${elapsed()}] ${step.name}: ${rows.toLocaleString('en')} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    };

    for (const step of scaleSteps(factor, today, hash)) await run(step);

    const studentChunks = chunks(n.students, Math.max(1000, Math.ceil(n.students / 20)));
    for (const [from, to] of studentChunks) await run(readingRecordsChunk(from, to));
    await run({ name: 'academy-months', sql: academyMonthsSql(today) });
    for (const [from, to] of studentChunks) await run({ name: `notes:${from}`, sql: notesChunk(from, to) });
    for (const [from, to] of studentChunks) await run({ name: `problems:${from}`, sql: problemsChunk(from, to) });
    await run({ name: 'payments', sql: paymentsSql(today) });
    for (const [from, to] of chunks(n.messages, Math.max(1000, Math.ceil(n.messages / 10))))
      await run({ name: `messages:${from}`, sql: [messagesChunk(from, to, n.messages, n.students)] });
    await run({ name: 'audit', sql: [auditSql(n.audit, n.students)] });
    const t0 = Date.now();
    await client.query('vacuum analyze');
    console.log(`[${elapsed()}] vacuum analyze in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const size = await client.query(`select pg_size_pretty(pg_database_size(current_database())) size`);
    const counts = await client.query(
      `select relname, n_live_tup from pg_stat_user_tables where schemaname = 'public' order by n_live_tup desc limit 12`,
    );
    console.log(`database size: ${size.rows[0].size}`);
    for (const row of counts.rows) console.log(`  ${row.relname}: ${Number(row.n_live_tup).toLocaleString('en')}`);
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('seed-scale.ts')) {
  const factor = Number(process.argv[2] ?? '0.01');
  if (!(factor > 0 && factor <= 10)) {
    console.error('사용법: npm run seed:scale -- <factor> (0 < factor ≤ 10, 예: 0.01, 1)');
    process.exit(2);
  }
  const url = scaleDatabaseUrl(factor);
  console.log(`seed:scale factor ${factor} → ${url.replace(/:[^:@/]*@/, ':***@')}`);
  await seedScale(factor, url);
  console.log(`[${elapsed()}] done`);
  if (factor === 1 && !process.env.SCALE_DATABASE_URL) {
    const fs = await import('node:fs');
    fs.writeFileSync('/tmp/readin_scale_1.ready', new Date().toISOString() + '\n');
  }
}
