import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
// @ts-expect-error express has no type declarations in this project (the server is plain JavaScript)
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { staticFiles } from '../../server/static-files.mjs';

// public/'s files served from the list made at start-up (server/static-files.mjs): the headers a fingerprinted build
// file is sent with, the compressed forms, a 404 for an unknown build file, the favicon, and no file-system access for
// a page request.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
const script = 'export const x = 1;'.repeat(50);
const favicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${'<rect width="1" height="1"/>'.repeat(20)}</svg>`;
fs.mkdirSync(path.join(dir, 'build/_shared'), { recursive: true });
fs.writeFileSync(path.join(dir, 'build/_shared/app-AB12CD34.js'), script);
fs.writeFileSync(path.join(dir, 'build/_shared/app-AB12CD34.js.gz'), zlib.gzipSync(script, { level: 9 }));
fs.writeFileSync(path.join(dir, 'build/_shared/app-AB12CD34.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(dir, 'build/plain-ZZ99ZZ99.css'), 'a{color:red}');
fs.writeFileSync(path.join(dir, 'favicon.svg'), favicon);

let base = '';
let server: http.Server;
const handler = staticFiles({ publicDir: dir });
beforeAll(async () => {
  const app = express();
  app.use((_req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => {
    res.setHeader('X-Request-Id', 'abc');
    next();
  });
  app.use(handler);
  app.use((_req: http.IncomingMessage, res: http.ServerResponse) => res.writeHead(200).end('the app'));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A raw request (fetch would add its own Accept-Encoding and decode the body). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(base + url, { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (p) => parts.push(p));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('staticFiles', () => {
  it('sends a build script gzip-compressed with only the headers an immutable file needs', async () => {
    const res = await get('/build/_shared/app-AB12CD34.js', { 'Accept-Encoding': 'gzip, deflate' });
    expect(res.status).toBe(200);
    expect(zlib.gunzipSync(res.body).toString()).toBe(script);
    expect(res.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'content-encoding': 'gzip',
      'content-length': String(res.body.length),
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
    });
    for (const name of ['x-request-id', 'etag', 'last-modified', 'accept-ranges']) expect(res.headers[name], name).toBeUndefined();
  });

  it('prefers brotli whenever it is accepted, and sends the plain file when nothing is', async () => {
    const br = await get('/build/_shared/app-AB12CD34.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    const refused = await get('/build/_shared/app-AB12CD34.js', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const plain = await get('/build/_shared/app-AB12CD34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['content-length']).toBe(String(script.length));
    // A file without compressed forms: as it is, without Vary.
    const css = await get('/build/plain-ZZ99ZZ99.css', { 'Accept-Encoding': 'gzip' });
    expect(css.body.toString()).toBe('a{color:red}');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers.vary).toBeUndefined();
  });

  it('answers HEAD with the headers only', async () => {
    const res = await get('/build/_shared/app-AB12CD34.js', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
    expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(dir, 'build/_shared/app-AB12CD34.js.gz')).size);
  });

  it('answers 404 for a build file it does not list (a compressed form is not a file of its own)', async () => {
    for (const url of ['/build/_shared/app-OLD00000.js', '/build/_shared/app-AB12CD34.js.gz', '/build/favicon.svg']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.toString()).not.toBe('the app');
    }
  });

  it('serves the favicon from memory, compressed when accepted, cached an hour', async () => {
    const res = await get('/favicon.svg', { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(zlib.gunzipSync(res.body).toString()).toBe(favicon);
    expect((await get('/favicon.svg')).body.toString()).toBe(favicon);
  });

  it('passes pages and posts on to the app without touching the file system', async () => {
    const stat = vi.spyOn(fs, 'statSync');
    const exists = vi.spyOn(fs, 'existsSync');
    const statAsync = vi.spyOn(fs, 'stat');
    try {
      const page = await get('/user/activity');
      expect(page.status).toBe(200);
      expect(page.body.toString()).toBe('the app');
      expect((await get('/favicon.svg', {}, 'POST')).body.toString()).toBe('the app');
      expect(stat).not.toHaveBeenCalled();
      expect(exists).not.toHaveBeenCalled();
      expect(statAsync).not.toHaveBeenCalled();
    } finally {
      stat.mockRestore();
      exists.mockRestore();
      statAsync.mockRestore();
    }
    expect(handler.size()).toBe(3);
  });
});
