import http from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { buildGzip } from './build-inputs.mjs';

// What a page makes the browser download, measured the way a slow school network pays for it: gzip bytes of the
// HTML (and the CSS it inlines), and for every script and stylesheet the HTML loads, the bytes the server sends to a
// browser that accepts gzip but not brotli (any browser over plain http:// to another host; Chromium sends brotli only
// to secure origins, localhost included): the build's .gz file as served. Shared by `npm run size` and the budget test.

/** Budgets of architecture.md §5, in gzip bytes. */
export const BUDGET = {
  /** The whole document, inlined CSS included: one round trip's worth of TCP's first congestion window. */
  html: 14 * 1024,
  css: 15 * 1024,
  /**
   * Issue 17's goal: 100 KB gzip of JavaScript a page: the gzip bodies as the server sends them (`js` below; the
   * response headers, about 0.3 KB a script, are `jsHeaders`, printed apart: Lighthouse's transfer size adds them, but
   * it gets brotli from `npm start` on localhost, about 10 KB less).
   */
  js: 100 * 1024,
  /** Script requests per page: over HTTP/1.1's six connections each round of six costs a full request latency (docs/decisions/028). */
  scripts: 8,
} as const;

/**
 * The budget counts the production build's .gz files (Zopfli). `npm start`'s quick build writes zlib's level 9, about
 * 3 % larger: measured on it, a page near the budget would fail for a reason production does not have.
 */
export function requireProductionBuild(root?: string) {
  if (buildGzip(root) === 'zlib') {
    throw new Error(
      "The build in place is npm start's quick build (gzip by zlib level 9); the budget counts the production build: run `npm run build` first.",
    );
  }
}

export type PageWeight = {
  path: string;
  status: number;
  html: number;
  /** Bytes of the page's scripts as sent: the gzip bodies. */
  js: number;
  /** The status lines and response headers of those scripts (not in `js`). */
  jsHeaders: number;
  css: number;
  /** gzip bytes of the CSS inlined in the HTML's <style> elements (counted in `html` too). */
  inlineCss: number;
  scripts: string[];
  stylesheets: string[];
  fontFaces: number;
};

const gz = (body: string | Uint8Array) => gzipSync(body).length;

function collect(html: string) {
  const scripts = new Set<string>();
  const stylesheets = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) scripts.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) scripts.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) scripts.add(m[1]);
  // Module imports written inline by Remix (import "/build/…"), which the browser fetches too.
  for (const m of html.matchAll(/import\s*(?:[^'"]*from\s*)?["'](\/build\/[^"']+\.js)["']/g)) scripts.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) stylesheets.add(m[1]);
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  return { scripts: [...scripts], stylesheets: [...stylesheets], inlineCss };
}

export type Transfer = { text: string; body: number; headers: number; encoding: string | undefined };

/**
 * A static file as a browser without brotli receives it: one GET with `Accept-Encoding: gzip, deflate`, the body's bytes
 * as sent (not decoded) and the bytes of the status line and headers (HTTP/1.1 sends them as written:
 * `Name: value\r\n` each, and an empty line).
 */
export function transfer(url: string): Promise<Transfer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'Accept-Encoding': 'gzip, deflate', Connection: 'keep-alive' } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(parts);
        let headers = `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          headers += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`);
        const encoding = res.headers['content-encoding'];
        if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
        if (encoding && encoding !== 'gzip') return reject(new Error(`${url}: ${encoding} though only gzip and deflate were accepted`));
        resolve({ text: (encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8'), body: body.length, headers, encoding });
      });
    });
    req.on('error', reject);
  });
}

export async function measurePage(
  baseUrl: string,
  path: string,
  init: RequestInit = {},
  cache = new Map<string, Transfer>(),
): Promise<PageWeight> {
  const res = await fetch(new URL(path, baseUrl), { redirect: 'manual', ...init });
  const html = await res.text();
  const { scripts, stylesheets, inlineCss } = collect(html);
  const fetchFile = async (href: string) => {
    if (!cache.has(href)) cache.set(href, await transfer(new URL(href, baseUrl).href));
    return cache.get(href)!;
  };
  let js = 0;
  let jsHeaders = 0;
  for (const s of scripts) {
    const file = await fetchFile(s);
    js += file.body;
    jsHeaders += file.headers;
  }
  let css = 0;
  let fontFaces = 0;
  for (const s of stylesheets) {
    const file = await fetchFile(s);
    css += file.body;
    fontFaces += (file.text.match(/@font-face/g) ?? []).length;
  }
  fontFaces += (inlineCss.match(/@font-face/g) ?? []).length;
  return {
    path,
    status: res.status,
    html: gz(html),
    js,
    jsHeaders,
    css,
    inlineCss: inlineCss ? gz(inlineCss) : 0,
    scripts,
    stylesheets,
    fontFaces,
  };
}

export function overBudget(w: PageWeight): string[] {
  const problems: string[] = [];
  if (w.html > BUDGET.html) problems.push(`HTML ${w.html} B > ${BUDGET.html} B`);
  if (w.css > BUDGET.css) problems.push(`CSS ${w.css} B > ${BUDGET.css} B`);
  // A linked stylesheet holds the first paint for a round trip of its own: pages inline theirs (docs/decisions/028).
  if (w.stylesheets.length) problems.push(`render-blocking stylesheet ${w.stylesheets.join(', ')}`);
  if (w.js > BUDGET.js) problems.push(`JS ${w.js} B > ${BUDGET.js} B`);
  if (w.scripts.length > BUDGET.scripts) problems.push(`${w.scripts.length} scripts > ${BUDGET.scripts}`);
  if (w.fontFaces > 0) problems.push(`${w.fontFaces} web font(s)`);
  return problems;
}

/** The pages the budget covers, public ones first; areas add theirs as they arrive. */
export const PUBLIC_PAGES = [
  '/landing',
  '/landing/license',
  '/landing/intro',
  '/landing/intro/patent',
  '/landing/faq',
  '/landing/faq/agency',
  '/landing/faq/info',
  '/landing/policy',
  ...['readin', 'privacy', 'teenager', 'responsibility', 'provided', 'shopping', 'readplus'].map((c) => `/landing/policy/${c}`),
];

/** Public account pages (they hydrate for inline validation). */
export const MEMBER_PAGES = ['/member/login', '/member/register/student', '/member/findPassword/student'];

/** Signed-in pages, per demo account. */
export const SIGNED_IN_PAGES: [string, string[]][] = [
  [
    'student',
    [
      '/user/dashboard',
      '/user/activity',
      '/user/before',
      '/user/after',
      '/user/activity/readingBook/analysis',
      '/user/activity/courseTest',
      '/user/note/list',
      '/user/report',
      '/user/report/level',
      '/user/recommend',
      '/user/search',
      '/user/jinro',
      '/user/my-page',
      '/user/my-page/me',
    ],
  ],
  ['head', ['/admin/dashboard', '/admin/progress', '/admin/teachers', '/admin/students', '/admin/notes']],
  ['super', ['/super/user', '/super/messages', '/super/coach/sharpening']],
];

/**
 * Signs in with the login form (honeypot fields and the form token of the page's pre-session cookie included) and
 * returns the Cookie header of the session.
 */
export async function signInCookie(base: string, loginId: string): Promise<string> {
  const form = await fetch(`${base}/member/login`);
  const page = await form.text();
  const preSession = form.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const from = page.match(/name="from" value="([^"]*)"/)?.[1] ?? '';
  const csrf = page.match(/name="csrf" value="([^"]*)"/)?.[1] ?? '';
  const body = new URLSearchParams({ csrf, website: '', from, loginId, password: 'demo1234!', redirectTo: '' });
  const res = await fetch(`${base}/member/login`, { method: 'POST', body, redirect: 'manual', headers: { Cookie: preSession } });
  const session = res.headers.getSetCookie().find((c) => c.startsWith('__session='));
  if (res.status !== 302 || !session) throw new Error(`could not sign in as ${loginId} (${res.status})`);
  return session.split(';')[0];
}
