// A provider simulator (server/toss-simulator.mjs, server/solapi-simulator.mjs) on a port of its own, for the database
// tests and the benchmarks; the experience server mounts the same routers under /__toss and /__solapi instead.
import http from 'node:http';
import express from 'express';

/**
 * Serves `router` on `host:port` (port 0: any free one). Resolves its base URL and close().
 * @param {import('express').Router} router
 * @param {{ port?: number; host?: string }} options
 */
export async function serveRouter(router, { port = 0, host = '127.0.0.1' } = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.use(router);
  const server = http.createServer(app);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url,
    /** @returns {Promise<void>} */
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
