import { expect, test } from '@playwright/test';
import { gotoReady, signIn } from './support';

// The app's links (app/components/link.tsx): plain <a> elements that the root's click listener turns into client-side
// navigations once the page is hydrated; without JavaScript, ordinary links.
test.describe('links', () => {
  test('a menu link opens its page', async ({ page }) => {
    await signIn(page, 'student');
    await page.goto('/user/dashboard');
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '독서활동' }).click();
    await expect(page).toHaveURL(/\/user\/activity$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '독서활동' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('after hydration a link navigates without loading a new document, and back returns @js-only', async ({ page }) => {
    await signIn(page, 'student');
    await gotoReady(page, '/user/dashboard');
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
    await page.evaluate(() => ((window as unknown as { stay: number }).stay = 1));
    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    await nav.getByRole('link', { name: '독서활동' }).click();
    await expect(page).toHaveURL(/\/user\/activity$/);
    await expect(nav.getByRole('link', { name: '독서활동' })).toHaveAttribute('aria-current', 'page');
    // A book's page from the list of the new page, found by lazy route discovery.
    await page.locator('a.book-title').first().click();
    await expect(page).toHaveURL(/\/user\/activity\/readingBook\/info\/\d+$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/user\/activity$/);
    expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(1);
    expect(documents).toEqual([]);
  });

  test('a modified click is left to the browser @js-only', async ({ page, context }) => {
    await signIn(page, 'student');
    await gotoReady(page, '/user/dashboard');
    const opened = context.waitForEvent('page');
    await page
      .getByRole('navigation', { name: '주 메뉴' })
      .getByRole('link', { name: '독서활동' })
      .click({ modifiers: ['Control'] });
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/user/activity');
    expect(new URL(page.url()).pathname).toBe('/user/dashboard');
  });
});
