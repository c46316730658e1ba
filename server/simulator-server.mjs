// A provider simulator (server/toss-simulator.mjs, server/solapi-simulator.mjs) on a port of its own, for the database
// tests and the benchmarks; the experience server mounts the same routers under /__toss and /__solapi instead.
import http from 'node:http';
import { createHash, timingSafeEqual } from 'node:crypto';
import express from 'express';

/** The header that carries the control token (SIMULATOR_CONTROL_TOKEN) to a simulator's `/__control/*` pages. */
export const CONTROL_TOKEN_HEADER = 'X-Simulator-Token';

const digest = (value) => createHash('sha256').update(String(value)).digest();

/**
 * The guard of a simulator's control pages (`/__control/*`: the messages sent, reset codes included; scripted
 * outcomes; resets). They are another party's test hooks, not the provider's API: without a token they are not served
 * at all (404), with one only a request carrying it in X-Simulator-Token passes (403 otherwise). The token is known to
 * the tests that started the simulator and to whoever started the server (SIMULATOR_CONTROL_TOKEN).
 * @param {string | undefined} token
 * @returns {import('express').RequestHandler}
 */
export function controlGuard(token) {
  const expected = token ? digest(token) : null;
  return (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    if (!expected) return res.status(404).json({ errorCode: 'NotFound', errorMessage: '존재하지 않는 요청입니다.' });
    const given = req.get(CONTROL_TOKEN_HEADER);
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return res.status(403).json({ errorCode: 'Forbidden', errorMessage: '시뮬레이터 제어 토큰이 필요합니다.' });
    }
    next();
  };
}

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
