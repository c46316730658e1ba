#!/usr/bin/env node
// `npm start`: build the app (scripts/build.mjs), then serve it with our server (server/index.mjs) on PORT (default 3000).
// The server migrates the database (and seeds the demo data in the experience environment) before it listens.
// Pass --no-build to serve the existing build.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../server/node-flags.mjs';

const env = { NODE_ENV: 'production', ...process.env };

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
