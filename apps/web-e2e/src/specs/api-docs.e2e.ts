import { expect, test } from '../support/fixtures';

// The REST contract's readable page: Swagger UI on /api/openapi.json, under the site's strict CSP
// (the fixtures fail any test during which Chromium reports a violation).
test.describe('/api/docs', () => {
  test('lists every REST route of /api/openapi.json, with no CSP violation or console error', async ({ context, request }) => {
    const document = (await (await request.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.length).toBeGreaterThan(30);

    // A page of its own: the fixtures' `page` waits for the web app, which this page is not.
    const docs = await context.newPage();
    const problems: string[] = [];
    docs.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    docs.on('pageerror', (error) => problems.push(error.message));
    await docs.goto('/api/docs');
    await expect(docs.getByRole('heading', { name: /dealership REST API/ })).toBeVisible();
    const listed = docs.locator('.opblock-summary');
    await expect(listed).toHaveCount(operations.length);
    const shown = await listed.evaluateAll((blocks) =>
      blocks.map(
        (block) => `${block.querySelector('.opblock-summary-method')?.textContent} ${block.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
      ),
    );
    expect(shown.sort()).toEqual(operations.sort());

    // An operation opens on its answers, the legacy shapes among them.
    await docs.locator('.opblock-summary-path[data-path="/api/car/getCarById-car/{slug}"]').click();
    await expect(docs.locator('.responses-table .response[data-code="404"]').first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});
