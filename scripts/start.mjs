#!/usr/bin/env node
// `npm start`: build the app (scripts/build.mjs), then serve it with our server (server/index.mjs) on PORT (default 3000).
// The server migrates the database (and seeds the demo data in the experience environment) before it listens.
// Pass --no-build to serve the existing build.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../server/node-flags.mjs';

const env = { NODE_ENV: 'production', ...process.env };
// The simulators' control pages (/__toss/__control, /__solapi/__control: the messages sent, reset codes included) open
// only to this token; a local start makes one and shows it here, in the terminal of whoever started the server.
const experience = (env.APP_ENV ?? (env.DATABASE_URL ? 'PROD' : 'EXP')) === 'EXP';
if (experience && !env.SIMULATOR_CONTROL_TOKEN) {
  env.SIMULATOR_CONTROL_TOKEN = randomBytes(18).toString('base64url');
  console.log(`시뮬레이터 제어 토큰 (X-Simulator-Token): ${env.SIMULATOR_CONTROL_TOKEN}`);
}

if (!process.argv.includes('--no-build')) {
  const built = spawnSync(process.execPath, [fileURLToPath(new URL('./build.mjs', import.meta.url))], { stdio: 'inherit', env });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, fileURLToPath(new URL('../server/index.mjs', import.meta.url))], {
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
