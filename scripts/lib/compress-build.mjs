// The build's scripts and styles compressed once, at build time, in worker threads (scripts/build.mjs): `name.br`
// (brotli, quality 11) and `name.gz`, which the server sends as they are (server/static-files.mjs).
//
// The .gz files are what a browser without brotli receives (any browser over plain http:// to another host: Chromium
// sends brotli only to secure origins), and what the JavaScript budget counts (scripts/lib/page-weight.ts). Zopfli
// (`@gfx/zopfli`, WebAssembly, no install script) writes gzip files about 3 % smaller than zlib's level 9 (the root's
// script 92,962 → 89,878 B) that every gzip reader decodes.
//
// Both cost seconds per build, and most files do not change between two builds: each file's compressed forms are kept
// in .cache/compressed/ under the hash of its content, and a later build copies them instead of compressing again.
// Entries no build has used for two weeks are removed.
//
// Zopfli is what costs: 26 s of one core for the whole build (brotli 1.3 s, zlib 0.03 s). `npm start`'s build asks for
// `gzip: 'zlib'`: a file the cache does not hold gets zlib's level-9 .gz (about 3 % larger; brotli, what browsers take,
// is the same), which is not cached, so that a later production build still writes Zopfli's
// (docs/decisions/035-lean-install-and-start.md).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import zlib from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

const CACHE_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../.cache/compressed');
const CACHE_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * @param {string[]} files absolute paths of the files to compress
 * @param {{ gzip?: 'zopfli' | 'zlib' }} [options] how a file the cache does not hold is gzipped (default Zopfli)
 * @returns {Promise<{ files: number, cached: number, plain: number, gz: number }>}
 */
export async function compressBuild(files, { gzip = 'zopfli' } = {}) {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const threads = Math.max(1, Math.min(files.length, os.availableParallelism?.() ?? os.cpus().length));
  // Largest first, so no thread is left with the root's script at the end.
  const queue = [...files].sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
  let plain = 0;
  let gz = 0;
  let cached = 0;
  await Promise.all(
    Array.from({ length: threads }, async () => {
      const worker = new Worker(new URL(import.meta.url));
      // One file at a time per worker: its answer, or its failure, settles the file in hand.
      let pending = null;
      worker.on('message', (sizes) => pending?.resolve(sizes));
      worker.on('error', (error) => pending?.reject(error));
      try {
        for (let file = queue.shift(); file; file = queue.shift()) {
          const done = new Promise((resolve, reject) => (pending = { resolve, reject }));
          worker.postMessage({ file, gzip });
          const sizes = await done;
          plain += sizes.plain;
          gz += sizes.gz;
          if (sizes.cached) cached++;
        }
      } finally {
        await worker.terminate();
      }
    }),
  );
  pruneCache();
  return { files: files.length, cached, plain, gz };
}

function pruneCache() {
  const now = Date.now();
  for (const name of fs.readdirSync(CACHE_DIR)) {
    const file = path.join(CACHE_DIR, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat && now - stat.mtimeMs > CACHE_MAX_AGE_MS) fs.rmSync(file, { force: true });
  }
}

/** Writes a cache entry whole or not at all (a concurrent build reads the old entry or the new one). */
function writeCacheEntry(file, bytes) {
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
  fs.writeFileSync(partial, bytes);
  fs.renameSync(partial, file);
}

if (!isMainThread && parentPort) {
  parentPort.on('message', async ({ file, gzip: method }) => {
    const bytes = fs.readFileSync(file);
    const key = path.join(CACHE_DIR, createHash('sha256').update(bytes).digest('hex'));
    const now = new Date();
    const touch = (entry) => fs.utimesSync(entry, now, now);
    if (fs.existsSync(`${key}.br`)) touch(`${key}.br`);
    else writeCacheEntry(`${key}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.copyFileSync(`${key}.br`, `${file}.br`);
    // The cache's .gz entries are Zopfli's only.
    const hit = fs.existsSync(`${key}.gz`);
    if (hit) {
      touch(`${key}.gz`);
      fs.copyFileSync(`${key}.gz`, `${file}.gz`);
    } else if (method === 'zlib') {
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
    } else {
      // Zopfli's output is never larger in practice; zlib's level 9 stays the floor should it ever be.
      let gz = zlib.gzipSync(bytes, { level: 9 });
      const better = Buffer.from(await gzipAsync(bytes, { numiterations: 5 }));
      if (better.length < gz.length) gz = better;
      writeCacheEntry(`${key}.gz`, gz);
      fs.copyFileSync(`${key}.gz`, `${file}.gz`);
    }
    parentPort.postMessage({ plain: bytes.length, gz: fs.statSync(`${file}.gz`).size, cached: hit });
  });
}
