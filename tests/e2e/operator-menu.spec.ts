import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

// The operators' menu (area-menus.server.ts): ADMIN1's 16 entries in five groups and 마이페이지, one row of the header
// at 1024 and 1280 px. A group is a <details>: it opens by click or keyboard with or without JavaScript, and every
// entry it holds opens its page. Roles with a short menu (COACH, BRANCH, PRODUCT) keep it flat.

const GROUPS: Record<string, string[]> = {
  '회원·기관': ['회원 관리', '기관 관리', '코치 관리'],
  '도서·콘텐츠': ['도서 관리', '문제 관리', 'FAQ·약관'],
  '결제·정산': ['결제', '정산', '가격'],
  소통: ['공지사항', '1:1 문의', '발송 메시지', '알림톡'],
  운영: ['첨삭', '감사 기록'],
};

const menuOf = (page: Page) => page.getByRole('navigation', { name: '주 메뉴' });

/** The top of each entry of the menu's first level: one value when the menu is one row. */
async function rowTops(page: Page) {
  const boxes = await menuOf(page)
    .locator('ul.nav > li')
    .evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
  return [...new Set(boxes)];
}

for (const width of [1024, 1280]) {
  test(`ADMIN1's menu is one row at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, 'super');
    await page.goto('/super/organisations');
    const menu = menuOf(page);
    await expect(menu.locator('ul.nav > li')).toHaveCount(6);
    await expect(menu.locator('summary')).toHaveText(['회원·기관', '도서·콘텐츠', '결제·정산', /^소통/, '운영']);
    expect(await rowTops(page)).toHaveLength(1);
    await page.screenshot({ path: `/tmp/h33-shots/operator-menu-${width}-${test.info().project.name}.png` });
    await menu.getByText('결제·정산', { exact: true }).click();
    await expect(menu.getByRole('link', { name: '정산', exact: true })).toBeVisible();
    await page.screenshot({ path: `/tmp/h33-shots/operator-menu-${width}-open-${test.info().project.name}.png` });
  });
}

test('every entry of every group opens its page; a group opens from the keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'super');
  await page.goto('/super/organisations');
  const menu = menuOf(page);
  // Opened by the keyboard: Tab to the group's summary, Enter.
  await menu.getByText('회원·기관', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('link', { name: '회원 관리', exact: true })).toBeVisible();
  const hrefs: [string, string][] = [];
  for (const [group, labels] of Object.entries(GROUPS)) {
    const details = menu.locator('details').filter({ has: page.locator('summary', { hasText: group }) });
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    for (const label of labels) {
      const link = details.getByRole('link', { name: new RegExp(`^${label}`) });
      await expect(link).toBeVisible();
      hrefs.push([label, (await link.getAttribute('href'))!]);
    }
  }
  expect(hrefs).toHaveLength(15);
  for (const [label, href] of hrefs) {
    const res = await page.goto(href);
    expect(res?.status(), `${label} ${href}`).toBe(200);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  }
  // The current page's group is marked.
  await page.goto('/super/audit');
  await expect(menu.locator('summary.current')).toHaveText('운영');
  await expect(menu.getByRole('link', { name: '마이페이지', exact: true })).toBeVisible();
});

test('ADMIN2 sees the groups without 감사 기록; short menus stay flat', async ({ browser }) => {
  test.setTimeout(180_000);
  const { baseURL, javaScriptEnabled } = test.info().project.use;
  const menus: Record<string, string[]> = {
    coach: ['첨삭', '공지사항', '마이페이지'],
    branch: ['지사', '공지사항', '마이페이지'],
    product: ['도서 관리', '문제 관리', '공지사항', '마이페이지'],
  };
  for (const [login, labels] of Object.entries(menus)) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled });
    const page = await context.newPage();
    await signIn(page, login);
    const links = menuOf(page).locator('ul.nav > li > a');
    await expect(links).toHaveText(labels);
    await expect(menuOf(page).locator('details')).toHaveCount(0);
    await context.close();
  }
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, 'admin2');
  await page.goto('/super/organisations');
  // 운영 holds only 첨삭 for ADMIN2: a group of one is its entry.
  await expect(menuOf(page).locator('summary')).toHaveText(['회원·기관', '도서·콘텐츠', '결제·정산', /^소통/]);
  await expect(menuOf(page).locator('ul.nav > li > a')).toHaveText(['첨삭', '마이페이지']);
  await expect(menuOf(page).getByRole('link', { name: '감사 기록', includeHidden: true })).toHaveCount(0);
  await context.close();
});
