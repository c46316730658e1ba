import { expect, test } from '@playwright/test';
import { gotoReady, signIn } from './support';

// The acceptance as one journey of the head: create a class, add a student to it by hand, import a roster of
// 20 rows into it (2 bad), assign a book to the whole class, and find the new students on the class progress view.
// Everything is new per project and run (class name, login ids), so the demo data and other specs stay as they are.

const runId = () => `${test.info().project.name === 'js' ? 'wj' : 'wn'}${Date.now().toString(36)}`;

function roster(prefix: string, className: string) {
  const lines = ['이름,아이디,학년,반,학부모 연락처,임시 비밀번호'];
  for (let i = 1; i <= 20; i += 1) {
    const loginId = i === 5 ? '' : `${prefix}r${i}`; // row 5 has no login id
    const klass = i === 12 ? '없는반' : className; // row 12 names a class the academy does not have
    lines.push(`주간학생${i},${loginId},초5,${klass},010-6100-${String(1000 + i)},week-pass-${i}`);
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

test('the head runs a week: a class, a student by hand, a roster import, a book for the whole class, the progress', async ({ page }) => {
  const prefix = runId();
  const className = `${prefix}반`;
  await signIn(page, 'head', /\/admin\/dashboard$/);

  // A class the head teaches herself (a class of `teacher` would change what other specs expect him to see).
  await gotoReady(page, '/admin/classes');
  await page.getByLabel('반 이름').fill(className);
  await page.getByRole('checkbox', { name: /송미경/ }).check();
  await page.getByRole('button', { name: '반 만들기' }).click();
  await expect(page).toHaveURL(/\/admin\/classes\/\d+$/);
  const classId = page.url().split('/').pop()!;

  // A student by hand, into the class.
  await gotoReady(page, '/admin/students/new');
  await page.getByLabel('이름').fill('손으로넣은학생');
  await page.getByLabel('아이디').fill(`${prefix}h`);
  await page.getByLabel('학년').selectOption('초5');
  await page.getByLabel('반', { exact: true }).selectOption({ label: className });
  await page.getByLabel('임시 비밀번호').fill('week-pass-hand');
  await page.getByLabel('보호자의 개인정보 수집·이용 동의를 받았습니다.').check();
  await page.getByRole('button', { name: '학생 추가' }).click();
  await expect(page).toHaveURL(/\/admin\/students$/);

  // The roster: the preview names both bad rows; confirming adds 18; the same file again adds none.
  const file = roster(prefix, className);
  const upload = async () => {
    await gotoReady(page, '/admin/students/import');
    await page.getByLabel(/명단 파일/).setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: file });
    await page.getByRole('button', { name: '파일 올리고 확인하기' }).click();
    await expect(page).toHaveURL(/\/admin\/students\/import\/\d+$/);
  };
  await upload();
  await expect(page.getByText('등록할 수 있는 학생 18명', { exact: false })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '주간학생5' })).toContainText('아이디가 없습니다.');
  await expect(page.getByRole('row').filter({ hasText: `${prefix}r12` })).toContainText(
    "'없는반' 반을 찾을 수 없습니다. 운영 중인 반 이름을 적어 주세요.",
  );
  await page.getByLabel('보호자의 개인정보 수집·이용 동의를 받았습니다.').check();
  await page.getByRole('button', { name: '18명 등록하기' }).click();
  await expect(page.getByText('18명을 등록했습니다. 건너뛴 줄 2줄.')).toBeVisible();
  await upload();
  await expect(page.getByText('등록할 수 있는 학생 0명', { exact: false })).toBeVisible();

  // The class now has 19 students (18 imported and 1 by hand).
  await gotoReady(page, `/admin/classes/${classId}`);
  await expect(page.getByText(`${prefix}r20`)).toBeVisible();
  await expect(page.getByText(`${prefix}h`, { exact: true })).toBeVisible();

  // A level-10 book to the whole class, free reading.
  await gotoReady(page, '/admin/assign?level=10');
  const first = page.locator('table input[name="book"]').first();
  const title = (await page.locator(`label[for="${await first.getAttribute('id')}"]`).textContent())!;
  await first.check();
  await page.getByRole('button', { name: '다음: 대상 선택' }).click();
  await page.getByRole('radio', { name: '반 전체' }).check();
  await page.locator('#classId').selectOption({ label: className });
  await page.getByLabel('읽기 방식').selectOption({ label: '자유 읽기' });
  await page.getByRole('button', { name: '다음: 미리 보기' }).click();
  await expect(page.getByText('새로 배정 19건')).toBeVisible();
  await page.getByRole('button', { name: '19건 배정하기' }).click();
  await expect(page.getByText('19명에게 19건을 배정했습니다.')).toBeVisible();

  // The class progress lists the new students with the book; each of them has it once.
  await gotoReady(page, `/admin/progress?classId=${classId}&period=week`);
  const table = page.locator('table.progress-table');
  await expect(table.locator('tbody tr')).toHaveCount(19);
  await expect(table.locator('tbody tr').filter({ hasText: title })).toHaveCount(19);
  await expect(table.getByText(`${prefix}r1`, { exact: true })).toBeVisible();
});
