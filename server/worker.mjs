// `npm run worker`: the job runner (talk sending, payment sweeps, monthly billing) against PostgreSQL (DATABASE_URL),
// without the web server, from the same build `npm start` serves (run `npm run build` first). On the embedded database
// the web server runs the jobs itself, so the worker refuses to start there. Stops on SIGTERM or SIGINT once the job in
// progress has ended.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// As `npm start` runs the server (scripts/start.mjs).
process.env.NODE_ENV ??= 'production';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Checked before the build is loaded: loading it opens the database, and an embedded database folder belongs to the
// web server alone.
if (!process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL이 없습니다. 내장 데이터베이스에서는 웹 서버(npm start)가 작업을 실행하므로 npm run worker는 PostgreSQL과 함께 씁니다.',
  );
  process.exit(1);
}

// A configuration the app refuses to run with (app/config.server.ts startRefusal) ends the start with its message alone.
const build = await import(pathToFileURL(path.join(root, 'build/index.js')).href).catch((error) => {
  if (error?.name !== 'StartRefused') throw error;
  console.error(error.message);
  process.exit(1);
});
const worker = await build.entry.module.startWorker({ intervalMs: Number(process.env.WORKER_INTERVAL_MS ?? 5000) });
console.log(`리드인 작업 실행기: ${new URL(process.env.DATABASE_URL).host} (SIGTERM으로 끝냅니다)`);

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: 진행 중인 작업을 마친 뒤 끝냅니다.`);
  // A job longer than thirty seconds is left SENDING; another runner takes it over once its lock is stale.
  setTimeout(() => process.exit(0), 30_000).unref();
  await worker.stop().catch(() => {});
  await globalThis[Symbol.for('readin.database')]?.connection?.close().catch(() => {});
  process.exit(0);
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => shutdown(signal));
