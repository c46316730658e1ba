import { expect, test, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234!';

/** Signs in through the login form (works with JavaScript on and off) and waits for the landing page. */
export async function signIn(page: Page, loginId: string, landing?: RegExp) {
  await gotoReady(page, '/member/login');
  await page.getByLabel('아이디', { exact: true }).fill(loginId);
  await page.getByLabel('비밀번호', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  if (landing) await expect(page).toHaveURL(landing);
  else await page.waitForURL((url) => !url.pathname.startsWith('/member/login'));
}

/** The second server of playwright.config.ts: refresh tokens live 605 s, so the extend prompt is due after 5 s. */
export const EXTEND_SERVER_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

/** One account per project, for tests that change an account's state. */
export function perProject<T>(js: T, nojs: T): T {
  return test.info().project.name === 'js' ? js : nojs;
}

/**
 * Opens a page and, with JavaScript, waits until its scripts have loaded and hydrated it: typing into a form before
 * hydration can race React taking over the inputs.
 */
export async function gotoReady(page: Page, path: string) {
  await page.goto(path);
  if (test.info().project.name === 'js') await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/**
 * A link of the header's menu, its group opened first when it sits in one (the operators' menu groups its entries in
 * <details>, area-menus.server.ts).
 */
export async function menuLink(page: Page, label: string) {
  const menu = page.getByRole('navigation', { name: '주 메뉴' });
  // The entry's name is its label, then its count when it has one ("1:1 문의 대기 1건").
  const name = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`);
  const link = menu.getByRole('link', { name });
  if (!(await link.isVisible())) {
    const group = menu.locator('details').filter({ has: page.getByRole('link', { name, includeHidden: true }) });
    await group.locator('summary').click();
  }
  return link;
}
