#!/usr/bin/env node
// `npm start`: build the app (scripts/build.mjs) when its sources changed since the last build, then serve it with our
// server (server/index.mjs) on PORT (default 3000). The server migrates the database (and seeds the demo data in the
// experience environment) before it listens. Whether to build is decided by the hash of the build's inputs
// (scripts/lib/build-inputs.mjs), not by timestamps. Pass --no-build to serve the existing build as it is, --build to
// build even when nothing changed, --check-build to print whether it would build and exit (0 current, 1 would build).
// SERVER_NODE names another Node.js binary for the server (CI runs it on the production line: .ci/run).
// The build it makes is the quick one (`--gzip=zlib`: no Zopfli where the compression cache has none, 13–26 s less on
// two cores); `npm run build` makes the production build, what the JavaScript budget counts.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../server/node-flags.mjs';
import { buildIsCurrent } from './lib/build-inputs.mjs';

const env = { NODE_ENV: 'production', ...process.env };
// The simulators' control pages (/__toss/__control, /__solapi/__control: the messages sent, reset codes included) open
// only to this token; a local start makes one and shows it here, in the terminal of whoever started the server.
const experience = (env.APP_ENV ?? (env.DATABASE_URL ? 'PROD' : 'EXP')) === 'EXP';
if (experience && !env.SIMULATOR_CONTROL_TOKEN) {
  env.SIMULATOR_CONTROL_TOKEN = randomBytes(18).toString('base64url');
  console.log(`시뮬레이터 제어 토큰 (X-Simulator-Token): ${env.SIMULATOR_CONTROL_TOKEN}`);
}

if (process.argv.includes('--check-build')) {
  const upToDate = buildIsCurrent();
  console.log(upToDate ? 'build: up to date' : 'build: would build (the sources, lockfile or build configuration changed)');
  process.exit(upToDate ? 0 : 1);
}

const skip = process.argv.includes('--no-build');
const current = !skip && !process.argv.includes('--build') && buildIsCurrent();
if (current)
  console.log('build: up to date (sources, lockfile and build configuration unchanged), not rebuilding (npm start -- --build forces it)');
if (!skip && !current) {
  const built = spawnSync(process.execPath, [fileURLToPath(new URL('./build.mjs', import.meta.url)), '--gzip=zlib'], {
    stdio: 'inherit',
    env,
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const child = spawn(
  process.env.SERVER_NODE || process.execPath,
  [...SERVER_NODE_FLAGS, fileURLToPath(new URL('../server/index.mjs', import.meta.url))],
  {
    stdio: 'inherit',
    env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
