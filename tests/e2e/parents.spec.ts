import { expect, test, type Browser, type Page } from '@playwright/test';
import { gotoReady, perProject, signIn } from './support';

// Parents (보호자, docs/decisions/039, 040): sign-in by the code sent to the phone the academy has on file, read here
// as the experience environment's operators read it, at /super/messages. Each project signs in its own demo parent,
// so the two never read each other's code: JavaScript on 김수정 (two children in two academies), off 조민호.

/** The newest sign-in code the local provider delivered to `phone`, and the id of the member `loginId` (for a 404). */
async function operatorReads(browser: Browser, phone: string, loginId: string) {
  const operator = await browser.newPage();
  await signIn(operator, 'super', /\/super\/user$/);
  await operator.goto('/super/messages');
  const row = operator.getByRole('row').filter({ hasText: phone }).filter({ hasText: '보호자 로그인 인증번호' }).first();
  await expect(row).toContainText('완료');
  const code = (await row.textContent())!.match(/인증번호는 (\d{6})/)![1];
  await operator.goto(`/super/user?q=${loginId}`);
  // The list links each member by name: the first row of the search is another academy's child.
  const href = await operator.locator('table a[href^="/super/user/"]').first().getAttribute('href');
  await operator.close();
  return { code, otherId: href!.match(/\/super\/user\/(\d+)/)![1] };
}

async function signInAsParent(page: Page, browser: Browser, phone: string, otherLogin: string) {
  await gotoReady(page, '/member/parent');
  await expect(page.getByRole('heading', { name: '보호자 로그인' })).toBeVisible();
  await page.getByLabel('휴대폰 번호').fill(phone);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByRole('status')).toContainText('10분 안에 입력해 주세요.');
  const { code, otherId } = await operatorReads(browser, phone, otherLogin);
  // A wrong code first: refused beside the field, the phone kept.
  await page.getByLabel('인증번호').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByText('인증번호가 맞지 않습니다. 다시 확인해 주세요.')).toBeVisible();
  await page.getByLabel('인증번호').fill(code);
  await page.getByRole('button', { name: '로그인' }).click();
  // The parents' home opens the first child's page.
  await expect(page).toHaveURL(/\/parent\/children\/\d+$/);
  return otherId;
}

test('a parent signs in with the code sent to the phone on file, sees each child, a note with its comments, and no other child', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const [phone, children] = perProject(['010-2100-0001', ['김하늘', '강예린']], ['010-2300-0007', ['조현우']]);
  const otherId = await signInAsParent(page, browser, phone, 'student3');
  // Two children: a switcher between them; one child: that child's page alone.
  const switcher = page.getByRole('navigation', { name: '자녀 선택' });
  if (children.length > 1) for (const name of children) await expect(switcher.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  else await expect(switcher).toHaveCount(0);

  // The first child's page: this month against last, the books, the five areas, the notes and the report.
  if (children.length > 1) await switcher.getByRole('link', { name: new RegExp(children[0]) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(children[0]);
  await expect(page).toHaveURL(/\/parent\/children\/\d+$/);
  const childPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: '이번 달과 지난달' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '문제 분석 영역별 결과' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '독서 노트' })).toBeVisible();
  const noteLink = page.locator('a[href*="/notes/"]').first();
  if (await noteLink.count()) {
    await noteLink.click();
    await expect(page).toHaveURL(/\/notes\/\d+$/);
    // Read-only: no form to change the note.
    await expect(page.locator('main textarea')).toHaveCount(0);
    await page.goBack();
  }
  // The report opens once the teacher published it (the demo published 김하늘's last month); before, it is not found.
  if (children[0] === '김하늘') {
    await page.getByRole('link', { name: '지난달 독서 리포트 보기' }).click();
    await expect(page).toHaveURL(/\/report\?month=\d{4}-\d{2}$/);
    await expect(page.locator('main')).toContainText(children[0]);
  } else {
    await expect(page.getByText('학원이 공개한 월간 독서 리포트가 아직 없습니다.')).toBeVisible();
    expect((await page.goto(`${childPath}/report`))?.status()).toBe(404);
  }

  // Another academy's child by id: not found, as any unknown page.
  const other = await page.goto(`/parent/children/${otherId}`);
  expect(other?.status()).toBe(404);
  const otherReport = await page.goto(`/parent/children/${otherId}/report`);
  expect(otherReport?.status()).toBe(404);
});

test('a phone not on file gets the same answer and no code', async ({ page }) => {
  await gotoReady(page, '/member/parent');
  await page.getByLabel('휴대폰 번호').fill(perProject('010-9999-0001', '010-9999-0002'));
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByRole('status')).toContainText(
    '입력한 번호가 학원에 등록된 보호자 번호라면 인증번호가 문자로 발송됩니다. 10분 안에 입력해 주세요.',
  );
  await page.getByLabel('인증번호').fill('123456');
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByText('인증번호가 맞지 않습니다. 다시 확인해 주세요.')).toBeVisible();
});
