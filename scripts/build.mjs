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
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildInputsHash, stampFile, writeBuildStamp } from './lib/build-inputs.mjs';
import { compressBuild } from './lib/compress-build.mjs';
import { rebundleClient } from './lib/rebundle-client.mjs';

const require = createRequire(import.meta.url);
const dev = (file) => require(`@remix-run/dev/dist/${file}`);
const { readConfig } = dev('config.js');
const { create } = dev('compiler/compiler.js');
const { createFileWatchCache } = dev('compiler/fileWatchCache.js');
const { logThrown } = dev('compiler/utils/log.js');
const { logger } = dev('tux/logger.js');

const mode = process.env.NODE_ENV || 'production';
// `--gzip=zlib`: npm start's quick build (scripts/lib/compress-build.mjs); the default, Zopfli, is the production build's.
const gzip = process.argv.includes('--gzip=zlib') ? 'zlib' : 'zopfli';
if (mode === 'development') {
  console.error('npm run build makes production builds; use npm run dev while developing.');
  process.exit(1);
}
process.env.NODE_ENV = mode;

logger.info(`building... (NODE_ENV=${mode})`);
const started = Date.now();
// The inputs' hash is taken before compiling: a file edited during the build makes the next start build again.
const inputsHash = buildInputsHash(process.cwd(), mode);
// No stamp while the build is half-made: an interrupted build is never taken for a current one.
fs.rmSync(stampFile(process.cwd()), { force: true });
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

// No render-blocking stylesheet (docs/decisions/028, "Stylesheet"): each page inlines the part of the sheet that can
// apply to it; the server reads the parts from build/page-css.json (app/web/page-css.server.ts). Split on a worker
// thread (scripts/lib/split-css.mjs) while the scripts are re-bundled: it reads only the stylesheet and the server's
// metafile.
const serverMeta = JSON.parse(fs.readFileSync(path.join(path.dirname(config.serverBuildPath), 'metafile.server.json'), 'utf8'));
const cssOutputs = Object.keys(serverMeta.outputs).filter((f) => f.endsWith('.css'));
if (cssOutputs.length !== 1) throw new Error(`expected one stylesheet in the build, found ${cssOutputs.length}`);
const cssFile = path.join(config.assetsBuildDirectory, '_assets', path.basename(cssOutputs[0]));
const cssHref = config.publicPath + path.relative(config.assetsBuildDirectory, cssFile).split(path.sep).join('/');
const cssSplit = new Promise((resolve, reject) => {
  const worker = new Worker(new URL('./lib/split-css.mjs', import.meta.url), {
    workerData: {
      splitCss: {
        css: fs.readFileSync(cssFile, 'utf8'),
        metafile: serverMeta,
        appDir: config.appDirectory,
        root: config.rootDirectory,
        routes: Object.values(config.routes),
      },
    },
  });
  worker.once('message', resolve);
  worker.once('error', reject);
  worker.once('exit', (code) => reject(new Error(`the stylesheet's split ended without an answer (${code})`)));
});

// Few scripts per page instead of the compiler's 20 to 30 (docs/decisions/028): the client output is re-bundled.
const rebundled = await rebundleClient({
  buildDir: config.assetsBuildDirectory,
  publicPath: config.publicPath,
  serverBuild: config.serverBuildPath,
  metafile: path.join(path.dirname(config.serverBuildPath), 'metafile.js.json'),
  maxScripts: 8,
  maxBytes: 100 * 1024,
});
logger.info(`re-bundled ${rebundled.before} scripts into ${rebundled.after} (${rebundled.groups} shared groups, at most 8 per page)`);
if (rebundled.worst.excess > 0) {
  logger.warn(`${rebundled.worst.route} loads about ${rebundled.worst.excess} B of other pages' code past the JavaScript budget`);
}

{
  const { sheets, sheetOf } = await cssSplit;
  fs.writeFileSync(path.join(path.dirname(config.serverBuildPath), 'page-css.json'), JSON.stringify({ href: cssHref, sheets, sheetOf }));
  logger.info(`split the stylesheet into ${sheets.length} page parts (${cssHref})`);
}

// Scripts and styles are compressed once here, at the highest levels, instead of on every request: the server sends
// `name.js.br` or `name.js.gz` when the browser accepts it (server/static-files.mjs). Worker threads, one a core; gzip
// by Zopfli; a file compressed by an earlier build is taken from .cache/compressed (scripts/lib/compress-build.mjs).
{
  const compressStarted = Date.now();
  const files = fs
    .readdirSync(config.assetsBuildDirectory, { recursive: true })
    .map((entry) => path.join(config.assetsBuildDirectory, String(entry)))
    .filter((file) => /\.(js|css|map)$/.test(file) && fs.statSync(file).isFile());
  const done = await compressBuild(files, { gzip });
  logger.info(
    `compressed ${done.files} files (${done.cached} from the cache; br, gz by ${gzip === 'zlib' ? 'zlib level 9 where the cache has no zopfli' : 'zopfli'}: ${done.plain} → ${done.gz} B gzip, ${((Date.now() - compressStarted) / 1000).toFixed(1)}s)`,
  );
}
writeBuildStamp(process.cwd(), inputsHash, gzip);
logger.info(`built (${((Date.now() - started) / 1000).toFixed(1)}s)`);
