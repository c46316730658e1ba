import { expect, test, type Page } from '@playwright/test';
import { gotoReady, signIn } from './support';

// The browser reports its errors to /api/logs (spec §9, app/lib/client-log.ts): uncaught errors and unhandled
// rejections, and an error that reaches an error boundary in the browser (a failed enhancement), at most five
// distinct ones per page load, with the page's path but not its query string. The server answers 204 (its log line
// is checked in tests/db/api.test.ts and client/test/client.test.ts).

type Report = { kind: string; message: string; name?: string; stack?: string; path: string };

/** The reports the page sends, read on their way to the server, with the server's answer. */
async function reportsOf(page: Page) {
  const sent: { report: Report; status: number }[] = [];
  await page.route('**/api/logs', async (route) => {
    const response = await route.fetch();
    sent.push({ report: JSON.parse(route.request().postData() ?? '{}') as Report, status: response.status() });
    await route.fulfill({ response });
  });
  return sent;
}

test.describe('client error reports @js-only', () => {
  test('uncaught errors are reported once each, five at most per page, without the query string', async ({ page }) => {
    const sent = await reportsOf(page);
    await gotoReady(page, '/member/login?redirectTo=/user/hong-gildong');
    await page.evaluate(() => {
      const fail = (message: string) =>
        setTimeout(() => {
          throw new Error(message);
        });
      fail('시험 오류 A');
      fail('시험 오류 A');
      for (let i = 1; i <= 6; i++) fail(`시험 오류 ${i}`);
    });
    await expect.poll(() => sent.length).toBe(5);
    await page.waitForTimeout(1000);
    // The first five distinct errors; beacons are sent at once, so they may reach the server in any order.
    expect(sent.map((s) => s.report.message).sort()).toEqual(
      ['시험 오류 A', '시험 오류 1', '시험 오류 2', '시험 오류 3', '시험 오류 4'].sort(),
    );
    for (const { report, status } of sent) {
      expect(report).toMatchObject({ kind: 'error', name: 'Error', path: '/member/login' });
      expect(JSON.stringify(report)).not.toContain('hong-gildong');
      expect(status).toBe(204);
    }
  });

  test('an unhandled rejection is reported', async ({ page }) => {
    const sent = await reportsOf(page);
    await gotoReady(page, '/member/login');
    await page.evaluate(() => {
      void Promise.reject(new TypeError('시험 거부'));
    });
    await expect
      .poll(() => sent.map((s) => s.report))
      .toEqual([expect.objectContaining({ kind: 'unhandledrejection', name: 'TypeError', message: '시험 거부', path: '/member/login' })]);
  });

  test('a failed client navigation that ends in the error boundary is reported as a failed enhancement', async ({ page }) => {
    const sent = await reportsOf(page);
    await gotoReady(page, '/member/login');
    // The network fails while the page fetches the next page's data.
    await page.route(
      (url) => url.searchParams.has('_data'),
      (route) => route.abort('internetdisconnected'),
    );
    await page.getByRole('link', { name: '아이디 찾기' }).click();
    await expect(page.getByRole('heading', { name: '문제가 발생했습니다' })).toBeVisible();
    await expect.poll(() => sent.map((s) => s.report.kind)).toEqual(['boundary']);
    expect(sent[0].report).toMatchObject({ name: 'TypeError', path: '/member/findId/student' });
    expect(sent[0].status).toBe(204);
  });

  test('an error page the server answered is not reported again (the server logged it)', async ({ page }) => {
    await signIn(page, 'student9');
    const sent = await reportsOf(page);
    const response = await page.goto('/user/activity/readingBook/99999999');
    expect(response?.status()).toBe(404);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeVisible();
    await page.waitForTimeout(1000);
    expect(sent).toEqual([]);
  });
});
