import { expect, test, type Browser, type Page } from '@playwright/test';
import { gotoReady, perProject, signIn } from './support';

// FAQ and policies edited in the operators' console (/super/content) and shown by the public pages. The js and nojs
// projects run at once against one server, so each writes to its own documents, and keeps their titles (the landing
// spec reads them).

/** A Seoul 'YYYY-MM-DDTHH:MM' for a datetime-local field. */
function seoulInput(date: Date) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Seoul',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** A signed-out visitor's page (the landing sends a signed-in user to their area). */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: test.info().project.name === 'js' });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { context, page, dialogs };
}

/** The number of the version the form writes ('새 버전(N) 쓰기'). */
async function nextVersion(page: Page) {
  const heading = await page.getByRole('heading', { name: /^새 버전\(\d+\) 쓰기$/ }).innerText();
  return Number(/\((\d+)\)/.exec(heading)![1]);
}

async function openDocument(page: Page, name: string) {
  await gotoReady(page, '/super/content');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  if (test.info().project.name === 'js') await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

test('a policy written with a <script> shows at once on the landing without it; one set for tomorrow waits', async ({ browser, page }) => {
  const [code, name] = perProject(['readplus', '리드플러스 부가서비스 이용약관'], ['responsibility', '책임의 한계와 법적 고지']);
  const marker = `${test.info().project.name} 개정 본문`;
  await signIn(page, 'super', /\/super\/user$/);
  await openDocument(page, name);
  // A run before this one (same server) left its version for tomorrow: delete it first.
  if (await page.getByRole('button', { name: '예약된 버전 삭제' }).isVisible()) {
    await page.getByRole('button', { name: '예약된 버전 삭제' }).click();
    await expect(page.getByText(/^예약된 버전\(\d+\)을 삭제했습니다\.$/)).toBeVisible();
  }
  const version = await nextVersion(page);

  await page
    .getByLabel('본문 (마크다운)')
    .fill(`## 제1조 (목적)\n\n${marker}입니다.<script>alert("xss")</script>\n\n<img src="x" onerror="alert(1)">`);
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText(`새 버전(${version})을 저장했습니다. 지금부터 시행합니다.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`버전 ${version} 내용 보기 .*시행 중`) })).toBeVisible();

  // The next version, from tomorrow at this time.
  await expect(page.getByRole('heading', { name: `새 버전(${version + 1}) 쓰기` })).toBeVisible();
  await page.getByLabel('본문 (마크다운)').fill('내일부터 시행하는 본문입니다.');
  await page.getByLabel('정한 일시부터').check();
  await page.getByLabel('시행 일시', { exact: true }).fill(seoulInput(new Date(Date.now() + 24 * 60 * 60 * 1000)));
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText(new RegExp(`^새 버전\\(${version + 1}\\)을 저장했습니다\\. .*부터 시행합니다\\.$`))).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`버전 ${version + 1} 내용 보기 .*예약`) })).toBeVisible();
  await expect(page.getByRole('heading', { name: `예약된 버전(${version + 1}) 고치기` })).toBeVisible();

  const { context, page: landing, dialogs } = await visitor(browser);
  await landing.goto(`/landing/policy/${code}`);
  await expect(landing.getByRole('heading', { level: 1 })).toHaveText(name);
  const body = landing.locator('.policy-body');
  await expect(body).toContainText(`${marker}입니다.`);
  await expect(body.getByRole('heading', { name: '제1조 (목적)' })).toBeVisible();
  await expect(body.locator('script')).toHaveCount(0);
  await expect(body.locator('[onerror]')).toHaveCount(0);
  expect(await body.innerHTML()).not.toContain('alert');
  await expect(body).not.toContainText('내일부터 시행하는 본문');
  expect(dialogs).toEqual([]);
  await context.close();
});

test('the preview shows the sanitised text and keeps everything typed; nothing is saved', async ({ page }) => {
  await signIn(page, 'super', /\/super\/user$/);
  await openDocument(page, '개인정보 제3자 제공 및 처리위탁 안내');
  const version = await nextVersion(page);
  const typed = '## 미리보기 조항\n\n**굵은 글씨**와 <script>alert(1)</script> 그리고 [링크](javascript:alert(2))';
  await page.getByRole('textbox', { name: '제목', exact: true }).fill('미리보기 제목');
  await page.getByLabel('본문 (마크다운)').fill(typed);
  await page.getByRole('button', { name: '미리보기' }).click();

  const preview = page.getByRole('region', { name: '미리보기' });
  await expect(preview.getByRole('heading', { name: '미리보기 제목' })).toBeVisible();
  await expect(preview.getByRole('heading', { name: '미리보기 조항' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('굵은 글씨');
  await expect(preview.locator('script')).toHaveCount(0);
  await expect(preview.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: '제목', exact: true })).toHaveValue('미리보기 제목');
  await expect(page.getByLabel('본문 (마크다운)')).toHaveValue(typed);
  await expect(page.getByRole('heading', { name: `새 버전(${version}) 쓰기` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`버전 ${version} 내용 보기`) })).toHaveCount(0);
});

test('a question added to a FAQ section shows on the landing and in the user area', async ({ browser, page }) => {
  const [section, name] = perProject(['agency', '지사·대리점 가맹 문의'], ['operating', '학원 운영 문의']);
  const question = `${test.info().project.name} 콘솔에서 추가한 질문 ${Date.now() % 1_000_000}번입니까?`;
  await signIn(page, 'super', /\/super\/user$/);
  await openDocument(page, name);
  const version = await nextVersion(page);

  // The current questions are there, followed by empty pairs: the first empty one takes the new question.
  const questions = page.locator('input[name$="].question"]');
  const empty = await questions.evaluateAll((inputs) => inputs.findIndex((i) => !(i as HTMLInputElement).value));
  expect(empty).toBeGreaterThanOrEqual(5);
  await page.getByLabel(`질문 ${empty + 1}`, { exact: true }).fill(question);
  await page.getByLabel(`답변 ${empty + 1}`, { exact: true }).fill('네, **가능합니다**.\n둘째 줄입니다.');
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText(`새 버전(${version})을 저장했습니다. 지금부터 시행합니다.`)).toBeVisible();

  const { context, page: landing } = await visitor(browser);
  await landing.goto(`/landing/faq/${section}`);
  const item = landing.locator('.faq details', { hasText: question });
  await expect(item).toHaveCount(1);
  await item.locator('summary').click();
  await expect(item.locator('.faq-answer strong')).toHaveText('가능합니다');
  await expect(item.locator('.faq-answer')).toContainText('둘째 줄입니다.');
  await expect(landing.locator('.faq details')).toHaveCount(empty + 1);

  await signIn(landing, 'student', /\/user\//);
  await gotoReady(landing, `/user/faq/${section}`);
  await expect(landing.locator('.faq summary', { hasText: question })).toHaveCount(1);
  await context.close();
});
