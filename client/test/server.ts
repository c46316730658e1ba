import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

// The real server for the client's tests: the production build (`npm run build` first) started as `npm start` starts
// it, on a scratch embedded database with the demo data. The refresh token lives 603 s, so its check (10 minutes
// before expiry, spec §9) is due 3 s after a sign-in; the signing secret is the one the tests sign expired access
// tokens with. CLIENT_TEST_PORT chooses the port (a free one otherwise).
export const CLIENT_TEST_SECRET = 'client-test-secret-0123456789abcdef0123456789abcdef';
export const CLIENT_TEST_REFRESH_SECONDS = 603;

declare module 'vitest' {
  export interface ProvidedContext {
    apiBase: string;
    /** The server's log (its stdout: one JSON line per event). */
    serverLog: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync('build/index.js')) throw new Error('the client tests need a build: run `npm run build` first');
  const port = Number(process.env.CLIENT_TEST_PORT ?? 0) || (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-client-'));
  const logFile = path.join(dataDir, 'server.log');
  const stdout = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['server/index.mjs'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_ENV: 'EXP',
      DATABASE_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: CLIENT_TEST_SECRET,
      REFRESH_TOKEN_TTL_SECONDS: String(CLIENT_TEST_REFRESH_SECONDS),
    },
    stdio: ['ignore', stdout, 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${stderr}`);
    const ready = await fetch(`${base}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (i > 240) throw new Error(`the server did not become ready in 2 minutes:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  project.provide('apiBase', base);
  project.provide('serverLog', logFile);
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 12_000);
    await exited;
    clearTimeout(forced);
    fs.closeSync(stdout);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
