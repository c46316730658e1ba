import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { gotoReady, signIn } from './support';

// The automatic monthly payment as `head3` (새봄 독서학원), with JavaScript on and off: register a card in the
// simulator's billing window (without JavaScript our form redirects to it; with JavaScript the page opens it through
// the SDK's requestBillingAuth), see '자동 결제' on with the card summary and the next charge date (the 1st of next
// month: opting in never charges the current month, so the running server charges nothing), and turn it off through
// the confirmation step. Both projects use the one academy, so each holds a lock while the academy's card is on, and
// leaves it off.

const PAGE = '/admin/payments/automatic';

/** The 1st of the next Seoul month, as the page writes it: '2026년 12월 1일'. */
function nextChargeText() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: 'numeric' })
      .formatToParts(new Date())
      .map((p) => [p.type, Number(p.value)]),
  );
  const month = parts.month === 12 ? 1 : parts.month + 1;
  const year = parts.month === 12 ? parts.year + 1 : parts.year;
  return `${year}년 ${month}월 1일`;
}

/** A lock shared by the two projects' workers (a folder beside the e2e server's data). */
async function withAcademyLock<T>(work: () => Promise<T>): Promise<T> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'automatic-payment-head3.lock');
  for (let i = 0; ; i += 1) {
    try {
      fs.mkdirSync(dir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || i > 600) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function turnOff(page: Page) {
  await page.getByRole('link', { name: '자동 결제 해지' }).click();
  const dialog = page.getByRole('alertdialog', { name: '자동 결제 해지' });
  await expect(dialog).toContainText('자동 결제를 해지할까요?');
  await dialog.getByRole('button', { name: '해지' }).click();
  await expect(page.getByText('자동 결제를 해지했습니다. 다음 달부터는 직접 결제해 주세요.')).toBeVisible();
  await expect(page.getByRole('heading', { name: '자동 결제 사용 안 함' })).toBeVisible();
}

test('head3 registers a card in the billing window, sees automatic payment on, and turns it off', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'head3');
  await withAcademyLock(async () => {
    await gotoReady(page, PAGE);
    await expect(page.getByRole('heading', { name: '자동 결제', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: '자동 결제 사용 안 함' })).toBeVisible();
    await expect(
      page.getByText('지금 등록해도 바로 결제되지 않으며, 다음 달 1일부터 자동으로 결제됩니다.', { exact: false }),
    ).toBeVisible();

    // With JavaScript the window is opened by the provider's SDK (requestBillingAuth), loaded on demand.
    const sdkLoaded = test.info().project.name === 'js' ? page.waitForRequest(/\/__toss\/v2\/standard$/) : null;
    await page.getByRole('button', { name: '카드 등록하기' }).click();
    if (sdkLoaded) await sdkLoaded;
    // The simulator's billing window (a page of its own, no JavaScript needed).
    await expect(page).toHaveURL(/\/__toss\/v2\/billing-window\?/);
    await page.getByLabel('정상 승인').check();
    await page.getByRole('button', { name: '카드 등록하기' }).click();

    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await expect(page.getByText('자동 결제 카드를 등록했습니다. 다음 달 1일부터 매달 자동으로 결제됩니다.')).toBeVisible();
    await expect(page.getByRole('heading', { name: '자동 결제 사용 중' })).toBeVisible();
    const state = page.getByTestId('automatic-state');
    await expect(state).toContainText('자동 결제 사용 중');
    await expect(page.getByTestId('card-summary')).toHaveText(/\S/);
    await expect(page.getByTestId('next-charge')).toHaveText(nextChargeText());
    await expect(
      page.getByText(`이번 달 이용료는 자동으로 결제되지 않습니다. 자동 결제는 ${nextChargeText()}부터 시작합니다.`, { exact: false }),
    ).toBeVisible();
    // The provider's billing key is never in the page.
    expect(await page.content()).not.toMatch(/bill_[0-9a-f]{8}/);

    await turnOff(page);
  });
});

test('the confirmation step can be cancelled without turning anything off @nojs-only', async ({ page }) => {
  await signIn(page, 'head3');
  await withAcademyLock(async () => {
    await gotoReady(page, PAGE);
    await page.getByRole('button', { name: '카드 등록하기' }).click();
    await page.getByRole('button', { name: '카드 등록하기' }).click();
    await expect(page.getByRole('heading', { name: '자동 결제 사용 중' })).toBeVisible();
    await page.getByRole('link', { name: '자동 결제 해지' }).click();
    await expect(page).toHaveURL(new RegExp(`${PAGE}\\?off=1$`));
    await page.getByRole('alertdialog', { name: '자동 결제 해지' }).getByRole('link', { name: '취소' }).click();
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await expect(page.getByRole('heading', { name: '자동 결제 사용 중' })).toBeVisible();
    await turnOff(page);
  });
});
