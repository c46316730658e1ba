// The battery's edge group (scripts/battery.ts calls `edge`): every rule our HTTP server applies before the app
// (server/edge.mjs: body limits, methods, the cross-origin check, the API/page split) must hold for every spelling of
// a path the router would route to the same page: dot segments, percent-encoded dots and slashes, doubled slashes and
// backslashes. Each is either refused with 400 or meets the page's rule. The cross-origin check is tried with each
// of its two signals alone (Origin, Sec-Fetch-Site), and the edge's refusals of a data request (`?_data=`, what a page
// with JavaScript sends) must be the page-action reply the form shows, not an HTML page the browser cannot read.
import { request as httpRequest } from 'node:http';
import { Client, groupRssMb, item, raw, type Server, sleep } from '../lib/battery-harness';

/** The spellings of one page path that lead the router to that page (or nowhere), but not plainly. */
export function pathVariants(page: string): string[] {
  const rest = page.slice(1); // 'member/login'
  const back = rest.replace(/\//g, '\\');
  return [
    `/api/../${rest}`,
    `/api/%2e%2e/${rest}`,
    `/api/%2E%2E/${rest}`,
    `/api/.%2e/${rest}`,
    `/api/./../${rest}`,
    `/api\\..\\${back}`,
    `/api/..\\${rest}`,
    `/api%2f..%2f${rest}`,
    `/api%5c..%5c${rest}`,
    `//${rest}`,
    `/${rest.replace('/', '//')}`,
    `/%2f${rest}`,
    `/api%2f${rest}`,
  ];
}

type Answer = { status: number; ms: number; headers: Record<string, string | string[] | undefined>; text: string };

/** One request with the path sent exactly as written, and its answer read whole. */
function send(base: string, method: string, path: string, headers: Record<string, string> = {}, body = ''): Promise<Answer> {
  const url = new URL(base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const summary = (answers: [string, number][]) => {
  const counts = new Map<number, number>();
  for (const [, status] of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${s}×${n}`).join(' ');
};

export async function edge(base: () => string, server: () => Server) {
  // Body limits: a 50 MB page post, chunked (no length) or with its length declared, on every spelling of the sign-in
  // page: refused at once (never read), three at a time, while the health check keeps answering.
  await item('edge-paths-body-limit', async () => {
    const variants = ['/member/login', ...pathVariants('/member/login')];
    const before = groupRssMb(server());
    const bad: string[] = [];
    const answers: [string, number][] = [];
    let slowest = 0;
    let healthSlowest = 0;
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const t0 = performance.now();
        // A server that no longer answers is as slow as the probe ran (the item fails, the battery goes on).
        await fetch(`${base()}/healthz`, { signal: AbortSignal.timeout(10_000) })
          .then((r) => r.arrayBuffer())
          .catch(() => {});
        healthSlowest = Math.max(healthSlowest, performance.now() - t0);
        await sleep(100);
      }
    })();
    for (const declared of [false, true]) {
      for (let i = 0; i < variants.length; i += 3) {
        const batch = variants.slice(i, i + 3);
        const posts = await Promise.all(
          batch.map((path) =>
            raw(
              base(),
              'POST',
              path,
              {
                'Content-Type': 'application/x-www-form-urlencoded',
                ...(declared ? { 'Content-Length': 50 * 1024 * 1024 } : {}),
              },
              { bytes: 50 * 1024 * 1024 },
            ),
          ),
        );
        posts.forEach((p, k) => {
          answers.push([batch[k], p.status]);
          slowest = Math.max(slowest, p.ms);
          // 0: the connection was closed before an answer (an unknown length is never read).
          if (![0, 400, 411, 413].includes(p.status) || p.ms > 1000) bad.push(`${batch[k]}${declared ? '' : ' (chunked)'}=${p.status}`);
        });
      }
    }
    probing = false;
    await probe;
    const grew = groupRssMb(server()) - before;
    return [
      bad.length === 0 && grew < 50 && healthSlowest < 500,
      `${answers.length} posts of 50 MB: ${summary(answers)}; slowest ${slowest.toFixed(0)} ms, RSS +${grew.toFixed(0)} MB, ` +
        `healthz slowest ${healthSlowest.toFixed(0)} ms${bad.length ? `; read: ${bad.slice(0, 4).join(' ')}` : ''}`,
    ];
  });

  // Methods: pages answer GET, HEAD and POST only, whatever the spelling of their path (PUT, PATCH or DELETE never
  // reach a page action), even with the session's cookie and form token.
  await item('edge-paths-methods', async () => {
    const c = new Client(base());
    await c.signIn('student6');
    const token = await c.csrf('/user/my-page/me');
    const form = new URLSearchParams({ csrf: token, intent: 'profile', name: '바뀐이름', email: 'edge@evil.example' }).toString();
    const headers = { Cookie: c.cookieHeader(), 'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRF-Token': token };
    const answers: [string, number][] = [];
    for (const path of ['/user/my-page/me', ...pathVariants('/user/my-page/me')]) {
      for (const method of ['PUT', 'PATCH', 'DELETE'])
        answers.push([`${method} ${path}`, (await send(base(), method, path, headers, form)).status]);
    }
    const bad = answers.filter(([, s]) => s !== 405 && s !== 400);
    const page = await (await c.fetch('/user/my-page/me')).text();
    const changed = page.includes('edge@evil.example');
    return [
      bad.length === 0 && !changed,
      `${answers.length} requests: ${summary(answers)}; profile ${changed ? 'CHANGED' : 'unchanged'}${bad.length ? `; reached: ${bad[0][0]}` : ''}`,
    ];
  });

  // Cross-origin page posts, each signal alone: Origin of another site (no Sec-Fetch-Site, as an older browser sends),
  // and Sec-Fetch-Site: cross-site (no Origin), on every spelling of the path, with a valid form token.
  const crossOrigin = async (signal: Record<string, string>): Promise<[boolean, string]> => {
    const c = new Client(base());
    await c.signIn('student6');
    const token = await c.csrf('/user/my-page/me');
    const form = new URLSearchParams({ csrf: token, intent: 'profile', name: '바뀐이름', email: 'cross@evil.example' }).toString();
    const answers: [string, number][] = [];
    for (const path of ['/user/my-page/me', ...pathVariants('/user/my-page/me')]) {
      const headers = { Cookie: c.cookieHeader(), 'Content-Type': 'application/x-www-form-urlencoded', ...signal };
      answers.push([path, (await send(base(), 'POST', path, headers, form)).status]);
      answers.push([`${path}?_data`, (await send(base(), 'POST', `${path}?_data=routes%2Fuser%2B%2Fmy-page.me`, headers, form)).status]);
    }
    const bad = answers.filter(([, s]) => s !== 403 && s !== 400);
    const changed = (await (await c.fetch('/user/my-page/me')).text()).includes('cross@evil.example');
    return [
      bad.length === 0 && !changed,
      `${answers.length} posts: ${summary(answers)}; profile ${changed ? 'CHANGED' : 'unchanged'}${bad.length ? `; passed: ${bad[0][0]}` : ''}`,
    ];
  };
  await item('csrf-origin-alone', () => crossOrigin({ Origin: 'http://127.0.0.1:1' }));
  await item('csrf-sec-fetch-site-alone', () => crossOrigin({ 'Sec-Fetch-Site': 'cross-site' }));

  // What a page with JavaScript sends is a data request (?_data=): every refusal at the edge answers it with the
  // page-action reply (JSON, its code and message, marked as the server's answer), so the page shows the message
  // in its form instead of its error page; the same request without ?_data= still gets the small Korean page.
  await item('edge-refusals-data-requests', async () => {
    const c = new Client(base());
    await c.signIn('student6');
    const token = await c.csrf('/user/my-page/me');
    const data = '?_data=routes%2Fuser%2B%2Fmy-page.me';
    const cookie = { Cookie: c.cookieHeader() };
    const big = new FormData();
    big.set('csrf', token);
    big.set('intent', 'image');
    big.set('image', new Blob([new Uint8Array(12 * 1024 * 1024)], { type: 'image/jpeg' }), 'big.jpg');
    const checks: [string, Answer | Response, number, string][] = [
      ['413', await c.fetch(`/user/my-page/me${data}`, { method: 'POST', body: big }), 413, 'PAYLOAD_TOO_LARGE'],
      [
        '405',
        await send(base(), 'PUT', `/user/my-page/me${data}`, { ...cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, 'a=1'),
        405,
        'METHOD_NOT_ALLOWED',
      ],
      [
        '403',
        await send(
          base(),
          'POST',
          `/user/my-page/me${data}`,
          { ...cookie, Origin: 'http://127.0.0.1:1', 'Content-Type': 'application/x-www-form-urlencoded' },
          `csrf=${token}`,
        ),
        403,
        'CROSS_ORIGIN',
      ],
      [
        '400',
        await send(
          base(),
          'POST',
          `/api/../user/my-page/me${data}`,
          { ...cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
          `csrf=${token}`,
        ),
        400,
        'INVALID_PATH',
      ],
    ];
    const bad: string[] = [];
    const figures: string[] = [];
    for (const [name, answer, status, code] of checks) {
      const text = answer instanceof Response ? await answer.text() : answer.text;
      const header = (n: string) =>
        answer instanceof Response ? answer.headers.get(n) : ((answer.headers[n.toLowerCase()] as string | undefined) ?? null);
      let reply: { status?: string; code?: string; error?: Record<string, string[]> };
      try {
        reply = JSON.parse(text);
      } catch {
        reply = {};
      }
      const message = reply.error?.['']?.[0] ?? '';
      const ok =
        answer.status === status &&
        reply.status === 'error' &&
        reply.code === code &&
        /[가-힣]/.test(message) &&
        header('X-Remix-Response') === 'yes';
      figures.push(`${name}: ${answer.status} ${reply.code ?? (header('Content-Type') ?? '').split(';')[0]}`);
      if (!ok) bad.push(`${name} (${text.slice(0, 80)})`);
    }
    // Without JavaScript the browser shows what it gets: the Korean page.
    const plain = await send(base(), 'PUT', '/user/my-page/me', { ...cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, 'a=1');
    const page =
      plain.status === 405 && String(plain.headers['content-type']).startsWith('text/html') && plain.text.includes('허용되지 않는 요청');
    figures.push(`plain 405 page ${page}`);
    return [bad.length === 0 && page, figures.join(', ') + (bad.length ? `; not a form reply: ${bad.join(' ')}` : '')];
  });
}
