import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

// The academies' menu (area-menus.server.ts, decision 047): a head's 13 entries in three groups (학생·반, 독서 지도, 소통)
// between 대시보드 and 결제 · 마이페이지, one row of the header at 1280 and 1024 px, with or without JavaScript. Each group
// is the operators' <details>: it opens by click, and its entries open their pages.

const menuOf = (page: Page) => page.getByRole('navigation', { name: '주 메뉴' });

/** The rows of the header: the distinct tops of the menu's first-level entries, and whether the header is one row high. */
async function headerRows(page: Page) {
  const tops = await menuOf(page)
    .locator('ul.nav > li')
    .evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
  // One row of the header (brand, menu, account side by side) is its 64 px; a second row would add about 40.
  const height = (await page.locator('.site-header').boundingBox())!.height;
  return new Set(tops).size === 1 && height < 80 ? 1 : 2;
}

for (const width of [1280, 1024]) {
  test(`a head's menu is one row of the header at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, 'head', /\/admin\/dashboard$/);
    const menu = menuOf(page);
    await expect(menu.locator('ul.nav > li')).toHaveCount(6);
    await expect(menu.locator('summary')).toHaveText(['학생·반', '독서 지도', /^소통/]);
    await expect(menu.locator('ul.nav > li > a')).toHaveText(['대시보드', '결제', '마이페이지']);
    expect(await headerRows(page)).toBe(1);
    await page.screenshot({ path: `/tmp/h33-shots/head-menu-${width}-${test.info().project.name}.png` });
    await menu.locator('summary', { hasText: '독서 지도' }).click();
    await expect(menu.getByRole('link', { name: '학습 현황', exact: true })).toBeVisible();
    await page.screenshot({ path: `/tmp/h33-shots/head-menu-${width}-open-${test.info().project.name}.png` });
    await menu.getByRole('link', { name: '학습 현황', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/progress$/);
    await expect(menu.locator('summary.current')).toHaveText('독서 지도');
  });
}

test("a teacher's menu is one row at 1024 px and every entry opens its page", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 800 });
  await signIn(page, 'teacher', /\/admin\/dashboard$/);
  const menu = menuOf(page);
  await expect(menu.locator('summary')).toHaveText(['학생·반', '독서 지도', /^소통/]);
  await expect(menu.locator('ul.nav > li > a')).toHaveText(['대시보드', '마이페이지']);
  expect(await headerRows(page)).toBe(1);
  const hrefs: string[] = [];
  for (const group of ['학생·반', '독서 지도', '소통']) {
    const details = menu.locator('details').filter({ has: page.locator('summary', { hasText: group }) });
    await details.locator('summary').click();
    const links = details.getByRole('link');
    await expect(links.first()).toBeVisible();
    hrefs.push(...(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))));
    await details.locator('summary').click();
  }
  expect(hrefs).toEqual([
    '/admin/classes',
    '/admin/students',
    '/admin/assign',
    '/admin/progress',
    '/admin/notes',
    '/admin/notices',
    '/talk',
    '/admin/message',
    '/admin/inquiry',
  ]);
  for (const href of hrefs) {
    const res = await page.goto(href);
    expect(res?.status(), href).toBe(200);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  }
});
