import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from '@playwright/test';
import { gotoReady, menuLink, perProject, signIn } from './support';

// The operators' side of payments (issue 14): a deposit waiting for an operator, a card payment of `head` that the
// branch sees on its settlement page, refunded in full by an operator (the line turns REFUND), the export's totals
// equal to the page's; the price table. A tier is paid once a month, so the payment test runs in one project only.

async function signInAs(page: Page, loginId: string) {
  await page.context().clearCookies();
  await signIn(page, loginId);
}

/** The head's pay form: one tier, one method (and a deposit's details), then 결제하기. */
async function order(page: Page, tier: RegExp, method: '카드' | '무통장입금', deposit?: { depositor: string; identity: string }) {
  const form = page.locator('form.pay-form');
  await form.getByRole('radio', { name: tier }).check();
  await form.getByRole('radio', { name: method, exact: true }).check();
  if (deposit) {
    await form.getByRole('radio', { name: /지출증빙용/ }).check();
    await form.getByLabel('휴대폰 번호 또는 사업자등록번호').fill(deposit.identity);
    await form.getByLabel('입금자명').fill(deposit.depositor);
  }
  await form.getByRole('button', { name: '결제하기' }).click();
}

const orderIdOn = async (page: Page) =>
  (await page
    .getByText(/^RI-\d{8}-/)
    .first()
    .textContent())!.trim();

/** The settlement summary as the page shows it (won amounts as numbers). */
async function pageTotals(page: Page) {
  const amount = async (id: string) => Number((await page.getByTestId(id).textContent())!.replace(/[^\d]/g, ''));
  return { base: await amount('settlement-base'), branch: await amount('settlement-branch'), agency: await amount('settlement-agency') };
}

test('branch sees head’s payment on its settlement page; an operator refunds it in full; the line turns REFUND; the CSV holds the page’s totals @nojs-only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // 1. head announces a 무통장입금 for this month's 학생 추가 1 (academy 1 has more than 30 active students).
  await signInAs(page, 'head');
  await gotoReady(page, '/admin/payments');
  await expect(page.getByTestId('bill-line-2')).toContainText('미결제');
  await order(page, /학생 추가 1/, '무통장입금', { depositor: '해오름독서학원', identity: '123-45-67890' });
  const depositOrder = await orderIdOn(page);

  // 2. An operator sees it waiting, with the depositor's name and the button to confirm it.
  await signInAs(page, 'super');
  await gotoReady(page, `/super/payments?method=m&status=1&academy=${encodeURIComponent('해오름')}`);
  await page.getByRole('link', { name: depositOrder }).click();
  await expect(page.getByRole('heading', { name: '입금 확인' })).toBeVisible();
  await expect(page.getByText('해오름독서학원').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '입금 확인' })).toBeVisible();
  await expect(page.getByText('₩45,000').first()).toBeVisible();

  // 3. head pays the same tier by card in the simulator's window instead.
  await signInAs(page, 'head');
  await gotoReady(page, '/admin/payments');
  await order(page, /학생 추가 1/, '카드');
  await expect(page).toHaveURL(/\/__toss\/v2\/window/);
  await page.getByRole('radio', { name: /정상 승인/ }).check();
  await page.getByRole('button', { name: '결제하기' }).click();
  await expect(page).toHaveURL(/\/admin\/payments\/\d+$/);
  await expect(page.getByTestId('receipt-status')).toHaveText('결제 완료');
  const cardOrder = await orderIdOn(page);

  // 4. The branch sees the line, waiting to be paid out.
  await signInAs(page, 'branch');
  await gotoReady(page, '/super/tax/u/region/agency');
  const line = page.locator(`tr[data-order-id="${cardOrder}"]`);
  await expect(line).toContainText('지급 대기');
  await expect(line).toContainText('₩45,000');
  const before = await pageTotals(page);

  // 5. An operator refunds it in full from the payment's page.
  await signInAs(page, 'super');
  await gotoReady(page, `/super/payments?academy=${encodeURIComponent('해오름')}`);
  await page.getByRole('link', { name: cardOrder }).click();
  await expect(page.getByLabel('환불 금액 (원)')).toHaveValue('45000');
  await page.getByLabel('환불 사유').fill('학생 수가 줄어 추가 요금을 돌려드립니다.');
  await page.getByRole('button', { name: '환불하기' }).click();
  await expect(page.getByText('₩45,000을 환불했습니다. 결제 금액 전액이 환불되었습니다.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('환불');
  // The announced deposit was cancelled when the card paid the tier.
  await gotoReady(page, `/super/payments?method=m&academy=${encodeURIComponent('해오름')}`);
  await expect(page.locator('tr', { hasText: depositOrder })).toContainText('결제 취소');

  // 6. The branch's line is REFUND; the totals dropped by the payment; the CSV holds the page's totals.
  await signInAs(page, 'branch');
  await gotoReady(page, '/super/tax/u/region/agency');
  await expect(line).toContainText('환불');
  const after = await pageTotals(page);
  expect(after.base).toBe(before.base - 45_000);
  const month = await page.locator('#month').inputValue();
  const csv = await page.request.get(`/super/tax/u/region/agency/export.csv?month=${month}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-disposition']).toContain('attachment');
  const rows = parse((await csv.text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
  const total = rows.find((r) => r['정산월'] === '합계')!;
  expect({ base: Number(total['정산 기준 금액']), branch: Number(total['지사 정산액']), agency: Number(total['대리점 정산액']) }).toEqual(
    after,
  );
  expect(rows.find((r) => r['주문번호'] === cardOrder)?.['상태']).toBe('환불');
  const xlsx = await page.request.get(`/super/tax/u/region/agency/export.xlsx?month=${month}`);
  expect(xlsx.status()).toBe(200);
  expect(xlsx.headers()['content-type']).toContain('spreadsheetml');
});

test('the branch’s month: the totals are its academies’, an academy’s lines open from its row and the page comes back, with or without JavaScript', async ({
  page,
}) => {
  await signInAs(page, 'branch');
  await gotoReady(page, '/super/tax/u/region/agency');
  // Last month: 해오름 and 푸른솔 paid in it (the demo's payments).
  const lastMonth = await page.locator('#month option').nth(1).getAttribute('value');
  await gotoReady(page, `/super/tax/u/region/agency?month=${lastMonth}`);
  const reading = page.locator('table', { has: page.locator('caption', { hasText: '학원별 학생 독서활동' }) });
  const count = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
  // The total row is the sum of the academies' rows (one page: the demo's branch has fewer than 20 academies).
  const rows = reading.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThan(1);
  let students = 0;
  let minutes = 0;
  for (const row of await rows.all()) {
    students += count(await row.locator('td').nth(1).textContent());
    minutes += count(await row.locator('td').nth(3).textContent());
  }
  const total = reading.locator('tfoot tr');
  await expect(total.locator('th')).toHaveText('합계');
  expect(count(await total.locator('td').nth(1).textContent())).toBe(students);
  expect(count(await total.locator('td').nth(3).textContent())).toBe(minutes);
  await expect(page.getByRole('navigation', { name: '페이지 이동' })).toHaveCount(0);

  // An academy's lines, then every academy's again.
  const byAcademy = page.locator('table', { has: page.locator('caption', { hasText: '학원별 정산' }) });
  await byAcademy.getByRole('link', { name: '해오름 독서학원' }).click();
  await expect(page).toHaveURL(/academy=\d+#lines$/);
  const lines = page.locator('table.settlement-lines');
  await expect(lines.locator('caption')).toContainText('정산 내역 · 해오름 독서학원');
  await expect(lines.locator('tbody tr').first()).toBeVisible();
  for (const academy of await lines.locator('tbody tr th').allTextContents()) expect(academy).toBe('해오름 독서학원');
  await lines.getByRole('link', { name: '(모든 학원 보기)' }).click();
  await expect(page).not.toHaveURL(/academy=/);
  await expect(lines.locator('caption')).toHaveText('정산 내역');
  await expect(lines.locator('tbody tr th', { hasText: '푸른솔 독서교실' }).first()).toBeVisible();

  // A page past the last (an old link) shows the last page: here the only one.
  await gotoReady(page, `/super/tax/u/region/agency?month=${lastMonth}&page=9`);
  expect(await reading.locator('tbody tr').count()).toBe(await rows.count());
});

test('an operator adds a price from next month and sees it listed as scheduled', async ({ page }) => {
  await signIn(page, 'super');
  await gotoReady(page, '/super/prices');
  await expect(page.getByRole('heading', { name: '가격', exact: true })).toBeVisible();
  const academyTable = page.locator('table', { has: page.getByText('학원 요금') });
  await expect(academyTable.locator('tr', { hasText: '이번 달 적용 중' }).first()).toBeVisible();

  const now = new Date(Date.now() + 9 * 60 * 60 * 1000);
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  // One day per project, so both projects can add their own (one price per tier and date).
  const day = perProject(1, 2);
  const date = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}-0${day}`;
  const amount = perProject('85,000', '86,000');
  await page.getByLabel('요금제와 항목').selectOption({ label: '학원 · 학생 추가 2' });
  await page.getByLabel('금액 (원, 부가세 포함)').fill(amount);
  await page.getByLabel(/학생 수/).fill('60');
  await page.getByLabel('적용일').fill(date);
  await page.getByRole('button', { name: '가격 추가' }).click();
  await expect(
    page.getByText(`학원 학생 추가 2 가격 ₩${amount}을 ${next.getUTCFullYear()}년 ${next.getUTCMonth() + 1}월 ${day}일부터 적용합니다.`),
  ).toBeVisible();
  const row = academyTable.locator('tr', { hasText: `₩${amount}` });
  await expect(row).toContainText('예정');
  await expect(row).toContainText(`${next.getUTCFullYear()}년 ${next.getUTCMonth() + 1}월 ${day}일`);
});

test('the payments console lists orders with filters and opens one', async ({ page }) => {
  await signIn(page, 'admin2');
  await gotoReady(page, '/super/payments?status=200');
  await expect(page.getByRole('heading', { name: '결제', exact: true })).toBeVisible();
  const refunded = page.locator('tbody tr').first();
  await expect(refunded).toContainText('환불');
  await refunded.getByRole('link').click();
  await expect(page.getByRole('heading', { name: '환불 내역' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '정산' })).toBeVisible();
  await expect(await menuLink(page, '가격')).toBeVisible();
});

test('an operator sees every branch’s month a row per branch, and a branch’s name opens its academies, with or without JavaScript', async ({
  page,
}) => {
  await signIn(page, 'super');
  await gotoReady(page, '/super/tax/u/region/agency');
  await expect(page.getByRole('heading', { name: '지사별 학원 현황과 정산', level: 1 })).toBeVisible();
  const lastMonth = await page.locator('#month option').nth(1).getAttribute('value');
  await gotoReady(page, `/super/tax/u/region/agency?month=${lastMonth}`);
  const reading = page.locator('table', { has: page.locator('caption', { hasText: '지사별 학생 독서활동' }) });
  const count = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
  // A row per branch (the demo has two), and the total row their sum.
  const rows = reading.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(2);
  let academies = 0;
  let minutes = 0;
  for (const row of await rows.all()) {
    academies += count(await row.locator('td').nth(0).textContent());
    minutes += count(await row.locator('td').nth(2).textContent());
  }
  const total = reading.locator('tfoot tr');
  await expect(total.locator('th')).toHaveText('합계');
  expect(count(await total.locator('td').nth(0).textContent())).toBe(academies);
  expect(count(await total.locator('td').nth(2).textContent())).toBe(minutes);
  // No academy or line of the whole country on this page: they are on each branch's month.
  await expect(page.locator('caption', { hasText: '학원별 정산' })).toHaveCount(0);
  await expect(page.locator('table.settlement-lines')).toHaveCount(0);
  await expect(page.locator('caption', { hasText: '지사별 정산과 지급' })).toBeVisible();

  // The demo branch's name (its academies paid last month; other specs add branches of their own) opens its month:
  // its academies and lines, with the branch chosen in the form.
  const name = '리드인 서울동부지사';
  await rows.filter({ hasText: name }).getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`month=${lastMonth}&branch=\\d+$`));
  await expect(page.locator('#branch option:checked')).toHaveText(name);
  const branchReading = page.locator('table', { has: page.locator('caption', { hasText: '학원별 학생 독서활동' }) });
  await expect(branchReading.locator('tbody tr').first()).toBeVisible();
  await expect(page.locator('table.settlement-lines')).toBeVisible();
});
