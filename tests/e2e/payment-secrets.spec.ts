import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { gotoReady, signIn } from './support';

// The provider's secret key never reaches a log line or a page (issue 14). A server of its own is configured as for
// Toss (a secret key, provider 'toss') but pointed at the simulator it serves itself (TOSS_SIMULATOR=1), with every
// request logged at debug level; a card refused and a card approved go through the whole popup flow; then the
// server's whole output and every page the browser saw are searched for the key and for its Basic credentials.

const port = Number(process.env.E2E_PORT ?? 3100) + 9;
const origin = `http://127.0.0.1:${port}`;
const secretKey = `test_sk_secretcheck_${randomBytes(12).toString('hex')}`;
const basic = Buffer.from(`${secretKey}:`).toString('base64');

let server: ChildProcess;
let output = '';

test.use({ baseURL: origin });

test.beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-e2e-secret-'));
  server = spawn(process.execPath, ['server/index.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_ENV: 'EXP',
      DATABASE_URL: '',
      NODE_ENV: 'production',
      TOSS_SECRET_KEY: secretKey,
      TOSS_CLIENT_KEY: 'test_ck_secretcheck',
      TOSS_SIMULATOR: '1',
      TOSS_API_URL: `${origin}/__toss`,
      TOSS_SDK_URL: `${origin}/__toss/v2/standard`,
      LOG_REQUESTS: 'true',
      LOG_LEVEL: 'debug',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/landing`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
});

async function payInPopup(page: Page, tier: RegExp, cardLabel: string, seen: string[]) {
  const form = page.locator('form.pay-form');
  await form.getByRole('radio', { name: tier }).check();
  await form.getByRole('radio', { name: '카드', exact: true }).check();
  const opened = page.waitForEvent('popup');
  await form.getByRole('button', { name: '결제하기' }).click();
  const popup = await opened;
  popup.on('load', async () => seen.push(await popup.content().catch(() => '')));
  await expect(popup).toHaveURL(/\/__toss\/v2\/window/);
  await popup.getByRole('radio', { name: new RegExp(cardLabel) }).check();
  await popup.getByRole('button', { name: '결제하기' }).click();
  await expect(page).toHaveURL(/\/admin\/payments\/\d+$/);
  seen.push(await page.content());
}

test('the secret key appears in no log line and on no page @js-only', async ({ page }) => {
  const seen: string[] = [];
  page.on('load', async () => seen.push(await page.content().catch(() => '')));
  await signIn(page, 'head3', /\/admin\/dashboard$/);
  await gotoReady(page, '/admin/payments');
  // The real adapter's path: no window by plain GET, so the popup goes through our checkout page and the SDK.
  await payInPopup(page, /신규 등록/, '한도 초과', seen);
  await expect(page.getByTestId('receipt-status')).toHaveText('결제 실패');
  await gotoReady(page, '/admin/payments');
  await payInPopup(page, /기본 이용료/, '정상 승인', seen);
  await expect(page.getByTestId('receipt-status')).toHaveText('결제 완료');

  // The log was on and saw the provider's return: the search below searched something.
  expect(output).toContain('/card-pay/success');
  expect(seen.length).toBeGreaterThan(4);
  for (const text of [output, ...seen]) {
    expect(text).not.toContain(secretKey);
    expect(text).not.toContain(basic);
  }
});
