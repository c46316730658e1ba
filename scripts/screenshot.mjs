#!/usr/bin/env node
// `npm run screenshot -- <loginId|-> <path> [path…]`: signs in as a demo account ('-' for none) on a running server
// (BASE_URL, default http://localhost:3000) and saves a full-page PNG of each path in ./screenshots/, to look at
// pages as a user sees them.
// Options (environment): JS=0 takes them with JavaScript off; WIDTH=<px> and HEIGHT=<px> set the viewport
// (default 1280×900; e.g. WIDTH=390 for a phone, 1024 or 1366 for school computers); PRINT=1 renders the print
// stylesheet (media 'print'); OUT=<folder> saves elsewhere. Files are named <account><path>[-<width>][-nojs][-print].png.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const [who, ...paths] = process.argv.slice(2);
if (!who || paths.length === 0) {
  console.error('usage: [JS=0] [WIDTH=390] [PRINT=1] npm run screenshot -- <loginId|-> <path> [path…]');
  process.exit(2);
}
const base = process.env.BASE_URL ?? 'http://localhost:3000';
const width = Number(process.env.WIDTH ?? 1280);
const height = Number(process.env.HEIGHT ?? (width <= 480 ? 844 : width <= 1024 ? 768 : 900));
const js = process.env.JS !== '0';
const print = process.env.PRINT === '1';
const out = process.env.OUT ?? 'screenshots';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage({
  viewport: { width, height },
  javaScriptEnabled: js,
  locale: 'ko-KR',
  ...(width <= 480 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {}),
});
if (who !== '-') {
  await page.goto(`${base}/member/login`);
  await page.fill('input[name=loginId]', who);
  await page.fill('input[name=password]', 'demo1234!');
  await page.click('button[type=submit]');
  await page.waitForURL((u) => !u.pathname.startsWith('/member/login'));
}
// After signing in: the print stylesheet hides buttons, the sign-in button among them.
if (print) await page.emulateMedia({ media: 'print' });
fs.mkdirSync(out, { recursive: true });
const suffix = (process.env.WIDTH ? `-${width}` : '') + (js ? '' : '-nojs') + (print ? '-print' : '');
for (const path of paths) {
  await page.goto(base + path);
  await page.waitForLoadState('networkidle');
  // Scroll through the page so lazily loaded images (book covers) are in the picture (without JavaScript the browser
  // loads them all at once, and its timers do not run).
  if (js)
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 30));
      }
      window.scrollTo(0, 0);
    });
  await page.waitForLoadState('networkidle');
  const file = `${out}/${(who === '-' ? 'visitor' : who) + path.replace(/[^a-zA-Z0-9]+/g, '_')}${suffix}.png`;
  await page.screenshot({ path: file, fullPage: true });
  // A page wider than the viewport scrolls sideways: say so, it is almost always a layout fault.
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  console.log(file + (scrollWidth > width ? `  (overflows: ${scrollWidth}px wide)` : ''));
}
await browser.close();
