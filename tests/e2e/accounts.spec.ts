import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, gotoReady, perProject, signIn } from './support';

async function fillRegistration(page: Page, loginId: string, options: { name?: string; birthDate?: string; grade?: string } = {}) {
  await page.getByLabel('아이디', { exact: true }).fill(loginId);
  await page.getByLabel('비밀번호', { exact: true }).fill('reading-123');
  await page.getByLabel('비밀번호 확인').fill('reading-123');
  await page.getByLabel('이름', { exact: true }).fill(options.name ?? '새학생');
  await page.getByLabel('생년월일').fill(options.birthDate ?? '2011-04-01');
  await page.getByLabel('학년').selectOption(options.grade ?? '중1');
  await page.getByLabel('휴대폰 번호', { exact: true }).fill('010-7777-8888');
  await page.getByLabel('보안 질문', { exact: true }).selectOption({ index: 5 });
  await page.getByLabel('보안 질문의 답').fill('초코');
}

async function agreeToBoth(page: Page) {
  await page.getByRole('checkbox', { name: '[필수] 이용약관에 동의합니다.' }).check();
  await page.getByRole('checkbox', { name: '[필수] 개인정보 수집·이용에 동의합니다.' }).check();
}

/** The last message the local provider delivered to `phone`, as the operators' outbox shows it. */
async function lastMessageTo(browser: Browser, phone: string, pattern: RegExp) {
  const operator = await browser.newPage();
  await signIn(operator, 'super', /\/super\/user$/);
  await operator.goto('/super/messages');
  const row = operator.getByRole('row').filter({ hasText: phone }).first();
  await expect(row).toContainText('완료');
  const found = (await row.textContent())!.match(pattern)![1];
  await operator.close();
  return found;
}

test('a student registers with an academy code, is signed in, and joins the academy when the head approves', async ({ page, browser }) => {
  const loginId = perProject('e2ejs', 'e2enojs') + Date.now().toString().slice(-6);
  const name = perProject('가입학생', '가온학생');
  await gotoReady(page, '/member/register/student');
  await expect(page.getByRole('link', { name: '이용약관 보기' })).toHaveAttribute('href', '/landing/policy/readin');
  await expect(page.getByRole('link', { name: '개인정보 처리방침 보기' })).toHaveAttribute('href', '/landing/policy/privacy');
  await fillRegistration(page, 'student', { name });
  await page.getByLabel('학원 코드 (선택)').fill('HAEORUM');
  await page.getByRole('checkbox', { name: '[필수] 이용약관에 동의합니다.' }).check();
  await page.getByRole('button', { name: '가입하기' }).click();
  // Each consent is its own box with its own message; then the taken id; typed values stay.
  await expect(page.getByText('개인정보 수집·이용에 동의해 주세요.')).toBeVisible();
  await expect(page.getByLabel('이름', { exact: true })).toHaveValue(name);
  await fillRegistration(page, 'student', { name });
  await agreeToBoth(page);
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page.getByText('이미 사용 중인 아이디입니다.')).toBeVisible();
  await fillRegistration(page, loginId, { name });
  await agreeToBoth(page);
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page).toHaveURL(/\/user\/activity$/);
  await expect(
    page.getByText(`${name}님, 리드인에 오신 것을 환영합니다. 해오름 독서학원 가입 신청은 학원장님이 승인하면 완료됩니다.`),
  ).toBeVisible();
  // A new student has no reading level yet: the first step is the level test. The request waits for the head.
  await page.goto('/user/dashboard');
  await expect(page.getByText('가입 신청을 보냈어요.')).toBeVisible();
  await expect(page.getByText('먼저 수준 진단을 해 볼까요?')).toBeVisible();
  await page.getByRole('link', { name: '수준 진단 하기' }).click();
  await expect(page).toHaveURL(/\/user\/activity\/courseTest$/);

  const head = await browser.newPage();
  await signIn(head, 'head', /\/admin\/dashboard$/);
  await head.goto('/admin/students');
  const request = head.getByRole('row').filter({ hasText: loginId });
  await expect(request).toContainText(name);
  await request.getByRole('button', { name: '승인' }).click();
  await expect(head.getByRole('status')).toHaveText(`${name} 학생의 가입을 승인했습니다. 이제 우리 학원 학생 목록에 있습니다.`);
  await expect(head.getByRole('link', { name, exact: true })).toBeVisible();
  await head.close();

  await page.goto('/user/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByText('가입 신청을 보냈어요.')).toHaveCount(0);
});

test('a 12-year-old is not signed in until the guardian enters the code sent to the guardian’s phone', async ({ page, browser }) => {
  const loginId = perProject('kidjs', 'kidnojs') + Date.now().toString().slice(-6);
  const guardianPhone = perProject('010-6100-', '010-6200-') + Date.now().toString().slice(-4);
  await gotoReady(page, '/member/register/student');
  await fillRegistration(page, loginId, { name: '어린학생', birthDate: '2014-06-10', grade: '초6' });
  await agreeToBoth(page);
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page.getByText('만 14세 미만은 보호자(법정대리인)의 이름과 휴대폰 번호가 필요합니다.')).toBeVisible();
  await fillRegistration(page, loginId, { name: '어린학생', birthDate: '2014-06-10', grade: '초6' });
  await page.getByLabel('보호자 이름').fill('어보호');
  await page.getByLabel('보호자 휴대폰 번호').fill(guardianPhone);
  await agreeToBoth(page);
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page).toHaveURL(/\/member\/guardian\//);
  await expect(page.getByRole('heading', { name: '보호자 동의' })).toBeVisible();
  await expect(page.getByText(`${guardianPhone.slice(0, 4)}****-${guardianPhone.slice(-4)}`)).toBeVisible();
  const guardianPage = page.url();

  // Not active yet: signing in comes back here.
  await page.goto('/member/login');
  await page.getByLabel('아이디', { exact: true }).fill(loginId);
  await page.getByLabel('비밀번호', { exact: true }).fill('reading-123');
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/member\/guardian\//);

  const code = await lastMessageTo(browser, guardianPhone, /인증번호 (\d{6})/);
  await page.goto(guardianPage);
  await page.getByLabel('보호자 인증번호').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: '동의하고 가입 완료' }).click();
  await expect(page.getByRole('alert')).toHaveText('인증번호가 올바르지 않습니다. 보호자 휴대폰으로 받은 6자리를 다시 확인해 주세요.');
  await page.getByLabel('보호자 인증번호').fill(code);
  await page.getByRole('button', { name: '동의하고 가입 완료' }).click();
  await expect(page).toHaveURL(/\/user\/activity$/);
  await expect(page.getByText('보호자 동의가 끝났습니다. 어린학생님, 리드인에 오신 것을 환영합니다.')).toBeVisible();
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

test('a student without a phone of their own registers with a guardian’s phone; neither is refused beside the phone', async ({ page }) => {
  const loginId = perProject('nophonejs', 'nophonenojs') + Date.now().toString().slice(-6);
  await gotoReady(page, '/member/register/student');
  await fillRegistration(page, loginId, { name: '폰없는학생' });
  await page.getByLabel('휴대폰 번호', { exact: true }).fill('');
  await agreeToBoth(page);
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page.getByText('학생 본인이나 보호자의 휴대폰 번호 중 하나는 입력해 주세요.')).toBeVisible();
  await expect(page.getByLabel('이름', { exact: true })).toHaveValue('폰없는학생');
  await page.getByLabel('보호자 이름').fill('폰보호자');
  await page.getByLabel('보호자 휴대폰 번호').fill('010-6543-2109');
  await page.getByLabel('비밀번호', { exact: true }).fill('reading-123');
  await page.getByLabel('비밀번호 확인').fill('reading-123');
  await agreeToBoth(page);
  await page.getByRole('button', { name: '가입하기' }).click();
  await expect(page).toHaveURL(/\/user\/activity$/);
  await expect(page.getByText('폰없는학생님, 리드인에 오신 것을 환영합니다.')).toBeVisible();
});
