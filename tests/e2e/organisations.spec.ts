import { expect, test, type Page } from '@playwright/test';
import { gotoReady, menuLink, perProject, signIn } from './support';
import { withParticle } from '../../app/domain/korean';

// Organisations in the operators' console: `super` adds an academy of its own (a name and code unique to the project
// and run: js and nojs run at once on one server), edits its contact, moves it to the other branch, and closes it
// after the confirmation; a student registering with its code is refused. The demo academies are left as they are.
// ADMIN2 opens the pages; PRODUCT and COACH are sent to their own home.

const CLOSED_MESSAGE = '이용이 해지된 학원의 코드입니다. 학원에 문의하거나 학원 코드 없이 가입해 주세요.';

async function fillRegistration(page: Page, loginId: string, academyCode: string) {
  await page.getByLabel('아이디', { exact: true }).fill(loginId);
  await page.getByLabel('비밀번호', { exact: true }).fill('reading-123');
  await page.getByLabel('비밀번호 확인').fill('reading-123');
  await page.getByLabel('이름', { exact: true }).fill('해지확인');
  await page.getByLabel('생년월일').fill('2011-04-01');
  await page.getByLabel('학년').selectOption('중1');
  await page.getByLabel('휴대폰 번호', { exact: true }).fill('010-7777-9999');
  await page.getByLabel('보안 질문', { exact: true }).selectOption({ index: 5 });
  await page.getByLabel('보안 질문의 답').fill('초코');
  await page.getByLabel('학원 코드 (선택)').fill(academyCode);
  await page.getByRole('checkbox', { name: '[필수] 이용약관에 동의합니다.' }).check();
  await page.getByRole('checkbox', { name: '[필수] 개인정보 수집·이용에 동의합니다.' }).check();
}

test('an operator adds an academy, edits its contact, moves it to another branch and closes it; its code is then refused', async ({
  page,
  browser,
}) => {
  const js = test.info().project.name === 'js';
  const run = Date.now().toString(36).toUpperCase().slice(-6);
  const code = `${perProject('EJS', 'ENOJS')}${run}`;
  const name = `${perProject('자바 독서학원', '노자바 독서학원')} ${run}`;
  // The pages hydrate without an error (with JavaScript); refused posts (400, 409) are expected answers.
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));

  await signIn(page, 'super', /\/super\/user$/);
  await (await menuLink(page, '기관 관리')).click();
  await expect(page.getByRole('heading', { name: '기관 관리' })).toBeVisible();
  await page.getByRole('link', { name: '학원 등록' }).click();
  await expect(page.getByRole('heading', { name: '학원 등록' })).toBeVisible();
  if (js) await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

  // A taken code is refused beside the field, the typed values kept.
  await page.getByLabel('학원 이름').fill(name);
  await page.getByLabel('학원 코드').fill('haeorum');
  await page.getByLabel('지사', { exact: true }).selectOption({ label: '리드인 서울동부지사 (서울 동부)' });
  await page.getByLabel('대리점', { exact: true }).selectOption({ label: '송파 대리점' });
  await page.getByLabel('학원 담당자 (선택)').fill('김원장');
  await page.getByLabel('전화번호 (선택)').fill('0212345678');
  await page.getByRole('button', { name: '학원 등록' }).click();
  await expect(page.getByText('이미 쓰이고 있는 학원 코드입니다. 다른 코드를 입력해 주세요.')).toBeVisible();
  await expect(page.getByLabel('학원 이름')).toHaveValue(name);
  await page.getByLabel('학원 코드').fill(code.toLowerCase());
  await page.getByRole('button', { name: '학원 등록' }).click();
  await expect(
    page.getByText(`'${name}' 학원을 등록했습니다. 학생은 학원 코드 ${withParticle(code, '으로/로')} 가입할 수 있습니다.`),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const academyUrl = new URL(page.url()).pathname;
  expect(academyUrl).toMatch(/^\/super\/organisations\/\d+$/);

  // Its contact.
  const info = page.locator('section', { has: page.getByRole('heading', { name: '학원 정보 수정' }) });
  await info.getByLabel('학원 담당자 (선택)').fill('박담당');
  await info.getByLabel('전화번호 (선택)').fill('031 555 1234');
  await info.getByRole('button', { name: '정보 저장' }).click();
  await expect(page.getByText(`'${name}' 학원 정보를 저장했습니다.`)).toBeVisible();
  const facts = page.locator('dl.facts');
  await expect(facts).toContainText('박담당');
  await expect(facts).toContainText('031-555-1234');

  // Another branch: without JavaScript every agency is offered, and one of another branch is refused; with it only
  // the chosen branch's agencies are listed.
  const move = page.locator('section', { has: page.getByRole('heading', { name: '지사 이동' }) });
  await move.getByLabel('지사', { exact: true }).selectOption({ label: '리드인 경기남부지사 (경기 남부)' });
  if (!js) {
    await move.getByLabel('대리점', { exact: true }).selectOption({ label: '송파 대리점' });
    await move.getByRole('button', { name: '지사 옮기기' }).click();
    await expect(page.getByText('선택한 대리점은 그 지사의 대리점이 아닙니다. 선택한 지사에 속한 대리점을 골라 주세요.')).toBeVisible();
  } else {
    await expect(move.getByLabel('대리점', { exact: true }).locator('option', { hasText: '송파 대리점' })).toHaveCount(0);
  }
  await move.getByLabel('대리점', { exact: true }).selectOption({ label: '수원 대리점' });
  await move.getByRole('button', { name: '지사 옮기기' }).click();
  await expect(page.getByText(`'${name}' 학원을 리드인 경기남부지사로 옮겼습니다.`)).toBeVisible();
  await expect(facts).toContainText('리드인 경기남부지사');
  await expect(facts).toContainText('수원 대리점');

  // Closing asks first; the page then says the members keep signing in.
  await page.getByRole('link', { name: '해지…' }).click();
  await expect(page.getByRole('alertdialog', { name: '학원 해지' })).toBeVisible();
  await page.getByRole('button', { name: '해지하기' }).click();
  await expect(page.getByText(`'${name}' 학원을 해지했습니다. 학원 코드로 새로 가입할 수 없고 자동 결제도 멈춥니다.`)).toBeVisible();
  await expect(
    page.getByText(/운영관리자님이 해지한 학원입니다\. .*학원장·선생님·학생은 계속 로그인할 수 있고 지난 기록은 그대로/),
  ).toBeVisible();

  // The list finds it by its code, closed, at its new branch.
  await gotoReady(page, `/super/organisations?q=${code}`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('리드인 경기남부지사');
  await expect(row).toContainText('해지');

  // A student registering with its code is refused beside the code field.
  const visitor = await browser.newContext({ javaScriptEnabled: js });
  const signUp = await visitor.newPage();
  await gotoReady(signUp, '/member/register/student');
  await fillRegistration(signUp, `closed${run.toLowerCase()}${perProject('j', 'n')}`, code);
  await signUp.getByRole('button', { name: '가입하기' }).click();
  await expect(signUp.getByText(CLOSED_MESSAGE)).toBeVisible();
  await expect(signUp).toHaveURL(/\/member\/register\/student/);
  await visitor.close();
  expect(errors).toEqual([]);
});

test('ADMIN2 opens the organisations; PRODUCT and COACH are sent to their own home', async ({ page }) => {
  await signIn(page, 'admin2', /\/super\/user$/);
  await (await menuLink(page, '기관 관리')).click();
  await expect(page).toHaveURL(/\/super\/organisations$/);
  // The address changes a moment before the new page is drawn (client navigation): wait for its heading.
  await expect(page.getByRole('heading', { level: 1, name: '기관 관리' })).toBeVisible();
  await expect(page.getByRole('row', { name: /해오름 독서학원/ })).toContainText('HAEORUM');
  await page.getByRole('link', { name: '지사·대리점' }).click();
  await expect(page.getByRole('link', { name: '리드인 경기남부지사' })).toBeVisible();
  await page.getByRole('link', { name: '개인 회원' }).click();
  await expect(page.getByRole('link', { name: '오지현' })).toBeVisible();

  await page.getByRole('button', { name: '로그아웃' }).click();
  await signIn(page, 'product', /\/super\/books$/);
  await expect(page.getByRole('link', { name: '기관 관리' })).toHaveCount(0);
  await page.goto('/super/organisations');
  await expect(page).toHaveURL(/\/super\/books$/);

  await page.getByRole('button', { name: '로그아웃' }).click();
  await signIn(page, 'coach', /\/super\/coach\/sharpening$/);
  await page.goto('/super/organisations/branches');
  await expect(page).toHaveURL(/\/super\/coach\/sharpening$/);
});

test('the saved flash takes the focus once: the routes of the page’s links arriving later leave the operator in the field @js-only', async ({
  page,
}) => {
  // With JavaScript the routes of a page's links are fetched after it is drawn (/__manifest); on a slow network they
  // arrive while the operator already types. Here they are held until a field has the focus, then let through.
  const run = Date.now().toString(36).toUpperCase().slice(-6);
  const name = `포커스 독서학원 ${run}`;
  await signIn(page, 'super', /\/super\/user$/);
  await gotoReady(page, '/super/organisations/new');
  const held: Array<() => Promise<void>> = [];
  await page.route(
    (url) => url.pathname === '/__manifest' && url.searchParams.getAll('p').some((p) => p.startsWith('/super/organisations/branches/')),
    (route) => void held.push(() => route.continue()),
  );
  await page.getByLabel('학원 이름').fill(name);
  await page.getByLabel('학원 코드').fill(`FOCUS${run}`);
  await page.getByLabel('지사', { exact: true }).selectOption({ label: '리드인 서울동부지사 (서울 동부)' });
  await page.getByLabel('대리점', { exact: true }).selectOption({ label: '송파 대리점' });
  await page.getByRole('button', { name: '학원 등록' }).click();
  const flash = page.getByRole('status').filter({ hasText: `'${name}' 학원을 등록했습니다.` });
  await expect(flash).toBeFocused();

  const contact = page.locator('section', { has: page.getByRole('heading', { name: '학원 정보 수정' }) }).getByLabel('학원 담당자 (선택)');
  await contact.fill('박담당');
  await expect(contact).toBeFocused();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const patched = page.waitForResponse((r) => r.url().includes('/__manifest'));
  for (const release of held.splice(0)) await release();
  await patched;
  // Two frames after the routes are taken in, the focus is where the operator left it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(contact).toBeFocused();
  await expect(flash).not.toBeFocused();
});
