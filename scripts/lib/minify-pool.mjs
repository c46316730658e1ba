// Terser on worker threads, one per core (scripts/lib/rebundle-client.mjs): Rollup hands every output chunk to its
// renderChunk hooks at once, so the build's 300-odd files are minified on all cores instead of one after another on
// the main thread. Same options, same output; only sooner.
import os from 'node:os';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { minify } from 'terser';

/** The pool: `minify(code)` resolves to terser's code; `close()` ends the threads. */
export function minifyPool(options, threads = Math.max(1, os.availableParallelism?.() ?? os.cpus().length)) {
  const waiting = [];
  const idle = [];
  const pending = new Map();
  let next = 0;
  const workers = Array.from({ length: threads }, () => {
    const worker = new Worker(new URL(import.meta.url), { workerData: null });
    worker.on('message', ({ id, code, error }) => {
      const job = pending.get(id);
      pending.delete(id);
      if (error) job.reject(new Error(error));
      else job.resolve(code);
      const queued = waiting.shift();
      if (queued) send(worker, queued);
      else idle.push(worker);
    });
    worker.on('error', (error) => {
      for (const job of pending.values()) job.reject(error);
      pending.clear();
    });
    idle.push(worker);
    return worker;
  });
  const send = (worker, job) => {
    pending.set(job.id, job);
    worker.postMessage({ id: job.id, code: job.code, options });
  };
  return {
    minify(code) {
      return new Promise((resolve, reject) => {
        const job = { id: next++, code, resolve, reject };
        const worker = idle.pop();
        if (worker) send(worker, job);
        else waiting.push(job);
      });
    },
    close: () => Promise.all(workers.map((w) => w.terminate())),
  };
}

if (!isMainThread && parentPort) {
  parentPort.on('message', async ({ id, code, options }) => {
    try {
      const result = await minify(code, options);
      parentPort.postMessage({ id, code: result.code });
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
