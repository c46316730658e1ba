#!/usr/bin/env node
// `npm run build`: the Remix classic compiler's production build, as `remix build` runs it, except that the esbuild
// contexts are disposed before the process ends.
//
// `remix build` calls process.exit() with its esbuild contexts still open. esbuild's service process pings its host
// every second; a ping that arrives while the build's last synchronous work runs is never answered, and the service,
// kept alive by the open contexts, then stops with "fatal error: all goroutines are asleep - deadlock!" and a Go stack
// trace on the terminal. Disposing the contexts first lets it end quietly. (@remix-run/dev 2.17.5 is the last classic
// compiler release, so the modules below do not move.)
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dev = (file) => require(`@remix-run/dev/dist/${file}`);
const { readConfig } = dev('config.js');
const { create } = dev('compiler/compiler.js');
const { createFileWatchCache } = dev('compiler/fileWatchCache.js');
const { logThrown } = dev('compiler/utils/log.js');
const { logger } = dev('tux/logger.js');

const mode = process.env.NODE_ENV || 'production';
if (mode === 'development') {
  console.error('npm run build makes production builds; use npm run dev while developing.');
  process.exit(1);
}
process.env.NODE_ENV = mode;

logger.info(`building... (NODE_ENV=${mode})`);
const started = Date.now();
const config = await readConfig(process.cwd());
fs.rmSync(config.assetsBuildDirectory, { recursive: true, force: true });
fs.mkdirSync(config.assetsBuildDirectory, { recursive: true });

const compiler = await create({ config, options: { mode, sourcemap: false }, fileWatchCache: createFileWatchCache(), logger });
let failed = false;
try {
  await compiler.compile();
} catch (thrown) {
  logThrown(thrown);
  failed = true;
} finally {
  await compiler.dispose();
}
if (failed) process.exit(1);
logger.info(`built (${((Date.now() - started) / 1000).toFixed(1)}s)`);
