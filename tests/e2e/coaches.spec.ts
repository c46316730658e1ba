import { expect, test, type Page } from '@playwright/test';
import { gotoReady, menuLink, perProject, signIn } from './support';

// The coaches' load and reassignment (issue 12): `super` sees each coach's waiting notes on /super/coaches and moves
// a demo note waiting for its correction, first back to unassigned (the coach sees it among the unassigned notes),
// then to 첨삭코치2 (it leaves the coach's queue). Each project moves its own demo note, one no other spec uses:
// student6's (강예린, js) and student4's (최서연, nojs).

async function signOut(page: Page) {
  await page.context().clearCookies();
}

async function moveNote(page: Page, student: string, to: string) {
  await gotoReady(page, '/super/coaches');
  const row = page
    .locator('section', { has: page.getByRole('heading', { name: '첨삭 대기 노트' }) })
    .getByRole('row')
    .filter({ hasText: student });
  await expect(row).toHaveCount(1);
  await row.getByLabel(/노트를 넘길 코치$/).selectOption({ label: to });
  await row.getByRole('button', { name: '넘기기' }).click();
  await expect(page).toHaveURL(/\/super\/coaches$/);
}

test('super sees the load per coach and moves a waiting note; the coach sees it come and go', async ({ page }) => {
  test.setTimeout(60_000);
  const student = perProject('강예린', '최서연');

  await signIn(page, 'super', /\/super\/user$/);
  await (await menuLink(page, '코치 관리')).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('코치 관리');
  const load = page.getByRole('table', { name: '코치별 대기 노트와 첨삭 완료 수' });
  for (const coach of ['첨삭코치 (coach)', '첨삭코치2 (coach2)', '미배정'])
    await expect(load.getByRole('rowheader', { name: coach, exact: true })).toHaveCount(1);
  await expect(
    load
      .getByRole('row')
      .filter({ hasText: '(coach2)' })
      .getByRole('link', { name: /대기 노트 \d+편 보기/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: /첨삭 완료$/ })).toBeVisible();

  // Back to unassigned: every coach may take it now.
  await moveNote(page, student, '미배정');
  await expect(page.getByRole('status').filter({ hasText: '노트를 미배정으로 돌렸습니다.' })).toHaveText(
    new RegExp(`^${student} 학생의 『.+』 노트를 미배정으로 돌렸습니다. 어느 코치나 첨삭할 수 있습니다.$`),
  );
  // The list filtered to the unassigned notes shows it, with the filter in the address.
  await page.getByRole('combobox', { name: /^코치/ }).selectOption({ label: '미배정' });
  await page.getByRole('button', { name: '보기' }).first().click();
  await expect(page).toHaveURL(/coach=none/);
  await expect(page.getByRole('row').filter({ hasText: student })).toHaveCount(1);

  await signOut(page);
  await signIn(page, 'coach', /\/super\/coach\/sharpening$/);
  const unassigned = page.locator('section', { has: page.getByRole('heading', { name: '아직 배정되지 않은 노트' }) });
  await expect(unassigned.getByRole('row').filter({ hasText: student })).toHaveCount(1);
  // The coach cannot open the coaches' page: the guard sends them to their queue.
  await page.goto('/super/coaches');
  await expect(page).toHaveURL(/\/super\/coach\/sharpening$/);

  // To 첨삭코치2: it leaves the coach's queue.
  await signOut(page);
  await signIn(page, 'super', /\/super\/user$/);
  await moveNote(page, student, '첨삭코치2');
  await expect(page.getByRole('status').filter({ hasText: '코치에게 넘겼습니다.' })).toHaveText(
    new RegExp(`^${student} 학생의 『.+』 노트를 첨삭코치2 코치에게 넘겼습니다.$`),
  );
  await expect(
    page
      .locator('section', { has: page.getByRole('heading', { name: '첨삭 대기 노트' }) })
      .getByRole('row')
      .filter({ hasText: student }),
  ).toContainText('첨삭코치2');

  await signOut(page);
  await signIn(page, 'coach', /\/super\/coach\/sharpening$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('첨삭 대기열');
  await expect(page.getByRole('main').getByRole('row').filter({ hasText: student })).toHaveCount(0);

  await signOut(page);
  await signIn(page, 'coach2', /\/super\/coach\/sharpening$/);
  const mine = page.locator('section', { has: page.getByRole('heading', { name: '나에게 배정된 노트' }) });
  await expect(mine.getByRole('row').filter({ hasText: student })).toHaveCount(1);
});
