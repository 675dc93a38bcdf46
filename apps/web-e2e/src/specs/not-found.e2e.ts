import { expect, test } from '../support/fixtures';

test.describe('unknown paths', () => {
  test('an unknown page path shows the 404 page inside the site layout', async ({ page, pageProblems }) => {
    const response = await page.goto('/no/such/page');
    // The server answers 404 with the web app (no "soft 404"); the app shows its not-found page.
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByRole('img', { name: /car stopped at a road sign/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Our Inventory' })).toHaveAttribute('href', '/cars');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // Chromium logs the document's own 404 status as a console error: that one is expected.
    expect(pageProblems.filter((problem) => !/status of 404 .* @ .*\/no\/such\/page$/.test(problem))).toEqual([]);
  });

  test('an unknown API path answers 404 JSON, not the web app', async ({ request }) => {
    const response = await request.get('/api/no-such');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ success: false });
  });
});
