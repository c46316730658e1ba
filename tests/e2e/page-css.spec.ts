import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInCookie } from '../../scripts/lib/page-weight';

// docs/decisions/028, "Stylesheet": a page inlines only the part of the stylesheet that can apply to it and links
// none, and nothing may look different for it. Every element's computed style (with its ::before and ::after) under the
// inlined part alone must equal the one with the whole sheet added after it (the page as it was when it linked the
// sheet), on a wide and a narrow screen. The page's scripts are held back, so this is the first paint, and the page
// without JavaScript. GET requests only.

const wholeSheet = `/build/_assets/${fs.readdirSync('public/build/_assets').find((f) => /^app-[\w-]+\.css$/.test(f))}`;

const snapshot = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const name = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.documentElement; e = e.parentElement) {
        const cls = typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\s+/).join('.') : '';
        parts.unshift(e.tagName.toLowerCase() + cls);
      }
      return parts.join(' > ');
    };
    for (const el of [document.body, ...document.body.querySelectorAll('*')]) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(el, pseudo);
        let line = '';
        for (let i = 0; i < style.length; i++) line += `${style[i]}:${style.getPropertyValue(style[i])};`;
        out.push(`${name(el)}${pseudo ?? ''} { ${line} }`);
      }
    }
    return out;
  });

async function looksTheSame(page: Page, path: string) {
  await page.route('**/build/**/*.js', (route) => route.abort());
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Lazy covers near the fold load some time after the document: both snapshots must see them in the same state.
    const res = await page.goto(path, { waitUntil: 'networkidle' });
    expect(res?.status(), path).toBe(200);
    expect(await page.locator('link[rel="stylesheet"]').count(), `${path} links no stylesheet`).toBe(0);
    expect((await page.locator('style#page-css').textContent())?.length ?? 0, `${path} inlines its part`).toBeGreaterThan(1000);
    const inlined = await snapshot(page);
    await page.evaluate(
      (href) =>
        new Promise<void>((resolve, reject) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = href;
          link.onload = () => resolve();
          link.onerror = () => reject(new Error(`${href} did not load`));
          document.head.append(link);
        }),
      wholeSheet,
    );
    const whole = await snapshot(page);
    expect(whole.length, path).toBe(inlined.length);
    const differences = inlined.flatMap((line, i) => {
      if (line === whole[i]) return [];
      const [element, declarations] = line.split(' { ');
      const wanted = new Set(whole[i].split(' { ')[1].split(';'));
      return [
        `${element}: ${declarations
          .split(';')
          .filter((d) => !wanted.has(d))
          .join('; ')}`,
      ];
    });
    expect(differences.slice(0, 3), `${path} at ${width}px: ${differences.length} differences`).toEqual([]);
  }
}

async function signIn(page: Page, baseURL: string, loginId: string) {
  const [name, value] = (await signInCookie(baseURL, loginId)).split(/=(.*)/s);
  await page.context().addCookies([{ name, value, url: baseURL }]);
}

// One test per page (each compares thousands of computed styles twice, which takes its time on a busy machine). Besides
// the goal's pages: the pages whose classes are built at run time (`badge status-${…}`, `badge payment-status-${…}`),
// tables, a form with select and textarea, and the markdown of the policies and the notices.
test.describe('a page inlines the part of the stylesheet it needs and looks the same @js-only', () => {
  test.describe.configure({ timeout: 120_000 });
  for (const path of ['/landing', '/landing/faq', '/landing/policy/privacy', '/member/login', '/member/register/student']) {
    test(path, async ({ page }) => {
      await looksTheSame(page, path);
    });
  }

  /** The student's current book and the first book in a status, from the API. */
  async function studentBooks(page: Page, baseURL: string, request: APIRequestContext) {
    await signIn(page, baseURL, 'student');
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const activity = await request.get('/api/user/activity', { headers: { Cookie: cookie } });
    const { data } = (await activity.json()) as {
      data: { currentResultBookId: number; resultList: { resultBookId: number; status: number }[] };
    };
    return { current: data.currentResultBookId, first: (status: number) => data.resultList.find((b) => b.status === status)!.resultBookId };
  }
  const studentPages: [string, (b: Awaited<ReturnType<typeof studentBooks>>) => string][] = [
    ['/user/dashboard', () => '/user/dashboard'],
    ['/user/activity', () => '/user/activity'],
    ['the reading page', (b) => `/user/activity/readingBook/${b.current}`],
    ['the note page', (b) => `/user/activity/readingBook/note/${b.first(40)}`],
    ['/user/note/list', () => '/user/note/list'],
    ['/user/search', () => '/user/search'],
    // The score chart's medals: `medal ${medal.toLowerCase()}`.
    ['/user/activity/readingBook/analysis', () => '/user/activity/readingBook/analysis'],
  ];
  for (const [name, path] of studentPages) {
    test(`the student's ${name}`, async ({ page, baseURL, request }) => {
      await looksTheSame(page, path(await studentBooks(page, baseURL!, request)));
    });
  }

  test("the student's notice (markdown)", async ({ page, baseURL }) => {
    await signIn(page, baseURL!, 'student');
    await page.goto('/user/notices');
    const href = await page.locator('main a[href^="/user/notices/"]').first().getAttribute('href');
    expect(href, 'a notice in the demo data').toMatch(/^\/user\/notices\/\d+/);
    await looksTheSame(page, href!);
  });

  for (const [loginId, path] of [
    ['head', '/admin/dashboard'],
    ['head', '/admin/progress'],
    ['head', '/admin/students'],
    ['super', '/super/user'],
    ['super', '/super/payments'],
  ]) {
    test(`${path} (${loginId})`, async ({ page, baseURL }) => {
      await signIn(page, baseURL!, loginId);
      await looksTheSame(page, path);
    });
  }
});

// Once a page has hydrated it links the whole sheet (non-blocking: the page is painted), so a page reached by
// client-side navigation has every rule: signing in moves from the login page's part to the student's home
// (the login page's part stays in the document: the footer's rules come from the linked sheet).
test('after hydrating, the whole sheet is linked and a page reached by navigation is styled @js-only', async ({ page }) => {
  await page.goto('/member/login');
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await expect(page.locator(`link[rel="stylesheet"][href="${wholeSheet}"]`)).toHaveCount(1);
  await expect.poll(() => page.evaluate((href) => [...document.styleSheets].some((s) => s.href?.endsWith(href)), wholeSheet)).toBe(true);
  await page.getByLabel('아이디', { exact: true }).fill('student');
  await page.getByLabel('비밀번호', { exact: true }).fill('demo1234!');
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/activity$/);
  // The signed-in header's role badge: the login page has none, so its part has no rule for it.
  expect(await page.locator('style#page-css').textContent()).not.toMatch(/(^|\})\.badge\{/);
  const badge = page.locator('.site-header .account .badge');
  await expect(badge).toBeVisible();
  expect(await badge.evaluate((el) => getComputedStyle(el).borderRadius)).toBe('999px');
});
