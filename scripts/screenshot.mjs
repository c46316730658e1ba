#!/usr/bin/env node
// `npm run screenshot -- <loginId|-> <path> [path…]`: signs in as a demo account ('-' for none) on a running server
// (BASE_URL, default http://localhost:3000) and saves a full-page PNG of each path in ./screenshots/, to look at
// pages as a user sees them. JS=0 takes them with JavaScript off.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const [who, ...paths] = process.argv.slice(2);
if (!who || paths.length === 0) {
  console.error('usage: npm run screenshot -- <loginId|-> <path> [path…]');
  process.exit(2);
}
const base = process.env.BASE_URL ?? 'http://localhost:3000';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: process.env.JS !== '0', locale: 'ko-KR' });
if (who !== '-') {
  await page.goto(`${base}/member/login`);
  await page.fill('input[name=loginId]', who);
  await page.fill('input[name=password]', 'demo1234!');
  await page.click('button[type=submit]');
  await page.waitForURL((u) => !u.pathname.startsWith('/member/login'));
}
fs.mkdirSync('screenshots', { recursive: true });
for (const path of paths) {
  await page.goto(base + path);
  await page.waitForLoadState('networkidle');
  const file = `screenshots/${(who === '-' ? 'visitor' : who) + path.replace(/[^a-zA-Z0-9]+/g, '_')}.png`;
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}
await browser.close();
