import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { gotoReady, menuLink, signIn } from './support';

// The reading-note journey of issue 6, with JavaScript on (student) and off (student2): the student writes a note with
// a JPEG and submits it, the teacher sends it to the coach, the coach corrects it, the student reads the correction.

const SHOTS = path.resolve('tests/.tmp/screenshots');

async function jpegFixture(): Promise<{ file: string; bytes: Buffer }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-note-'));
  const file = path.join(dir, 'reading-photo.jpg');
  const bytes = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 220, g: 120, b: 60 } } })
    .composite([
      { input: Buffer.from('<svg width="800" height="600"><circle cx="400" cy="300" r="250" fill="#2266aa"/></svg>'), top: 600, left: 800 },
    ])
    .withMetadata({ exif: { IFD0: { Copyright: 'readin e2e', Artist: 'student' } } })
    .jpeg({ quality: 90 })
    .toBuffer();
  fs.writeFileSync(file, bytes);
  return { file, bytes };
}

async function signOut(page: Page) {
  await page.context().clearCookies();
}

test('a student writes a note with a JPEG, the teacher sends it to the coach, the coach corrects it, the student reads it', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const js = info.project.name === 'js';
  const loginId = js ? 'student' : 'student2';
  const studentName = js ? '김하늘' : '이바다';
  const fixture = await jpegFixture();
  fs.mkdirSync(SHOTS, { recursive: true });

  // Student: pick a book waiting for its note, write, attach the photo, submit.
  await signIn(page, loginId, /\/user\/activity$/);
  await page.goto('/user/activity/readingBook/note');
  const link = page.getByRole('main').getByRole('link').filter({ hasNotText: '독서 노트' }).last();
  const title = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
  const text = `『${title}』을 읽고 주인공이 스스로 길을 찾아가는 모습이 기억에 남았다. 나도 어려운 일 앞에서 포기하지 않고 한 번 더 도전해 보고 싶다.`;
  await page.getByLabel('책을 읽고 느낀 점').fill(text);
  await page.getByLabel(/이미지 (첨부|바꾸기)/).setInputFiles(fixture.file);
  await page.screenshot({ path: path.join(SHOTS, `student-note-${info.project.name}.png`), fullPage: true });
  await page.getByRole('button', { name: '제출', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/note\/list$/);
  await expect(page.getByRole('status')).toHaveText('독서 노트를 제출했습니다. 선생님이 확인하면 알려 드릴게요.');
  const card = page.locator('.note-card').filter({ hasText: title });
  await expect(card.locator('.note-state')).toHaveText('제출됨');

  // Teacher: the new note is in the academy's list; send it to the coach.
  await signOut(page);
  await signIn(page, 'teacher', /\/admin\/dashboard$/);
  await (await menuLink(page, '독서 노트')).click();
  await page.getByRole('link', { name: /새로 제출/ }).click();
  const row = page.getByRole('row').filter({ hasText: studentName }).filter({ hasText: title });
  await row.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`『${title}』 독서 노트 검토`);
  await expect(page.getByText(text)).toBeVisible();
  const img = page.getByRole('img', { name: '독서 노트에 첨부한 이미지' });
  await expect(img).toHaveAttribute('loading', 'lazy');
  await expect(img).toHaveAttribute('width', '1600');
  await expect(img).toHaveAttribute('height', '1200');
  // The image served is the re-encoded one: other bytes, 1600 px, no EXIF.
  const served = await page.request.get((await img.getAttribute('src'))!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/jpeg');
  const body = await served.body();
  expect(body.equals(fixture.bytes)).toBe(false);
  const meta = await sharp(body).metadata();
  expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1600, 1200, undefined]);
  await page.getByLabel('선생님 의견').fill('생각이 잘 드러났어요. 문장 다듬기를 코치 선생님께 부탁드릴게요.');
  await page.screenshot({ path: path.join(SHOTS, `teacher-review-${info.project.name}.png`), fullPage: true });
  await page.getByRole('button', { name: '코치에게 첨삭 요청' }).click();
  await expect(page.getByRole('status')).toHaveText('코치에게 첨삭을 요청했습니다.');
  await expect(page.locator('#note-body-title .note-state')).toHaveText('첨삭 대기');
  // The note went to the coach with the fewest waiting notes (coach or coach2, depending on what else is waiting).
  const assigned = (await page.getByTestId('note-coach').textContent())!.replace('첨삭 코치: ', '');
  const coachLogin = ({ 첨삭코치: 'coach', 첨삭코치2: 'coach2' } as Record<string, string>)[assigned];
  expect(coachLogin, assigned).toBeDefined();

  // Coach: the note is in the queue (across academies); write the correction.
  await signOut(page);
  await signIn(page, coachLogin, /\/super\/coach\/sharpening$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('첨삭 대기열');
  await page.getByRole('row').filter({ hasText: studentName }).filter({ hasText: title }).getByRole('link', { name: title }).click();
  const correction =
    '① 첫 문장의 "기억에 남았다" 앞에 어떤 장면이었는지 구체적으로 밝혀 주세요.\n② 마지막 다짐에 실제로 해 볼 일을 하나 적으면 글이 더 힘 있게 끝나요.';
  await page.getByLabel('첨삭 내용').fill(correction);
  await page.getByLabel('학생에게 한마디 (선택)').fill('끝까지 읽고 정성껏 쓴 노트예요!');
  await page.screenshot({ path: path.join(SHOTS, `coach-correct-${info.project.name}.png`), fullPage: true });
  await page.getByRole('button', { name: '첨삭 완료' }).click();
  await expect(page).toHaveURL(/\/super\/coach\/sharpening$/);
  await expect(page.getByRole('status')).toHaveText('첨삭을 저장했습니다. 학생에게 알림이 표시됩니다.');

  // Student: the correction is in /user/note/list, with the new-comment marker.
  await signOut(page);
  await signIn(page, loginId, /\/user\/activity$/);
  await page.goto('/user/note/list');
  const done = page.locator('.note-card').filter({ hasText: title });
  await expect(done.locator('.note-state')).toHaveText('완료');
  await expect(done.getByText('새 의견', { exact: true })).toBeVisible();
  await expect(done.locator('.note-correction')).toContainText('마지막 다짐에 실제로 해 볼 일을 하나 적으면');
  await expect(done.locator('.note-comment')).toContainText('끝까지 읽고 정성껏 쓴 노트예요!');
  await page.screenshot({ path: path.join(SHOTS, `note-list-${info.project.name}.png`), fullPage: true });
  await done.getByRole('button', { name: '확인했어요' }).click();
  await expect(page.getByRole('status')).toHaveText('새 댓글을 확인했습니다.');
  await expect(page.locator('.note-card').filter({ hasText: title }).getByText('새 의견', { exact: true })).toHaveCount(0);
});

test('an HTML file renamed .jpg is refused with a Korean message and the typed note is kept', async ({ page }, info) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-note-'));
  const file = path.join(dir, 'photo.jpg');
  fs.writeFileSync(file, '<!doctype html><html><body><script>alert(1)</script></body></html>');
  await signIn(page, info.project.name === 'js' ? 'student5' : 'student7', /\/user\/activity$/);
  await page.goto('/user/activity/readingBook/note');
  await page.getByRole('main').getByRole('link').filter({ hasNotText: '독서 노트' }).first().click();
  const stateBefore = await page.locator('h1 .note-state').textContent();
  await page.getByLabel('책을 읽고 느낀 점').fill('이 노트는 이미지가 거절되어도 사라지면 안 되는 내용입니다. 스무 자를 넘겼어요.');
  await page.getByLabel(/이미지 (첨부|바꾸기)/).setInputFiles(file);
  // (student7's first note book may be the one sent back for rewriting: its button says 다시 제출.)
  await page.getByRole('button', { name: /^(다시 )?제출$/ }).click();
  await expect(page.getByText('이미지 파일(JPG, PNG, WEBP, GIF)만 올릴 수 있습니다.')).toBeVisible();
  await expect(page.getByLabel('책을 읽고 느낀 점')).toHaveValue(
    '이 노트는 이미지가 거절되어도 사라지면 안 되는 내용입니다. 스무 자를 넘겼어요.',
  );
  // Nothing was saved: the note keeps its state (쓰기 전, or 다시 쓰기 요청 for a note sent back).
  expect(['쓰기 전', '다시 쓰기 요청']).toContain(stateBefore);
  await expect(page.locator('h1 .note-state')).toHaveText(stateBefore!);
});

test('a photo over the upload limit is refused with the same Korean message with JavaScript on and off', async ({ page }, info) => {
  // 12 MB: over the 11 MB the server reads of a multipart body, so the edge refuses it before the page action runs.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readin-note-'));
  const file = path.join(dir, 'huge-photo.jpg');
  fs.writeFileSync(file, Buffer.alloc(12 * 1024 * 1024, 0xff));
  const js = info.project.name === 'js';
  await signIn(page, js ? 'student5' : 'student7', /\/user\/activity$/);
  await page.goto('/user/activity/readingBook/note');
  await page.getByRole('main').getByRole('link').filter({ hasNotText: '독서 노트' }).first().click();
  await page.waitForURL(/\/user\/activity\/readingBook\/note\/\d+$/);
  const noteUrl = page.url();
  const stateBefore = await page.locator('h1 .note-state').textContent();
  const text = '사진이 너무 커서 거절되어도 이 노트의 내용은 남아 있어야 합니다. 스무 자를 넘겼어요.';
  await page.getByLabel('책을 읽고 느낀 점').fill(text);
  await page.getByLabel(/이미지 (첨부|바꾸기)/).setInputFiles(file);
  await page.getByRole('button', { name: '임시 저장' }).click();
  await expect(page.getByText('보낸 내용이 너무 큽니다. 파일은 10MB 이하로 올려 주세요.')).toBeVisible();
  await expect(page.getByText('문제가 발생했습니다')).toHaveCount(0);
  if (js) {
    // The page stays, with what the student typed.
    expect(page.url()).toBe(noteUrl);
    await expect(page.getByLabel('책을 읽고 느낀 점')).toHaveValue(text);
  } else {
    await expect(page.getByRole('heading', { name: '보낸 내용이 너무 큽니다' })).toBeVisible();
  }
  // Nothing was saved.
  await page.goto(noteUrl);
  await expect(page.locator('h1 .note-state')).toHaveText(stateBefore!);
  await expect(page.getByLabel('책을 읽고 느낀 점')).not.toHaveValue(text);
});

test('a teacher of another academy, or of another class, cannot open an academy-1 note or its image', async ({ page }) => {
  await signIn(page, 'teacher', /\/admin\/dashboard$/);
  await page.goto('/admin/notes?state=COMMENT_COMPLETE');
  // The newest answered note of the teacher's class (the demo month has many, 김하늘's among them).
  const href = await page.locator('table a[href^="/admin/notes/"]').first().getAttribute('href');
  await signOut(page);
  await signIn(page, 'teacher5', /\/admin\/dashboard$/);
  // 초록숲 has not paid this month: its admin pages answer the payment alert before anything is looked up.
  const res = await page.goto(href!);
  expect(res?.status()).toBe(403);
  await expect(page.getByText('이번 달 기본 결제를 해 주세요.')).toBeVisible();
  const image = await page.request.get(`/resources/note-image/${href!.split('/').pop()}`);
  expect(image.status()).toBe(403);
  // A teacher of the same academy who does not teach the student's class finds no such note, nor its image.
  await signOut(page);
  await signIn(page, 'teacher4', /\/admin\/dashboard$/);
  expect((await page.goto(href!))?.status()).toBe(404);
  expect((await page.request.get(`/resources/note-image/${href!.split('/').pop()}`)).status()).toBe(404);
});

test('a note sent back for rewriting puts its book back at the note step on every page', async ({ page }) => {
  // The demo student's note on 이상한 나라의 앨리스 was sent back by the teacher (HOLD).
  await signIn(page, 'student');
  await page.goto('/user/dashboard');
  await expect(page.getByText('선생님이 독서 노트를 다시 써 달라고 했어요.')).toBeVisible();
  await page.getByRole('link', { name: '독서 노트 다시 쓰기' }).click();
  await expect(page).toHaveURL(/\/user\/activity\/readingBook\/note\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('이상한 나라의 앨리스');

  await page.goto('/user/activity');
  const group = (label: string) =>
    page.locator('section.status-group', { has: page.getByRole('heading', { name: new RegExp(`^${label}`) }) });
  await expect(group('독서 노트 작성')).toContainText('이상한 나라의 앨리스');
  await expect(group('완료')).not.toContainText('이상한 나라의 앨리스');
});

test('a teacher and the head comment on the same note at once: the second reads why it was refused', async ({ browser, page }) => {
  const js = test.info().project.name === 'js';
  // A completed demo note of 햇살반 (a comment keeps its state), counted from the oldest so that the notes other
  // tests complete meanwhile do not move it; one per project.
  await signIn(page, 'teacher', /\/admin\/dashboard$/);
  await page.goto('/admin/notes?state=COMMENT_COMPLETE');
  const links = page.locator('table a[href^="/admin/notes/"]');
  const count = await links.count();
  expect(count).toBeGreaterThanOrEqual(2);
  const href = (await links.nth(count - (js ? 1 : 2)).getAttribute('href'))!;

  const headContext = await browser.newContext({ javaScriptEnabled: js });
  const head = await headContext.newPage();
  await signIn(head, 'head', /\/admin\/dashboard$/);
  await gotoReady(head, href);
  await gotoReady(page, href);
  await expect(page.getByRole('navigation', { name: '다른 노트' })).toBeVisible();

  // The teacher comments first, then the head, on the page he opened before.
  await page.getByLabel('선생님 의견').fill('끝까지 잘 정리했어요.');
  await page.getByRole('button', { name: '댓글 남기기' }).click();
  await expect(page.getByText('댓글을 남겼습니다.')).toBeVisible();
  // With JavaScript the saved page's focus is on the flash that says so, not at the top of the page.
  if (js) await expect(page.getByRole('status').filter({ hasText: '댓글을 남겼습니다.' })).toBeFocused();
  await head.getByLabel('선생님 의견').fill('마지막 문단이 좋아요.');
  await head.getByRole('button', { name: '댓글 남기기' }).click();
  await expect(head.getByRole('alert')).toHaveText('다른 사용자가 먼저 처리했습니다. 새로고침한 뒤 다시 확인해 주세요.');
  // What the head typed is still there to send again after a reload.
  await expect(head.getByLabel('선생님 의견')).toHaveValue('마지막 문단이 좋아요.');
  await headContext.close();
});
