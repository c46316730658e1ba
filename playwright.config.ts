import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// End-to-end tests in Debian's Chromium, against the built app served on a fresh embedded database with the demo
// data. Every spec runs twice: with JavaScript (project `js`) and without (project `nojs`); a test that only makes
// sense with JavaScript is tagged @js-only, one that only makes sense without it @nojs-only.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'readin-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// A second server with short token lifetimes for the extend-login prompt (refresh 605 s: the prompt is due after 5 s).
const extendPort = port + 1;
const extendDataDir = process.env.E2E_EXTEND_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'readin-e2e-extend-'));
process.env.E2E_EXTEND_DATA_DIR = extendDataDir;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  // CI machines may be busy: a slow page is not a failure, a wrong one is.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'js', use: { javaScriptEnabled: true }, grepInvert: /@nojs-only/ },
    { name: 'nojs', use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: [
    {
      command: 'node scripts/start.mjs --no-build',
      url: `http://127.0.0.1:${port}/landing`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        APP_ENV: 'EXP',
        DATABASE_URL: '',
        NODE_ENV: 'production',
      },
    },
    {
      command: 'node scripts/start.mjs --no-build',
      url: `http://127.0.0.1:${extendPort}/landing`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(extendPort),
        DATA_DIR: extendDataDir,
        APP_ENV: 'EXP',
        DATABASE_URL: '',
        NODE_ENV: 'production',
        REFRESH_TOKEN_TTL_SECONDS: '605',
        ACCESS_TOKEN_TTL_SECONDS: '300',
      },
    },
  ],
});
