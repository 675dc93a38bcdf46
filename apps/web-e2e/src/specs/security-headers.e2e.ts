import { expect, latestCars, test } from '../support/fixtures';

test.describe('Content-Security-Policy', () => {
  test('the page allows styles by a fresh nonce, and every style element Mantine adds carries it', async ({ page, pageProblems }) => {
    const response = await page.goto('/');
    const policy = response?.headers()['content-security-policy'] ?? '';
    // Scripts from our origin, and the one inline script (early-taps.js) by its hash: nothing else.
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';/);
    // The one allowance: style attributes (Mantine's CSS variables in server-rendered markup).
    expect(policy.replace("style-src-attr 'unsafe-inline'", '')).not.toContain('unsafe');
    expect(policy).toContain("style-src-attr 'unsafe-inline'");
    const nonce = /style-src 'self' 'nonce-([A-Za-z0-9_-]+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    await expect(latestCars(page).getByRole('article').first()).toBeVisible();

    const styles = await page
      .locator('style')
      .evaluateAll((elements) =>
        elements.map((element) => ({ nonce: (element as HTMLStyleElement).nonce, mantine: element.hasAttribute('data-mantine-styles') })),
      );
    expect(styles.filter((style) => style.mantine).length).toBeGreaterThan(0);
    // The server's inline CSS (no render-blocking stylesheet) carries it too.
    expect(styles.filter((style) => !style.mantine).length).toBeGreaterThan(0);
    expect(styles.map((style) => style.nonce)).toEqual(styles.map(() => nonce));

    const again = await page.reload();
    expect(again?.headers()['content-security-policy']).not.toContain(`'nonce-${nonce}'`);
    expect(pageProblems).toEqual([]);
  });

  test('a style or script the policy does not allow is refused and reported', async ({ page, cspViolations }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { outline: 3px solid red; }';
      document.head.append(style);
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
    });
    await expect.poll(() => cspViolations.join('\n')).toMatch(/style-src-elem blocked inline/);
    await expect.poll(() => cspViolations.join('\n')).toMatch(/script-src-elem blocked inline/);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    // Provoked on purpose: the automatic check after the test must not fail it.
    cspViolations.splice(0);
  });
});
