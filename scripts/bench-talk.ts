// `npm run bench:talk`: the message outbox under load (issue 13, acceptance). On a scratch PostgreSQL database (created
// on the server at BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres, and dropped at the end), 1,000
// messages are queued (half 알림톡 from an approved template, half text messages); two worker processes run the
// outbox (claims with FOR UPDATE SKIP LOCKED, batches of 100) against a Solapi simulator started here. It waits until
// every message is COMPLETE, checks that the simulator accepted each row exactly once, and prints the rate. Exits 1
// when a message is missing, sent twice, or not COMPLETE within BENCH_TIMEOUT_MS (default 120 s).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { connectPostgres, ensureDatabase, useConnection } from '~/db/client.server';
import { messages, talkTemplates } from '~/db/schema';
import { SendState } from '~/domain/enums';
import { runOutbox } from '~/services/talk/outbox.server';
import { startSolapiSimulator } from '../server/solapi-simulator.mjs';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 120_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A worker process: the outbox against DATABASE_URL until nothing is waiting or sending, then its totals as JSON. */
async function worker() {
  await ensureDatabase();
  const totals = { claimed: 0, completed: 0, pending: 0, retried: 0, failed: 0, unknown: 0, passes: 0 };
  const { db } = await import('~/db/client.server');
  for (;;) {
    const summary = await runOutbox({ batch: 100, maxBatches: 10 });
    totals.passes += 1;
    for (const key of Object.keys(summary) as (keyof typeof summary)[]) totals[key] += summary[key];
    const [{ open }] = await db()
      .select({ open: sql<number>`count(*)`.mapWith(Number) })
      .from(messages)
      .where(sql`${messages.sendState} in (${SendState.WAITING}, ${SendState.SENDING})`);
    if (open === 0) break;
    if (summary.claimed === 0) await sleep(50);
  }
  process.stdout.write(`${JSON.stringify(totals)}\n`);
  process.exit(0);
}

function startWorker(env: Record<string, string>): { child: ChildProcess; done: Promise<string> } {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--worker'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const done = new Promise<string>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(out.trim().split('\n').at(-1) ?? '') : reject(new Error(`worker exited ${code}: ${err}`)),
    ),
  );
  return { child, done };
}

async function main() {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `readin_talk_${randomBytes(4).toString('hex')}`;
  const admin = connectPostgres(adminUrl, { max: 1 });
  const adminSql = (admin.db as unknown as { $client: import('pg').Pool }).$client;
  try {
    await adminSql.query(`create database ${name}`);
  } catch (error) {
    console.error(`PostgreSQL at ${new URL(adminUrl).host} is needed for the benchmark (BENCH_PG_URL): ${(error as Error).message}`);
    await admin.close();
    process.exit(1);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const keys = { apiKey: 'NCSBENCH', apiSecret: `bench-${randomBytes(8).toString('hex')}`, pfId: 'KA01PF_BENCH', sender: '0212345678' };
  const simulator = await startSolapiSimulator({ port: 0, ...keys });
  const workers: ChildProcess[] = [];
  let failed: boolean;
  try {
    const connection = connectPostgres(url.href, { max: 4 });
    await connection.migrate('drizzle');
    useConnection(connection);
    const [template] = await connection.db
      .insert(talkTemplates)
      .values({
        code: 'BENCH',
        name: '부하 시험',
        body: '[리드인] #{학생명} 학생의 시험 메시지 #{번호}',
        variables: ['학생명', '번호'],
        approval: 'APPROVED',
        providerTemplateId: 'KA01TP_BENCH',
      })
      .returning();
    const rows = Array.from({ length: MESSAGES }, (_, i) => {
      const talk = i % 2 === 0;
      const variables = { 학생명: `학생${i}`, 번호: String(i) };
      return {
        recipientUserId: null,
        phone: `010-${String(2000 + (i % 7000)).padStart(4, '0')}-${String(i).padStart(4, '0')}`,
        channel: talk ? ('TALK' as const) : ('SMS' as const),
        kind: 'BENCH',
        body: talk ? `[리드인] 학생${i} 학생의 시험 메시지 ${i}` : `[리드인] 시험 문자 ${i}`,
        sendState: SendState.WAITING,
        templateId: talk ? template.id : null,
        variables: talk ? variables : null,
        dedupeKey: `bench:${i}`,
      };
    });
    for (let i = 0; i < rows.length; i += 500) await connection.db.insert(messages).values(rows.slice(i, i + 500));
    console.log(
      `대기 메시지 ${MESSAGES}건 (알림톡 ${Math.ceil(MESSAGES / 2)}, 문자 ${Math.floor(MESSAGES / 2)}), 작업자 ${WORKERS}개, PostgreSQL ${name}`,
    );

    const env = {
      DATABASE_URL: url.href,
      APP_ENV: 'PROD',
      NODE_ENV: 'production',
      // A production worker does not start without the site's address (its messages' links).
      PUBLIC_URL: 'https://readin.example',
      SESSION_SECRET: `bench-${randomBytes(24).toString('hex')}`,
      LOG_LEVEL: 'error',
      SOLAPI_API_KEY: keys.apiKey,
      SOLAPI_API_SECRET: keys.apiSecret,
      SOLAPI_PF_ID: keys.pfId,
      SOLAPI_SENDER: keys.sender,
      SOLAPI_BASE_URL: simulator.url,
    };
    const started = performance.now();
    const running = Array.from({ length: WORKERS }, () => startWorker(env));
    workers.push(...running.map((r) => r.child));
    const totals = await Promise.race([
      Promise.all(running.map((r) => r.done)),
      sleep(TIMEOUT_MS).then(() => {
        throw new Error(`not every message was COMPLETE within ${TIMEOUT_MS / 1000} s`);
      }),
    ]);
    const seconds = (performance.now() - started) / 1000;

    const states = await connection.db
      .select({ state: messages.sendState, n: sql<number>`count(*)`.mapWith(Number) })
      .from(messages)
      .where(eq(messages.kind, 'BENCH'))
      .groupBy(messages.sendState);
    const complete = states.find((s) => s.state === SendState.COMPLETE)?.n ?? 0;
    const ids = (await connection.db.select({ id: messages.id }).from(messages).where(eq(messages.kind, 'BENCH'))).map((r) => r.id);
    const twice = ids.filter((id) => (simulator.state.received.get(String(id)) ?? 0) > 1);
    const never = ids.filter((id) => !simulator.state.received.get(String(id)));
    // The workers' own time: from the first claim to the last settlement (process start-up left out).
    const [span] = await connection.db
      .select({ first: sql<string>`min(${messages.claimedAt})`, last: sql<string>`max(${messages.updatedAt})` })
      .from(messages)
      .where(eq(messages.kind, 'BENCH'));
    const working = (new Date(span.last).getTime() - new Date(span.first).getTime()) / 1000;
    totals.forEach((line, i) => console.log(`  작업자 ${i + 1}: ${line}`));
    console.log(
      `COMPLETE ${complete}/${MESSAGES}건: 첫 claim부터 ${working.toFixed(2)}초 (${(complete / working).toFixed(0)}건/초), ` +
        `작업자 시작부터 ${seconds.toFixed(2)}초 (${(complete / seconds).toFixed(0)}건/초)`,
    );
    console.log(
      `발송사가 받은 메시지: 한 번 ${ids.length - twice.length - never.length}건, 두 번 이상 ${twice.length}건, 받지 못함 ${never.length}건`,
    );
    failed = complete !== MESSAGES || twice.length > 0 || never.length > 0;
    await connection.close();
    useConnection(undefined);
  } catch (error) {
    console.error((error as Error).message);
    failed = true;
  } finally {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await simulator.close();
    await adminSql.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.close();
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv.includes('--worker')) await worker();
else await main();
