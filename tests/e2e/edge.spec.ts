import http from 'node:http';
import { expect, test } from '@playwright/test';
import { gotoReady, signIn } from './support';

// What our HTTP server refuses before the app reads anything (server/edge.mjs): page posts from another origin,
// other methods, oversized bodies; and its health answers.

test('a page on another port of localhost cannot change a profile, with or without ?_data=, even holding a valid form token', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'student5');
  await gotoReady(page, '/user/my-page/me');
  const token = await page.locator('input[name="csrf"]').first().inputValue();
  const target = `${baseURL}/user/my-page/me`;
  const form = (action: string, label: string) => `<form method="post" action="${action}">
    <input type="hidden" name="csrf" value="${token}"><input type="hidden" name="intent" value="profile">
    <input type="hidden" name="name" value="바뀐이름"><input type="hidden" name="email" value="x@evil.example">
    <button>${label}</button></form>`;
  const attacker = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><meta charset="utf-8">${form(target, 'plain')}${form(`${target}?_data=routes/user%2B/my-page.me`, 'data')}`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  const port = (attacker.address() as { port: number }).port;
  try {
    for (const label of ['plain', 'data']) {
      await page.goto(`http://127.0.0.1:${port}/`);
      const answer = page.waitForResponse((r) => r.url().startsWith(target) && r.request().method() === 'POST');
      await page.getByRole('button', { name: label }).click();
      expect((await answer).status()).toBe(403);
    }
  } finally {
    attacker.close();
  }
  await gotoReady(page, '/user/my-page/me');
  await expect(page.getByText('바뀐이름')).toHaveCount(0);
  await expect(page.getByText('x@evil.example')).toHaveCount(0);
});

test('other methods get 405, the health checks answer, and build files are immutable, nosniff and pre-compressed', async ({ request }) => {
  const put = await request.put('/user/my-page/me', { data: 'name=x' });
  expect(put.status()).toBe(405);
  expect(put.headers()['allow']).toBe('GET, HEAD, POST');
  expect((await request.fetch('/landing', { method: 'TRACE' })).status()).toBe(405);
  expect(await (await request.get('/healthz')).json()).toEqual({ status: 'ok' });
  expect(await (await request.get('/readyz')).json()).toEqual({ status: 'ok' });
  const html = await (await request.get('/member/login')).text();
  const script = html.match(/\/build\/[^"]+\.js/)?.[0];
  expect(script).toBeTruthy();
  const asset = await request.get(script!);
  expect(asset.headers()['cache-control']).toContain('immutable');
  expect(asset.headers()['x-content-type-options']).toBe('nosniff');
  // Compressed at build time: brotli when accepted, gzip otherwise, and the same script either way.
  const br = await request.get(script!, { headers: { 'Accept-Encoding': 'br' } });
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers()['vary']).toBe('Accept-Encoding');
  const gzip = await request.get(script!, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  expect(await br.text()).toBe(await asset.text());
  expect(await gzip.text()).toBe(await asset.text());
  // What Chromium asks for over http://, in its order: brotli is still preferred when listed.
  const chromium = await request.get(script!, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
  expect(chromium.headers()['content-encoding']).toBe('br');
  // Nothing an immutable file does not need (server/static-files.mjs).
  for (const name of ['x-request-id', 'etag', 'last-modified', 'accept-ranges']) expect(gzip.headers()[name], name).toBeUndefined();
  const unknown = await request.get(script!.replace(/-[\w-]+\.js$/, '-NOTBUILT.js'));
  expect(unknown.status()).toBe(404);
  const favicon = await request.get('/favicon.svg');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toBe('image/svg+xml');
  expect(favicon.headers()['x-content-type-options']).toBe('nosniff');
  expect(await favicon.text()).toContain('<svg');
  // Pages still carry their request id.
  expect((await request.get('/landing')).headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});

test('a 50 MB form post is refused from its length, before its body is sent', async ({ baseURL }) => {
  const url = new URL('/member/login', baseURL);
  const started = Date.now();
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': 50 * 1024 * 1024 },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    // Only the first kilobyte is ever written: the answer comes without the rest.
    req.write('a'.repeat(1024));
  });
  expect(status).toBe(413);
  expect(Date.now() - started).toBeLessThan(5_000);
});
