// `npm run backup:drill` (docs/backup.md, docs/decisions/043-cluster-and-backups.md): backs up a PostgreSQL database
// under write load the way docs/backup.md says (pg_dump -Fc, plus the uploads folder as a tar), restores both into a new
// database and folder, and checks them: every table's row count, and the writer's acknowledged writes (each one
// acknowledged before the backup began is there, none is missing below the last one restored). Prints the RTO (the time
// the restore took) and the RPO (the acknowledged writes the restore does not have, and the seconds they span).
//   --source DB       the database backed up (default readin_cluster, the demo data of `npm run cluster`); the drill
//                     adds a table drill_writes to it for its writer and drops it at the end
//   --copy-from DB    first copies DB into --source (pg_dump -Fc | pg_restore, DB itself is only read), e.g.
//                     --copy-from readin_scale_1 --source readin_drill_src
//   --uploads DIR     the uploads folder backed up with it (default DATA_DIR/uploads, ./data/uploads; made when
//                     missing). The drill writes a probe file into it (drill-probe/<time>.txt) just before the
//                     backup, checks every file and the probe come back with the same bytes, and removes the probe
//   --keep            keep the restored database (default: dropped after the checks)
// PostgreSQL at 127.0.0.1:5432 as postgres (DRILL_PG to change), pg_dump/pg_restore of the same major version.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createHash, randomBytes } from 'node:crypto';
import { compareCounts, uploadsVerdict, writesVerdict, type Ack, type UploadFile } from './lib/backup-checks';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const PG_URL = process.env.DRILL_PG ?? 'postgres://postgres@127.0.0.1:5432';
const SOURCE = option('--source') ?? 'readin_cluster';
const COPY_FROM = option('--copy-from');
const UPLOADS = path.resolve(option('--uploads') ?? path.join(process.env.DATA_DIR ?? './data', 'uploads'));
const KEEP = argv.includes('--keep');
const WRITER_TABLE = 'drill_writes';
const url = (db: string) => `${PG_URL}/${db}`;
const pgArgs = () => {
  const u = new URL(PG_URL);
  return ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
};
for (const name of [SOURCE, COPY_FROM].filter(Boolean) as string[]) if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad name ${name}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-drill-'));

/** Runs a command without blocking this process (the writer keeps writing meanwhile); resolves to its time in ms. */
function run(command: string, args: string[]): Promise<number> {
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(Date.now() - t0) : reject(new Error(`${command} ${args.join(' ')} failed (${code}): ${stderr}`)),
    );
  });
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url('postgres') });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Exact row counts of every table of the public schema. */
async function rowCounts(db: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url(db) });
  await c.connect();
  try {
    const tables = (await c.query<{ t: string }>(`select tablename t from pg_tables where schemaname = 'public' order by 1`)).rows;
    const counts: Record<string, number> = {};
    for (const { t } of tables) counts[t] = Number((await c.query(`select count(*) n from "${t}"`)).rows[0].n);
    return counts;
  } finally {
    await c.end();
  }
}

const size = (db: string) =>
  admin(async (c) => (await c.query(`select pg_size_pretty(pg_database_size($1)) s, pg_database_size($1) b`, [db])).rows[0]);

/** The writer: one connection inserting a row at a time, recording each acknowledged commit. */
function startWriter(client: pg.Client) {
  const acked: Ack[] = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const r = await client.query<{ id: string }>(`insert into ${WRITER_TABLE} (note) values ('drill') returning id`);
      acked.push({ id: Number(r.rows[0].id), at: Date.now() });
    }
  })();
  return {
    acked,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** The probe file the drill adds to the uploads folder (relative to it), removed at the end whatever happens. */
let probePath = '';
function removeProbe() {
  if (!probePath) return;
  fs.rmSync(path.join(UPLOADS, probePath), { force: true });
  const dir = path.join(UPLOADS, 'drill-probe');
  if (fs.existsSync(dir) && fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
  probePath = '';
}

async function main() {
  console.log(
    `machine: ${os.availableParallelism()} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (COPY_FROM) {
    if (COPY_FROM === SOURCE) throw new Error('--copy-from and --source must differ');
    await admin(async (c) => {
      await c.query(`drop database if exists ${SOURCE} with (force)`);
      await c.query(`create database ${SOURCE}`);
    });
    const file = path.join(tmp, 'copy.dump');
    const dumped = await run('pg_dump', [...pgArgs(), '-Fc', '-Z', '1', '-f', file, COPY_FROM]);
    const restored = await run('pg_restore', [...pgArgs(), '-j', '2', '--no-owner', '-d', SOURCE, file]);
    fs.rmSync(file);
    console.log(`copied ${COPY_FROM} into ${SOURCE}: dump ${seconds(dumped)}, restore ${seconds(restored)}`);
  }

  const source = new pg.Client({ connectionString: url(SOURCE) });
  await source.connect();
  await source.query(`drop table if exists ${WRITER_TABLE}`);
  await source.query(
    `create table ${WRITER_TABLE} (id bigserial primary key, at timestamptz not null default clock_timestamp(), note text)`,
  );
  const { s: sourceSize, b: sourceBytes } = await size(SOURCE);
  console.log(`source: ${SOURCE}, ${sourceSize}`);

  // The writer runs before, during and after the backup.
  const writerClient = new pg.Client({ connectionString: url(SOURCE) });
  await writerClient.connect();
  const writer = startWriter(writerClient);
  await sleep(1_000);

  // An upload made just before the backup: it must come back with the folder.
  probePath = path.join('drill-probe', `${Date.now().toString(36)}.txt`);
  fs.mkdirSync(path.join(UPLOADS, 'drill-probe'), { recursive: true });
  fs.writeFileSync(path.join(UPLOADS, probePath), `backup drill probe ${new Date().toISOString()} ${randomBytes(16).toString('hex')}\n`);

  const dumpFile = path.join(tmp, `${SOURCE}.dump`);
  const backupStartedAt = Date.now();
  const dumpMs = await run('pg_dump', [...pgArgs(), '-Fc', '-f', dumpFile, SOURCE]);
  const uploadsTar = path.join(tmp, 'uploads.tar');
  const uploadsMs = await run('tar', ['-cf', uploadsTar, '-C', UPLOADS, '.']);
  const backupEndedAt = Date.now();
  await sleep(1_000);
  await writer.stop();
  await writerClient.end();
  const dumpBytes = fs.statSync(dumpFile).size;
  console.log(
    `backup: pg_dump -Fc ${seconds(dumpMs)} (${(dumpBytes / 1e6).toFixed(1)} MB), uploads tar ${seconds(uploadsMs)} (${UPLOADS}, ${(fs.statSync(uploadsTar).size / 1e6).toFixed(1)} MB); ${writer.acked.length} writes acknowledged meanwhile`,
  );

  // The restore: a new database (and folder); its time is the RTO.
  const target = `${SOURCE}_restore_${Date.now().toString(36)}`;
  const restoreStartedAt = Date.now();
  await admin((c) => c.query(`create database ${target}`));
  await run('pg_restore', [...pgArgs(), '-j', '2', '--no-owner', '-d', target, dumpFile]);
  const uploadsTarget = path.join(tmp, 'uploads-restored');
  fs.mkdirSync(uploadsTarget);
  await run('tar', ['-xf', uploadsTar, '-C', uploadsTarget]);
  const rtoMs = Date.now() - restoreStartedAt;

  // Checks.
  const [sourceCounts, restoredCounts] = await Promise.all([rowCounts(SOURCE), rowCounts(target)]);
  const counts = compareCounts(sourceCounts, restoredCounts, [WRITER_TABLE]);
  const restoredClient = new pg.Client({ connectionString: url(target) });
  await restoredClient.connect();
  const restoredIds = (await restoredClient.query<{ id: string }>(`select id from ${WRITER_TABLE} order by id`)).rows.map((r) =>
    Number(r.id),
  );
  await restoredClient.end();
  const writes = writesVerdict(writer.acked, restoredIds, backupStartedAt, backupEndedAt);
  const list = (dir: string): UploadFile[] =>
    (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((d) => d.isFile())
      .map((d) => {
        const file = path.join(d.parentPath, d.name);
        const bytes = fs.readFileSync(file);
        return { path: path.relative(dir, file), size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
      })
      .sort((a, b) => a.path.localeCompare(b.path));
  const uploads = uploadsVerdict(list(UPLOADS), list(uploadsTarget), probePath);
  const uploadsLine = `${uploads.restored}/${uploads.files} files restored with the same bytes (SHA-256); the probe ${probePath} ${uploads.probeRestored ? 'is there' : 'is MISSING'}${uploads.missing.length ? `; missing: ${uploads.missing.slice(0, 5).join(', ')}` : ''}${uploads.extra.length ? `; not in the source: ${uploads.extra.slice(0, 5).join(', ')}` : ''}`;
  removeProbe();

  console.log(
    `row counts: ${counts.tables} tables, ${counts.rows.toLocaleString('en')} rows: ${counts.ok ? 'every count equal' : `DIFFERENT: ${JSON.stringify(counts.differing)}`}`,
  );
  console.log(
    `acknowledged writes: ${writes.acknowledged} by the end of the backup, ${writes.restored} restored; ${writes.lostBeforeStart} acknowledged before the backup began and lost, ${writes.gaps} gaps, ${writes.unknown} never acknowledged`,
  );
  console.log(`uploads: ${uploadsLine}`);
  console.log(
    `RTO: ${seconds(rtoMs)} (create database + pg_restore -j 2 + uploads) for ${sourceSize} (${(sourceBytes / 1e9).toFixed(2)} GB); backup took ${seconds(backupEndedAt - backupStartedAt)}`,
  );
  console.log(
    `RPO: ${writes.lost} acknowledged writes lost, the last ${seconds(writes.rpoMs)} before the backup ended (a dump keeps the moment it began; with a dump every H hours a failure loses up to H hours plus the dump's own time)`,
  );

  await source.query(`drop table if exists ${WRITER_TABLE}`);
  await source.end();
  if (!KEEP) await admin((c) => c.query(`drop database if exists ${target} with (force)`));
  else console.log(`restored database kept: ${target}`);
  return counts.ok && writes.ok && uploads.ok;
}

let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  removeProbe();
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(ok ? 'drill passed' : 'drill FAILED');
process.exit(ok ? 0 : 1);
