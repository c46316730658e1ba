import { expect, test, type Page } from '@playwright/test';
import { gotoReady, signIn } from './support';

// Paying (issue 14): the HEAD's payment page, the Toss simulator's window (served by our own server under /__toss in
// the experience environment), the return through /card-pay/success, the receipt, and basicPay lifted at once.
// head2 (푸른솔, not paid this month) pays without JavaScript; head3 (새봄, never paid: NEW and BASIC) pays through
// the 500 px popup. Nothing is paid as `head` (other specs count its payments).

async function chooseAndPay(page: Page, tier: RegExp, method: '카드' | '계좌이체') {
  const form = page.locator('form.pay-form');
  await form.getByRole('radio', { name: tier }).check();
  await form.getByRole('radio', { name: method, exact: true }).check();
  await form.getByRole('button', { name: '결제하기' }).click();
}

/** The simulator's window: pick a test card by its label and pay. */
async function payInSimulator(window: Page, cardLabel: string) {
  await expect(window).toHaveURL(/\/__toss\/v2\/window/);
  await window.getByRole('radio', { name: new RegExp(cardLabel) }).check();
  await window.getByRole('button', { name: '결제하기' }).click();
}

test('head2 pays this month’s BASIC by card in the simulator’s window, and the students page opens @nojs-only', async ({ page }) => {
  await signIn(page, 'head2', /\/admin\/dashboard$/);
  await page.goto('/admin/students');
  await expect(page.getByRole('alertdialog')).toContainText('이번 달 기본 결제를 해 주세요.');

  await page.goto('/admin/payments');
  await expect(page.getByRole('heading', { name: '결제', exact: true })).toBeVisible();
  await expect(page.getByTestId('due-amount')).toHaveText('₩99,000');
  // Its 무통장입금 order of this month is still waiting: the company's account is shown.
  await expect(page.getByTestId('due-state')).toContainText('입금 대기');
  await expect(page.getByTestId('deposit-account')).toContainText('국민은행');

  await chooseAndPay(page, /기본 이용료/, '카드');
  await payInSimulator(page, '정상 승인');

  await expect(page).toHaveURL(/\/admin\/payments\/\d+$/);
  await expect(page.getByRole('heading', { name: '결제 영수증' })).toBeVisible();
  await expect(page.getByTestId('receipt-status')).toHaveText('결제 완료');
  await expect(page.getByTestId('receipt-amount')).toHaveText('₩99,000');
  await expect(page.getByText(/^RI-\d{8}-/)).toBeVisible();

  await page.goto('/admin/students');
  await expect(page.getByRole('heading', { name: '학생 관리' })).toBeVisible();
  await page.goto('/admin/payments');
  await expect(page.getByTestId('due-state')).toHaveText('결제 완료');
});

test('head3 pays BASIC through the 500 px popup, which ends at /card-pay/close (a blocked popup is explained; a refused card shows the provider’s message) @js-only', async ({
  page,
}) => {
  await signIn(page, 'head3', /\/admin\/dashboard$/);
  await gotoReady(page, '/admin/payments');
  await expect(page.getByTestId('bill-line-4')).toContainText('미결제');
  await expect(page.getByTestId('due-state')).toHaveText('미결제');

  // A browser that blocks the popup: the spec's message, and the form is not sent (no order is written).
  await page.evaluate(() => {
    window.open = () => null;
  });
  await chooseAndPay(page, /기본 이용료/, '카드');
  await expect(page.getByRole('alertdialog')).toContainText('팝업 차단을 해제해주세요.');
  await gotoReady(page, '/admin/payments');
  await expect(page.getByText('아직 결제 내역이 없습니다.')).toBeVisible();

  // The popup is opened 500 px wide; every address it goes through is recorded.
  await page.evaluate(() => {
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      (window as unknown as { openedWith: unknown[] }).openedWith = args;
      return open(...args);
    };
  });
  const popupOpened = page.waitForEvent('popup');
  await chooseAndPay(page, /기본 이용료/, '카드');
  const popup = await popupOpened;
  const visited: string[] = [];
  popup.on('framenavigated', (frame) => {
    if (frame === popup.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  expect(await page.evaluate(() => (window as unknown as { openedWith: unknown[] }).openedWith)).toEqual([
    '',
    'readin-pay',
    'width=500,height=720',
  ]);
  const closed = popup.waitForEvent('close');
  // Our checkout page loads the provider's SDK, which opens the simulator's window.
  await payInSimulator(popup, '정상 승인');
  // The popup comes back to /card-pay/close, tells this page where the receipt is and closes itself.
  await closed;
  // (payInSimulator saw the popup at the simulator's window; the popup may have reached it before the listener was added.)
  expect(visited).toContain('/card-pay/close');
  await expect(page).toHaveURL(/\/admin\/payments\/\d+$/);
  await expect(page.getByTestId('receipt-status')).toHaveText('결제 완료');

  // NEW with a card the issuer refuses: the receipt shows the provider's message, as text.
  await gotoReady(page, '/admin/payments');
  await expect(page.getByTestId('due-state')).toHaveText('결제 완료');
  const second = page.waitForEvent('popup');
  await chooseAndPay(page, /신규 등록/, '카드');
  const popup2 = await second;
  await payInSimulator(popup2, '한도 초과');
  await expect(page).toHaveURL(/\/admin\/payments\/\d+$/);
  await expect(page.getByTestId('receipt-status')).toHaveText('결제 실패');
  await expect(page.getByTestId('failure-message')).toHaveText('한도초과 혹은 잔액부족으로 결제에 실패했습니다.');
});

test('a refusal message from the fail URL is shown as text, never as markup @nojs-only', async ({ page }) => {
  // head4 (초록숲) stays unpaid: a card order that fails changes nothing the other specs look at.
  await signIn(page, 'head4', /\/admin\/dashboard$/);
  await page.goto('/admin/payments');
  await chooseAndPay(page, /기본 이용료/, '카드');
  await expect(page).toHaveURL(/\/__toss\/v2\/window/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  // What a provider (or anyone) may put in the fail URL's message.
  const message = '<img src=x onerror="document.title=\'owned\'"><b>한도 초과</b>';
  await page.goto(`/card-pay/fail?code=REJECT_CARD_PAYMENT&message=${encodeURIComponent(message)}&orderId=${orderId}`);
  await expect(page).toHaveURL(/\/admin\/payments\/\d+$/);
  await expect(page.getByTestId('receipt-status')).toHaveText('결제 실패');
  await expect(page.getByTestId('failure-message')).toHaveText(message);
  await expect(page.getByTestId('failure-message').locator('img, b')).toHaveCount(0);
  await expect(page).not.toHaveTitle('owned');
});
