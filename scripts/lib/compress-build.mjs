// The build's scripts and styles compressed once, at build time, in worker threads (scripts/build.mjs): `name.br`
// (brotli, quality 11) and `name.gz`, which the server sends as they are (server/static-files.mjs).
//
// The .gz files are what Chromium receives over http:// (it asks for gzip and deflate only there), so what Lighthouse
// counts. Zopfli (`@gfx/zopfli`, WebAssembly) writes gzip files about 3 % smaller than zlib's level 9 (the root's
// script 92,962 → 89,878 B) that every gzip reader decodes; without that package the files are zlib's level 9, and
// the build says so.
import fs from 'node:fs';
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';

async function loadZopfli() {
  try {
    return await import('@gfx/zopfli');
  } catch {
    return null;
  }
}

/**
 * @param {string[]} files absolute paths of the files to compress
 * @returns {Promise<{ files: number, gzip: 'zopfli' | 'zlib level 9', plain: number, gz: number }>}
 */
export async function compressBuild(files) {
  const zopfli = await loadZopfli();
  const threads = Math.max(1, Math.min(files.length, os.availableParallelism?.() ?? os.cpus().length));
  // Largest first, so no thread is left with the root's script at the end.
  const queue = [...files].sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
  let plain = 0;
  let gz = 0;
  await Promise.all(
    Array.from({ length: threads }, async () => {
      const worker = new Worker(new URL(import.meta.url), { workerData: { zopfli: Boolean(zopfli) } });
      try {
        for (let file = queue.shift(); file; file = queue.shift()) {
          const done = new Promise((resolve, reject) => {
            worker.once('message', resolve);
            worker.once('error', reject);
          });
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
  return { files: files.length, gzip: zopfli ? 'zopfli' : 'zlib level 9', plain, gz };
}

if (!isMainThread && parentPort) {
  const zopfli = workerData.zopfli ? await loadZopfli() : null;
  parentPort.on('message', async (file) => {
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    let gzip = zlib.gzipSync(bytes, { level: 9 });
    if (zopfli) {
      const better = Buffer.from(await zopfli.gzipAsync(bytes, { numiterations: 15 }));
      if (better.length < gzip.length) gzip = better;
    }
    fs.writeFileSync(`${file}.gz`, gzip);
    parentPort.postMessage({ plain: bytes.length, gz: gzip.length });
  });
}
