import { expect, test, type Page } from '@playwright/test';
import { gotoReady, signIn } from './support';

// The academy's students as `head` manages them: a student added by hand (with a temporary password they replace at
// their first sign-in) and a 20-row roster imported with 2 bad rows. Every login id is new for each project and run,
// and the new students are put in no class, so the demo classes and the other specs are not disturbed.

const runId = () => `${test.info().project.name === 'js' ? 'j' : 'n'}${Date.now().toString(36)}`;

function roster(prefix: string) {
  const lines = ['아이디,이름,학년,반,학부모 연락처,임시 비밀번호'];
  for (let i = 1; i <= 20; i += 1) {
    const grade = i === 7 ? '초9' : '초4';
    const phone = i === 14 ? '010-99' : `010-6${String(i).padStart(3, '0')}-${String(1000 + i)}`;
    lines.push(`${prefix}r${i},가져온학생${i},${grade},,${phone},${i % 2 ? `import-pass-${i}` : ''}`);
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

async function upload(page: Page, bytes: Buffer) {
  await gotoReady(page, '/admin/students/import');
  await page.getByLabel(/명단 파일/).setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: bytes });
  await page.getByRole('button', { name: '파일 올리고 확인하기' }).click();
  await expect(page).toHaveURL(/\/admin\/students\/import\/\d+$/);
}

test('the head adds a student, who must choose their own password at the first sign-in', async ({ page }) => {
  const loginId = `${runId()}s`;
  await signIn(page, 'head', /\/admin\/dashboard$/);
  await gotoReady(page, '/admin/students');
  await page.getByRole('link', { name: '학생 추가' }).click();
  await expect(page).toHaveURL(/\/admin\/students\/new$/);
  await page.getByLabel('이름').fill('손으로추가');
  await page.getByLabel('아이디').fill(loginId);
  await page.getByLabel('학년').selectOption('초5');
  await page.getByLabel('학부모 연락처 (선택)').fill('010-12');
  await page.getByLabel('임시 비밀번호').fill('first-pass-2026');
  await page.getByRole('button', { name: '학생 추가' }).click();
  await expect(page.getByText('휴대폰 번호를 정확히 입력해 주세요. (예: 010-1234-5678)')).toBeVisible();
  await expect(page.getByText('보호자의 개인정보 수집·이용 동의를 받았는지 확인해 주세요.')).toBeVisible();
  await expect(page.getByLabel('이름')).toHaveValue('손으로추가');
  await page.getByLabel('학부모 연락처 (선택)').fill('010-2222-3333');
  await page.getByLabel('임시 비밀번호').fill('first-pass-2026');
  await page.getByLabel('보호자의 개인정보 수집·이용 동의를 받았습니다.').check();
  await page.getByRole('button', { name: '학생 추가' }).click();
  await expect(page).toHaveURL(/\/admin\/students$/);
  await expect(page.getByText(`손으로추가(${loginId}) 학생을 추가했습니다.`, { exact: false })).toBeVisible();
  await page.getByLabel('이름 또는 아이디').fill(loginId);
  await page.getByRole('button', { name: '찾기' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${loginId}`));
  const row = page.getByRole('row').filter({ hasText: loginId });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('활동', { exact: true })).toBeVisible();

  // The student signs in with the temporary password and must choose their own first.
  await page.context().clearCookies();
  await gotoReady(page, '/member/login');
  await page.getByLabel('아이디', { exact: true }).fill(loginId);
  await page.getByLabel('비밀번호', { exact: true }).fill('first-pass-2026');
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/member\/migration$/);
  await expect(page.getByText('학원에서 받은 임시 비밀번호로 로그인했습니다.', { exact: false })).toBeVisible();
  await page.goto('/user/activity');
  await expect(page).toHaveURL(/\/member\/migration$/);
  await page.getByLabel('새 비밀번호', { exact: true }).fill('my-own-pass-1');
  await page.getByLabel('새 비밀번호 확인').fill('my-own-pass-1');
  await page.getByLabel('보안 질문', { exact: true }).selectOption({ label: '가장 좋아하는 책은 무엇인가요?' });
  await page.getByLabel('보안 질문의 답').fill('어린 왕자');
  await page.getByRole('button', { name: '저장하고 시작하기' }).click();
  await expect(page).toHaveURL(/\/user\/activity$/);
  await expect(page.getByText('새 비밀번호와 보안 질문을 등록했습니다.')).toBeVisible();
});

test('the head imports a 20-row roster with 2 bad rows; 18 are added, and importing it again adds none', async ({ page }) => {
  const prefix = runId();
  const file = roster(prefix);
  await signIn(page, 'head', /\/admin\/dashboard$/);
  await upload(page, file);
  await expect(page.getByText('등록할 수 있는 학생 18명', { exact: false })).toBeVisible();
  const bad7 = page.getByRole('row').filter({ hasText: `${prefix}r7` });
  await expect(bad7.getByText('학년은 초1~고3 중 하나로 적어 주세요. (예: 초4)')).toBeVisible();
  const bad14 = page.getByRole('row').filter({ hasText: `${prefix}r14` });
  await expect(bad14.getByText('휴대폰 번호를 정확히 입력해 주세요. (예: 010-1234-5678)')).toBeVisible();
  await page.getByLabel('보호자의 개인정보 수집·이용 동의를 받았습니다.').check();
  await page.getByRole('button', { name: '18명 등록하기' }).click();
  await expect(page.getByText('18명을 등록했습니다. 건너뛴 줄 2줄.')).toBeVisible();
  await expect(page.getByRole('heading', { name: '자동으로 만든 임시 비밀번호' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '명단 가져오기 결과' })).toBeVisible();

  // The same file again: every id is taken now, nobody can be added.
  await upload(page, file);
  await expect(page.getByText('등록할 수 있는 학생 0명', { exact: false })).toBeVisible();
  await expect(page.getByText('이미 사용 중인 아이디입니다.')).toHaveCount(18);
  await expect(page.getByRole('button', { name: /등록하기$/ })).toHaveCount(0);

  await gotoReady(page, `/admin/students?q=${prefix}r`);
  await expect(page.getByText('찾은 학생 18명')).toBeVisible();
});
