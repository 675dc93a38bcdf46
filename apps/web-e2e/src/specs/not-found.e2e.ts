import { expect, test } from '../support/fixtures';

test.describe('unknown paths', () => {
  test('an unknown page path shows the 404 page inside the site layout', async ({ page, pageProblems }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Our Inventory' })).toHaveAttribute('href', '/cars');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    expect(pageProblems).toEqual([]);
  });

  test('an unknown API path answers 404 JSON, not the web app', async ({ request }) => {
    const response = await request.get('/api/no-such');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ success: false });
  });
});
