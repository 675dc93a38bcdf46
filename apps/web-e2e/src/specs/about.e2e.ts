import { expect, test } from '../support/fixtures';

test.describe('about page', () => {
  test('introduces the dealer with both opening-hour readings kept as the spec gives them', async ({ page, pageProblems }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What Our Customers Say' })).toBeVisible();
    await expect(page.locator('blockquote')).toHaveCount(1);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld.openingHoursSpecification).toEqual([
      expect.objectContaining({ opens: '08:00', closes: '17:00', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] }),
      expect.objectContaining({ opens: '08:00', closes: '13:00', dayOfWeek: ['Saturday'] }),
    ]);
    // The footer keeps its own reading.
    await expect(page.getByRole('contentinfo').getByText('Mon-Sat 8:00 AM to 6:00 PM')).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/about$/);
    expect(pageProblems).toEqual([]);
  });
});
