import { expect, test, type Browser, type Page } from '@playwright/test';
import { gotoReady, menuLink, perProject, signIn } from './support';

// Parents (보호자, docs/decisions/039, 040): sign-in by the code sent to the phone the academy has on file, read here
// as the experience environment's operators read it, at /super/messages. Each project signs in its own demo parent,
// so the two never read each other's code: JavaScript on 김수정 (two children in two academies), off 조민호.

/** The newest sign-in code the local provider delivered to `phone`, and the id of the member `loginId` (for a 404). */
async function operatorReads(browser: Browser, phone: string, loginId: string) {
  const operator = await browser.newPage();
  await signIn(operator, 'super', /\/super\/user$/);
  await operator.goto('/super/messages?kind=PARENT_SIGN_IN_CODE');
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
  // A notice the child is shown opens on its own page, from the child's notices (해오름's for 김하늘, the platform's to
  // every member for 조현우).
  const noticeTitle = children[0] === '김하늘' ? '이번 주 토요일 독서 모임 안내' : '겨울방학 독서 챌린지를 시작합니다';
  await page.getByTestId('child-notices').getByRole('link', { name: noticeTitle }).click();
  await expect(page).toHaveURL(new RegExp(`^[^?]*${childPath}/notices/\\d+$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(noticeTitle);
  const noticePath = new URL(page.url()).pathname;
  await page.getByRole('link', { name: `‹ ${children[0]} 독서 현황` }).click();
  await expect(page).toHaveURL(new RegExp(`${childPath}$`));

  // The report opens once the teacher published it (the demo published 김하늘's last month); before, it is not found.
  if (children[0] === '김하늘') {
    await page.getByRole('link', { name: '지난달 독서 리포트 보기' }).click();
    await expect(page).toHaveURL(/\/report\?month=\d{4}-\d{2}$/);
    await expect(page.locator('main')).toContainText(children[0]);
  } else {
    await expect(page.getByText('학원이 공개한 월간 독서 리포트가 아직 없습니다.')).toBeVisible();
    expect((await page.goto(`${childPath}/report`))?.status()).toBe(404);
  }

  // 해오름's notice under the child of 푸른솔: another academy's notice is not found.
  if (children.length > 1) {
    const second = await switcherHref(page, children[1]);
    expect((await page.goto(`${second}/notices/${noticePath.split('/').pop()}`))?.status()).toBe(404);
  }

  // Another academy's child by id: not found, as any unknown page.
  const other = await page.goto(`/parent/children/${otherId}`);
  expect(other?.status()).toBe(404);
  const otherReport = await page.goto(`/parent/children/${otherId}/report`);
  expect(otherReport?.status()).toBe(404);
});

/** The path of a child's page, from the switcher of the page the parent is on. */
async function switcherHref(page: Page, name: string) {
  await page.goto('/parent');
  return (await page
    .getByRole('navigation', { name: '자녀 선택' })
    .getByRole('link', { name: new RegExp(name) })
    .getAttribute('href'))!;
}

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

/** A signed-in operator's page, kept open to read the outbox (/super/messages) during a test. */
async function operatorPage(browser: Browser) {
  const operator = await browser.newPage();
  await signIn(operator, 'super', /\/super\/user$/);
  return operator;
}

/** The newest sign-in code sent to `phone`, as an operator reads it in the outbox. */
async function newestCode(operator: Page, phone: string) {
  await operator.goto('/super/messages?kind=PARENT_SIGN_IN_CODE');
  const row = operator.getByRole('row').filter({ hasText: phone }).first();
  return (await row.textContent())!.match(/인증번호는 (\d{6})/)![1];
}

/** The parents' sign-in from wherever the page is (the form, or a page that sent the parent there), with a fresh code. */
async function enterWithCode(page: Page, operator: Page, phone: string) {
  await expect(page.getByRole('heading', { name: '보호자 로그인' })).toBeVisible();
  if (test.info().project.name === 'js') await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.getByLabel('휴대폰 번호').fill(phone);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByRole('status')).toContainText('10분 안에 입력해 주세요.');
  await page.getByLabel('인증번호').fill(await newestCode(operator, phone));
  await page.getByRole('button', { name: '로그인' }).click();
}

/** The id of the academy-1 student `loginId`, found by the head's (or a teacher's) student search. */
async function studentId(page: Page, loginId: string) {
  await page.goto(`/admin/students?q=${loginId}`);
  const href = await page.locator('table a[href^="/admin/students/"]').first().getAttribute('href');
  return href!.match(/\/admin\/students\/(\d+)/)![1];
}

/** The parents' 알림톡 of note reviews the outbox holds for `phone`, newest first. */
async function reviewTalks(operator: Page, phone: string) {
  await operator.goto('/super/messages?kind=PARENT_NOTE_REVIEWED');
  return operator.getByRole('row').filter({ hasText: phone });
}

test("a teacher's review sends the parent a 알림톡 whose link opens the note after sign-in; opted out, none", async ({ browser }) => {
  test.setTimeout(240_000);
  // A parent the academy adds on the student's 보호자 page (a phone no other test uses), of a 햇살반 student whose
  // submitted note (완료 for 정민준, 선생님 확인 for 박지우) no other spec reviews.
  const [loginId, name, state, phone] = perProject(
    ['student5', '정민준', '완료', '010-7100-3205'],
    ['student3', '박지우', '선생님 확인', '010-7100-3203'],
  );
  const operator = await operatorPage(browser);

  // The head adds the parent.
  const staff = await browser.newPage();
  await signIn(staff, 'head', /\/admin\/dashboard$/);
  const id = await studentId(staff, loginId);
  await gotoReady(staff, `/admin/students/${id}/parents`);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`${name} 학생의 보호자`);
  await staff.getByLabel('보호자 이름').fill('김보호');
  await staff.getByLabel('휴대폰 번호').fill(phone);
  await staff.getByRole('button', { name: '보호자 추가' }).click();
  await expect(staff.getByRole('status')).toHaveText('보호자를 추가했습니다. 보호자는 이 번호로 받은 인증번호로 로그인합니다.');
  await expect(staff.getByTestId('parents').getByRole('row').filter({ hasText: phone })).toContainText('열람 중');
  await staff.context().clearCookies();

  // The teacher leaves a comment on the student's note.
  await signIn(staff, 'teacher', /\/admin\/dashboard$/);
  await staff.goto(`/admin/students/${id}/overview`);
  await staff
    .locator('li.card')
    .filter({ has: staff.locator('.note-state', { hasText: state }) })
    .first()
    .getByRole('link', { name: '노트 검토 화면' })
    .click();
  await expect(staff).toHaveURL(/\/admin\/notes\/\d+$/);
  const noteId = new URL(staff.url()).pathname.split('/').pop()!;
  const title = (await staff.getByRole('heading', { level: 1 }).textContent())!.match(/『(.+)』/)![1];
  const comment = `${name} 학생, 인물의 마음을 근거를 들어 잘 설명했어요.`;
  if (test.info().project.name === 'js') await staff.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await staff.getByLabel('선생님 의견').fill(comment);
  await staff.getByRole('button', { name: '댓글 남기기' }).click();
  await expect(staff.getByRole('status')).toHaveText('댓글을 남겼습니다.');

  // The outbox holds the parent's 알림톡, its link absolute on this very server and ending on the note.
  const talks = await reviewTalks(operator, phone);
  await expect(talks).toHaveCount(1);
  await expect(talks).toContainText(`[해오름 독서학원] ${name} 학생의 '${title}' 독서 노트에 선생님 확인이 끝났습니다.`);
  const link = (await talks.textContent())!.match(/https?:\/\/[^\s/]+\/parent\/children\/\d+\/notes\/\d+/)![0];
  const target = new URL(link);
  expect(target.port).toBe(new URL(test.info().project.use.baseURL!).port);
  expect(target.pathname).toBe(`/parent/children/${id}/notes/${noteId}`);

  // Followed signed out: the parents' sign-in, then the note with the teacher's comment.
  const parent = await browser.newPage();
  await parent.goto(link);
  await expect(parent).toHaveURL(`${target.origin}/member/parent?${new URLSearchParams({ redirectTo: target.pathname })}`);
  await enterWithCode(parent, operator, phone);
  await expect(parent).toHaveURL(link);
  await expect(parent.getByRole('heading', { level: 1 })).toContainText(title);
  await expect(parent.getByTestId('note-comments')).toContainText(comment);

  // The parent turns 알림톡 off in the settings; the teacher's next comment sends them nothing.
  await (await menuLink(parent, '알림 설정')).click();
  await expect(parent.getByTestId('talk-state')).toHaveText('지금 상태: 받음');
  await parent.getByRole('button', { name: '알림톡 받지 않기' }).click();
  await expect(parent.getByRole('status')).toHaveText('알림톡 수신을 해제했습니다.');
  await expect(parent.getByTestId('talk-state')).toHaveText('지금 상태: 받지 않음');
  await staff.goto(`/admin/notes/${noteId}`);
  if (test.info().project.name === 'js') await staff.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await staff.getByLabel('선생님 의견').fill('다음 책도 기대할게요.');
  await staff.getByRole('button', { name: '댓글 남기기' }).click();
  await expect(staff.getByRole('status')).toHaveText('댓글을 남겼습니다.');
  await expect(await reviewTalks(operator, phone)).toHaveCount(1);
  // Written with the review or not at all: the second comment is on the note, and the parent sees it there.
  await parent.goto(link);
  await expect(parent.getByTestId('note-comments')).toContainText('다음 책도 기대할게요.');
  await Promise.all([operator.close(), staff.close(), parent.close()]);
});

test("the academy turns a parent's access off: the child is closed, the parent cannot sign in; on again, they can", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // Readers of 해오름 with their parent's phone on file, used by no other spec: 안지호 (js) and 서선우 (nojs).
  const [loginId, name, phone] = perProject(['reader09', '안지호', '010-5000-1009'], ['reader17', '서선우', '010-5000-1017']);
  const operator = await operatorPage(browser);

  // The parent signs in with the phone on file and sees the child.
  await gotoReady(page, '/member/parent');
  await enterWithCode(page, operator, phone);
  await expect(page).toHaveURL(/\/parent\/children\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  const childPath = new URL(page.url()).pathname;

  // The head turns the parent's access off on the student's 보호자 page.
  const head = await browser.newPage();
  await signIn(head, 'head', /\/admin\/dashboard$/);
  const id = await studentId(head, loginId);
  await head.goto(`/admin/students/${id}`);
  await head.getByRole('link', { name: '보호자', exact: true }).click();
  await expect(head.getByRole('heading', { level: 1 })).toHaveText(`${name} 학생의 보호자`);
  const row = head.getByTestId('parents').getByRole('row').filter({ hasText: phone });
  await expect(row).toContainText('열람 중');
  await row.getByRole('button', { name: '열람 중지' }).click();
  await expect(head.getByRole('status')).toHaveText('보호자 열람을 중지했습니다.');
  await expect(row).toContainText('중지');

  // At once: the child's page is not found, the parents' home has no child, and signing in again is refused.
  expect((await page.reload())?.status()).toBe(404);
  await page.goto('/parent');
  await expect(page.getByText('열람할 수 있는 자녀가 없습니다. 학원에 문의해 주세요.')).toBeVisible();
  await page.context().clearCookies();
  await gotoReady(page, '/member/parent');
  await enterWithCode(page, operator, phone);
  await expect(page.getByText('학원이 보호자 열람을 중지하여 로그인할 수 없습니다. 학원에 문의해 주세요.')).toBeVisible();
  await expect(page).toHaveURL(/\/member\/parent/);
  expect((await page.goto(childPath))?.url()).toContain('/member/parent?');

  // Turned on again: the parent signs in and sees the child.
  await row.getByRole('button', { name: '열람 허용' }).click();
  await expect(head.getByRole('status')).toHaveText('보호자 열람을 다시 허용했습니다.');
  await expect(row).toContainText('열람 중');
  await gotoReady(page, '/member/parent');
  await enterWithCode(page, operator, phone);
  await expect(page).toHaveURL(new RegExp(`${childPath}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await Promise.all([operator.close(), head.close()]);
});
