import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, gotoReady, perProject, signIn } from './support';

async function fillRegistration(page: Page, loginId: string) {
  await page.getByLabel('아이디', { exact: true }).fill(loginId);
  await page.getByLabel('비밀번호', { exact: true }).fill('reading-123');
  await page.getByLabel('비밀번호 확인').fill('reading-123');
  await page.getByLabel('이름').fill('새학생');
  await page.getByLabel('휴대폰 번호').fill('010-7777-8888');
  await page.getByLabel('보안 질문', { exact: true }).selectOption({ index: 5 });
  await page.getByLabel('보안 질문의 답').fill('초코');
}

test('a student registers with an academy code and lands signed in', async ({ page }) => {
  const loginId = perProject('e2ejs', 'e2enojs') + Date.now().toString().slice(-6);
  await gotoReady(page, '/member/register/student');
  await expect(page.getByRole('link', { name: '이용약관' })).toHaveAttribute('href', '/landing/policy/readin');
  await fillRegistration(page, 'student');
  await page.getByLabel('학원 코드 (선택)').fill('HAEORUM');
  await page.getByRole('button', { name: '가입하기' }).click();
  // The missing consent, then the taken id, beside their fields; typed values stay.
  await expect(page.getByText('이용약관과 개인정보 처리방침에 동의해 주세요.')).toBeVisible();
  await expect(page.getByLabel('이름')).toHaveValue('새학생');
  await fillRegistration(page, 'student');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page.getByText('이미 사용 중인 아이디입니다.')).toBeVisible();
  await fillRegistration(page, loginId);
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page).toHaveURL(/\/user\/activity$/);
  await expect(page.getByText('새학생님, 리드인에 오신 것을 환영합니다.')).toBeVisible();
  // A new student has no reading level yet: the first step is the level test.
  await page.goto('/user/dashboard');
  await expect(page.getByText('먼저 수준 진단을 해 볼까요?')).toBeVisible();
  await page.getByRole('link', { name: '수준 진단 하기' }).click();
  await expect(page).toHaveURL(/\/user\/activity\/courseTest$/);
});

test('finding an id shows it masked', async ({ page }) => {
  await gotoReady(page, '/member/findId/student');
  await page.getByLabel('이름').fill('김하늘');
  await page.getByLabel('휴대폰 번호').fill('01010000001');
  await page.getByRole('button', { name: '아이디 찾기' }).click();
  await expect(page.getByText('stu****')).toBeVisible();
});

test('finding a password needs the security answer and the code read at /super/messages', async ({ page, browser }) => {
  const [loginId, name] = perProject(['student10', '서하람'], ['student11', '권나래']);
  await gotoReady(page, '/member/findPassword/student');
  await page.getByLabel('아이디').fill(loginId);
  await page.getByLabel('이름').fill(name);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByText('가장 좋아하는 책은 무엇인가요?')).toBeVisible();

  // The operator reads the message the local provider delivered.
  const operator = await browser.newPage();
  await signIn(operator, 'super', /\/super\/user$/);
  await operator.goto('/super/messages');
  const row = operator
    .getByRole('row')
    .filter({ hasText: `(${loginId})` })
    .first();
  await expect(row).toContainText('완료');
  const code = (await row.textContent())!.match(/인증번호는 (\d{6})/)![1];
  await operator.close();

  await page.getByLabel('보안 질문의 답').fill('어린 왕자');
  await page.getByLabel('인증번호').fill(code === '000000' ? '111111' : '000000');
  await page.getByLabel('새 비밀번호', { exact: true }).fill('found-it-1');
  await page.getByLabel('새 비밀번호 확인').fill('found-it-1');
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect(page.getByRole('alert')).toContainText('보안 질문의 답 또는 인증번호가 올바르지 않습니다.');
  await page.getByLabel('보안 질문의 답').fill('어린 왕자');
  await page.getByLabel('인증번호').fill(code);
  await page.getByLabel('새 비밀번호', { exact: true }).fill('found-it-1');
  await page.getByLabel('새 비밀번호 확인').fill('found-it-1');
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect(page).toHaveURL(/\/member\/login$/);
  await expect(page.getByText('비밀번호를 변경했습니다. 새 비밀번호로 로그인해 주세요.')).toBeVisible();
  await page.getByLabel('아이디', { exact: true }).fill(loginId);
  await page.getByLabel('비밀번호', { exact: true }).fill('found-it-1');
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/user\/activity$/);
});

test('my page: edit the email, change the password, upload a picture', async ({ page }) => {
  const [loginId, area, home] = perProject(['admin3', 'super', /\/super\/user$/], ['teacher3', 'admin', /\/admin\/dashboard$/]);
  await signIn(page, loginId, home);
  await gotoReady(page, `/${area}/my-page`);
  await expect(page.getByRole('heading', { name: '마이페이지' })).toBeVisible();
  await page.getByRole('link', { name: '내 정보 수정' }).click();
  await expect(page).toHaveURL(new RegExp(`/${area}/my-page/me$`));
  await page.getByLabel('이메일').fill(`${loginId}-new@readin.example`);
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('내 정보를 저장했습니다.')).toBeVisible();
  await expect(page.getByLabel('이메일')).toHaveValue(`${loginId}-new@readin.example`);

  await page.getByLabel('현재 비밀번호').fill('wrong-one1');
  await page.getByLabel('새 비밀번호', { exact: true }).fill('changed-pw1');
  await page.getByLabel('새 비밀번호 확인').fill('changed-pw1');
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect(page.getByText('현재 비밀번호가 올바르지 않습니다.')).toBeVisible();
  await page.getByLabel('현재 비밀번호').fill(DEMO_PASSWORD);
  await page.getByLabel('새 비밀번호', { exact: true }).fill(DEMO_PASSWORD + 'x');
  await page.getByLabel('새 비밀번호 확인').fill(DEMO_PASSWORD + 'x');
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect(page.getByText('비밀번호를 변경했습니다.', { exact: false })).toBeVisible();
  // Back to the demo password, so the account keeps working for everyone.
  await page.getByLabel('현재 비밀번호').fill(DEMO_PASSWORD + 'x');
  await page.getByLabel('새 비밀번호', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('새 비밀번호 확인').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect(page.getByText('비밀번호를 변경했습니다.', { exact: false })).toBeVisible();

  await page
    .getByLabel('사진 선택')
    .setInputFiles({ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html>not an image</html>') });
  await page.getByRole('button', { name: '사진 올리기' }).click();
  await expect(page.getByRole('alert')).toContainText('JPG, PNG, WEBP 형식의 이미지만 올릴 수 있습니다.');
  // A 1×1 PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await page.getByLabel('사진 선택').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: '사진 올리기' }).click();
  await expect(page.getByText('프로필 사진을 변경했습니다.')).toBeVisible();
  const img = page.getByRole('img', { name: /프로필 사진/ });
  await expect(img).toHaveAttribute('width', '96');
  // The picture is re-encoded at 256 px; wait for the browser to have loaded it before reading its size.
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBe(256);
});
