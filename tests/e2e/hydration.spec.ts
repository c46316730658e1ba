import { expect, test } from '@playwright/test';
import { signIn } from './support';

// With JavaScript on, every page must hydrate without an error: a server-only module reaching the browser bundle,
// or markup that differs between server and client, shows up here.
const PAGES: Record<string, string[]> = {
  student: [
    '/user/dashboard',
    '/user/activity',
    '/user/recommend',
    '/user/search?q=%EC%96%B4',
    '/user/jinro',
    '/user/faq',
    '/user/policy',
    '/user/message',
    '/user/inquiry',
    '/user/inquiry/new',
  ],
  head: ['/admin/dashboard', '/admin/message', '/admin/inquiry'],
  super: ['/super/user', '/super/inquiries'],
};

test.describe('hydration @js-only', () => {
  test('the login page hydrates', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/member/login');
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test('typing into the account forms sends nothing before the submit', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    for (const path of ['/member/login', '/member/register/student', '/member/findPassword/student']) {
      await page.goto(path);
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      const inputs = page.locator('form input[type="text"]:visible, form input[type="password"]:visible');
      for (let i = 0; i < Math.min(await inputs.count(), 3); i++) {
        await inputs.nth(i).fill('a');
        await inputs.nth(i).press('Tab');
      }
    }
    expect(posts).toEqual([]);
  });

  test('the teacher’s note review form submits through the page script without an error', async ({ page }) => {
    await signIn(page, 'teacher');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/admin/notes?state=TEACHER_SHOW');
    await page.locator('table a').first().click();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    // An empty comment is refused by the server with the message beside the form; nothing changes.
    await page.getByRole('button', { name: '댓글 남기기' }).click();
    await expect(page.getByText('댓글을 입력해 주세요.')).toBeVisible();
    expect(errors).toEqual([]);
  });

  for (const [account, paths] of Object.entries(PAGES)) {
    test(`${account}'s pages hydrate without errors`, async ({ page }) => {
      await signIn(page, account);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        // Images of later capabilities may 404 while they are being built; scripts must not fail.
        if (m.type() === 'error' && !m.text().includes('Failed to load resource')) errors.push(m.text());
      });
      for (const path of paths) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        expect(errors, path).toEqual([]);
        // One main landmark, the skip link's target.
        await expect(page.locator('main'), path).toHaveCount(1);
        await expect(page.locator('main#main'), path).toHaveCount(1);
      }
    });
  }
});
