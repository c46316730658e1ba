// `npm run size`: builds the app, serves it on a throw-away embedded database and prints, for every page in the
// budget, the gzip size of its HTML and the bytes the server sends for the JavaScript and CSS its HTML loads (the
// compressed files and their response headers, as Lighthouse counts them: scripts/lib/page-weight.ts). Exits 1 when
// a page is over budget.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BUDGET,
  MEMBER_PAGES,
  measurePage,
  overBudget,
  PUBLIC_PAGES,
  requireProductionBuild,
  SIGNED_IN_PAGES,
  signInCookie,
  type Transfer,
} from './lib/page-weight';

const port = Number(process.env.SIZE_PORT) || 3900 + Math.floor(Math.random() * 50);
const base = `http://127.0.0.1:${port}`;

if (!process.argv.includes('--no-build')) {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}
requireProductionBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-size-'));
const server = spawn(process.execPath, ['server/index.mjs'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_ENV: 'EXP', NODE_ENV: 'production', DATABASE_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  for (let i = 0; ; i++) {
    try {
      await fetch(`${base}/landing`);
      break;
    } catch {
      if (i > 120) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  const pages: { path: string; init?: RequestInit; label: string }[] = PUBLIC_PAGES.map((p) => ({ path: p, label: p }));
  // Public account pages (they hydrate: inline validation) and signed-in pages: sign in through the real form (POST /member/login) and reuse the session cookie.
  for (const p of MEMBER_PAGES) pages.push({ path: p, label: p });
  for (const [loginId, paths] of SIGNED_IN_PAGES) {
    const cookie = await signInCookie(base, loginId);
    for (const p of paths) pages.push({ path: p, init: { headers: { Cookie: cookie } }, label: `${p} (${loginId})` });
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `budget: HTML ≤ ${kb(BUDGET.html)} (gzip), JS ≤ ${kb(BUDGET.js)} in ≤ ${BUDGET.scripts} scripts and CSS ≤ ${kb(BUDGET.css)} as sent (gzip bodies; "hdr": the scripts' response headers, not counted)\n`,
  );
  console.log(
    [
      'page'.padEnd(42),
      'HTML'.padStart(9),
      'JS'.padStart(9),
      'hdr'.padStart(7),
      'scripts'.padStart(8),
      'CSS'.padStart(9),
      'inl. CSS'.padStart(9),
      '  status',
    ].join(''),
  );
  let failed = 0;
  const cache = new Map<string, Transfer>();
  for (const page of pages) {
    const w = await measurePage(base, page.path, page.init, cache);
    const problems = overBudget(w);
    if (problems.length) failed++;
    console.log(
      [
        page.label.padEnd(42),
        kb(w.html).padStart(9),
        kb(w.js).padStart(9),
        kb(w.jsHeaders).padStart(7),
        String(w.scripts.length).padStart(8),
        kb(w.css).padStart(9),
        kb(w.inlineCss).padStart(9),
        `  ${w.status}${problems.length ? '  OVER: ' + problems.join(', ') : ''}`,
      ].join(''),
    );
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
