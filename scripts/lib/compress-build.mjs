// The build's scripts and styles compressed once, at build time, in worker threads (scripts/build.mjs): `name.br`
// (brotli, quality 11) and `name.gz`, which the server sends as they are (server/static-files.mjs).
//
// The .gz files are what a browser without brotli receives (any browser over plain http:// to another host: Chromium
// sends brotli only to secure origins), and what the JavaScript budget counts (scripts/lib/page-weight.ts). Zopfli
// (`@gfx/zopfli`, WebAssembly, no install script) writes gzip files about 3 % smaller than zlib's level 9 (the root's
// script 92,962 → 89,878 B) that every gzip reader decodes.
import fs from 'node:fs';
import os from 'node:os';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import zlib from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

/**
 * @param {string[]} files absolute paths of the files to compress
 * @returns {Promise<{ files: number, plain: number, gz: number }>}
 */
export async function compressBuild(files) {
  const threads = Math.max(1, Math.min(files.length, os.availableParallelism?.() ?? os.cpus().length));
  // Largest first, so no thread is left with the root's script at the end.
  const queue = [...files].sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
  let plain = 0;
  let gz = 0;
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
          worker.postMessage(file);
          const sizes = await done;
          plain += sizes.plain;
          gz += sizes.gz;
        }
      } finally {
        await worker.terminate();
      }
    }),
  );
  return { files: files.length, plain, gz };
}

if (!isMainThread && parentPort) {
  parentPort.on('message', async (file) => {
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    // Zopfli's output is never larger in practice; zlib's level 9 stays the floor should it ever be.
    let gzip = zlib.gzipSync(bytes, { level: 9 });
    const better = Buffer.from(await gzipAsync(bytes, { numiterations: 5 }));
    if (better.length < gzip.length) gzip = better;
    fs.writeFileSync(`${file}.gz`, gzip);
    parentPort.postMessage({ plain: bytes.length, gz: gzip.length });
  });
}
