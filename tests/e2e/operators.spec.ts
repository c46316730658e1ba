import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD, gotoReady, menuLink, perProject, signIn } from './support';

// The operators' console (super area): finding a user, locking with the password asked again, the locked account's
// sign-in, unlocking, and the audit trail. Each project locks its own spare student.

test('an operator finds a student, locks it (password asked again), the student cannot sign in, and the trail shows it', async ({
  browser,
  page,
}) => {
  const [loginId, name] = perProject(['student12', '노은결'], ['student13', '하지온']);
  await signIn(page, 'super', /\/super\/user$/);
  await page.getByLabel('검색어').fill(loginId);
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page.getByText('검색 결과 1명')).toBeVisible();
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();

  // Without the password the lock is refused with the reason; with it the account locks.
  const lockForm = page.locator('form', { has: page.getByRole('button', { name: '계정 잠그기' }) });
  await lockForm.getByLabel(/내 비밀번호/).fill('wrong-password-1');
  await page.getByRole('button', { name: '계정 잠그기' }).click();
  await expect(page.getByText('비밀번호가 올바르지 않습니다.')).toBeVisible();
  await page
    .locator('form', { has: page.getByRole('button', { name: '계정 잠그기' }) })
    .getByLabel(/내 비밀번호/)
    .fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '계정 잠그기' }).click();
  await expect(page.getByText(`${name} 계정을 잠갔습니다. 모든 로그인이 끝났습니다.`)).toBeVisible();
  await expect(page.getByText('잠긴 계정입니다. 잠금을 풀면 다시 로그인할 수 있습니다.')).toBeVisible();

  // The student's sign-in says the account is locked.
  const other = await browser.newContext({ javaScriptEnabled: test.info().project.name === 'js' });
  const studentPage = await other.newPage();
  await gotoReady(studentPage, '/member/login');
  await studentPage.getByLabel('아이디', { exact: true }).fill(loginId);
  await studentPage.getByLabel('비밀번호', { exact: true }).fill(DEMO_PASSWORD);
  await studentPage.getByRole('button', { name: '로그인' }).click();
  await expect(studentPage.getByText('잠긴 계정입니다. 고객센터로 문의해 주세요.')).toBeVisible();

  // The audit trail has the lock: the field it changed, and the address the operator acted from.
  const userUrl = new URL(page.url()).pathname;
  const userId = userUrl.split('/').at(-1) ?? '';
  await (await menuLink(page, '감사 기록')).click();
  await page.getByLabel('대상 회원 번호').fill(userId);
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page.getByText('기록 1건 (최신순)')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`계정 잠금.*${name}`) }).first();
  await expect(row).toContainText('상태: ACTIVE → LOCKED');
  await expect(row.getByRole('cell').last()).toHaveText('127.0.0.1');

  // Unlocking lets the student in again.
  await gotoReady(page, userUrl);
  await page.getByRole('button', { name: '잠금 풀기' }).click();
  await expect(page.getByText(`${name} 계정의 잠금을 풀었습니다.`)).toBeVisible();
  await studentPage.getByLabel('비밀번호', { exact: true }).fill(DEMO_PASSWORD);
  await studentPage.getByRole('button', { name: '로그인' }).click();
  await studentPage.waitForURL(/\/user\//);
  await other.close();
});

test('PRODUCT is not let into the user console or the audit trail', async ({ page }) => {
  await signIn(page, 'product', /\/super\/books$/);
  await page.goto('/super/user');
  await expect(page).toHaveURL(/\/super\/books$/);
  await page.goto('/super/audit');
  await expect(page).toHaveURL(/\/super\/books$/);
  await expect(page.getByRole('link', { name: '회원 관리' })).toHaveCount(0);
});

test('PRODUCT adds a book with a cover, and making it inactive takes it out of the students search', async ({ page, browser }) => {
  const title = perProject('달빛 도서관의 비밀', '바람의 지도');
  const png = await sharp({ create: { width: 600, height: 840, channels: 3, background: '#2f6f5e' } })
    .png()
    .toBuffer();
  await signIn(page, 'product', /\/super\/books$/);
  await page.getByRole('link', { name: '도서 등록' }).click();
  await page.getByLabel('제목').fill(title);
  await page.getByLabel('지은이').fill('이채원');
  await page.getByLabel('출판사').fill('리드인북스');
  await page.getByLabel('ISBN (선택)').fill('978-0-306-40615-8');
  await page.getByLabel('쪽수').fill('120');
  await page.getByLabel('읽기 수준').selectOption('4');
  await page.getByLabel('장르').selectOption('ADVENTURE');
  await page.getByLabel('예술').check();
  await page.getByLabel('표지 (선택)').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: '등록하기' }).click();
  // A wrong check digit is refused beside its field; the typed title stays.
  await expect(page.getByText('ISBN을 정확히 입력해 주세요. (13자리 또는 10자리)')).toBeVisible();
  await expect(page.getByLabel('제목')).toHaveValue(title);
  await page.getByLabel('ISBN (선택)').fill('978-0-306-40615-7');
  await page.getByLabel('표지 (선택)').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: '등록하기' }).click();
  await expect(page.getByText(`'${title}' 도서를 등록했습니다.`)).toBeVisible();
  const cover = page.getByRole('img', { name: `${title} 표지` });
  await expect(cover).toBeVisible();
  // Visible before its bytes arrive (and lazy below the fold): wait for the picture itself (400 px wide as stored).
  await cover.scrollIntoViewIfNeeded();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1))).toBe(400);

  // A student finds it, until it is made inactive.
  const student = await (await browser.newContext({ javaScriptEnabled: test.info().project.name === 'js' })).newPage();
  await signIn(student, 'student2');
  await student.goto(`/user/search?q=${encodeURIComponent(title)}`);
  await expect(student.getByText(title).first()).toBeVisible();

  await page.getByLabel('바꿀 상태').selectOption({ label: '사용 안 함' });
  await page.getByRole('button', { name: '상태 바꾸기' }).click();
  await expect(page.getByText(`'${title}' 도서를 '사용 안 함'으로 바꿨습니다.`)).toBeVisible();
  await student.goto(`/user/search?q=${encodeURIComponent(title)}`);
  await expect(student.getByText(title)).toHaveCount(0);
  await student.context().close();
});

test('an operator sends a reset link; its owner sets a new password on the link page and signs in with it', async ({ browser, page }) => {
  // The link page must take a plain form post too: it once sent `Origin: null` (referrer no-referrer) and was refused.
  const [loginId, name] = perProject(['applicant1', '윤서아'], ['applicant2', '임도윤']);
  await signIn(page, 'super', /\/super\/user$/);
  await page.getByLabel('검색어').fill(loginId);
  await page.getByRole('button', { name: '검색' }).click();
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
  const resetForm = page.locator('form', { has: page.getByRole('button', { name: '재설정 링크 보내기' }) });
  // The operator's password is asked again (step-up) unless it was given in the last 10 minutes.
  const stepUp = resetForm.getByLabel(/내 비밀번호/);
  if (await stepUp.count()) await stepUp.fill(DEMO_PASSWORD);
  await resetForm.getByRole('button', { name: '재설정 링크 보내기' }).click();
  await expect(page.getByText(`${name}님의 휴대폰으로 비밀번호 재설정 링크를 보냈습니다.`)).toBeVisible();
  await page.goto('/super/messages');
  const row = page
    .getByRole('row')
    .filter({ hasText: `(${loginId})` })
    .filter({ hasText: '/member/reset/' })
    .first();
  const link = (await row.textContent())!.match(/\/member\/reset\/[\w-]+/)![0];

  const owner = await browser.newContext({ javaScriptEnabled: test.info().project.name === 'js' });
  const ownerPage = await owner.newPage();
  await gotoReady(ownerPage, link);
  await ownerPage.getByLabel('새 비밀번호', { exact: true }).fill('new-reading-77');
  await ownerPage.getByLabel('새 비밀번호 확인').fill('new-reading-77');
  await ownerPage.getByRole('button', { name: '새 비밀번호 저장' }).click();
  await expect(ownerPage).toHaveURL(/\/member\/login$/);
  await expect(ownerPage.getByText('새 비밀번호를 정했습니다. 새 비밀번호로 로그인해 주세요.')).toBeVisible();
  await ownerPage.getByLabel('아이디', { exact: true }).fill(loginId);
  await ownerPage.getByLabel('비밀번호', { exact: true }).fill('new-reading-77');
  await ownerPage.getByRole('button', { name: '로그인' }).click();
  await ownerPage.waitForURL(/\/user\//);
  await owner.close();
});
