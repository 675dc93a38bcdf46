import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { adminToken, makeCars, removeCars } from '../support/made-cars';
import { expect, PHONE, test } from '../support/fixtures';

// The 360-degree view (issue 44) on a phone: the layout at risk is the 390 px one (the dialog takes
// the whole screen, the drag must not scroll the page), and a phone is where a buyer drags.
test.use(PHONE);

const FRAMES = 24;

test('a car with a spin set opens its 360-degree view, turned by drag and by the arrow keys', async ({ page, request, pageProblems }, testInfo) => {
  const [car] = await makeCars(request, testInfo, [1_250_000], 'Spin');
  try {
    const headers = { authorization: `Bearer ${await adminToken(request)}` };
    const frames = [];
    for (let i = 0; i < FRAMES; i++) {
      // A frame of its own colour each, as a turning car's frames differ.
      const photo = await sharp({ create: { width: 480, height: 320, channels: 3, background: { r: (i * 10) % 256, g: 90, b: 160 } } })
        .jpeg()
        .toBuffer();
      const upload = await request.post('/api/media/upload', {
        headers,
        multipart: { file: { name: `frame-${String(i).padStart(2, '0')}.jpg`, mimeType: 'image/jpeg', buffer: photo } },
      });
      expect(upload.status(), await upload.text()).toBe(201);
      const { url, public_id: publicId } = (await upload.json()) as { url: string; public_id: string };
      frames.push({ url, publicId });
    }
    const saved = await request.post('/trpc/car.setSpin', { headers, data: { carId: car.id, frames } });
    expect(saved.ok(), await saved.text()).toBe(true);

    await page.goto(`/car/${car.slug}`);
    await page.getByRole('button', { name: 'View in 360°' }).tap();
    const dialog = page.getByRole('dialog', { name: '360-degree view' });
    await expect(dialog).toBeVisible();
    const label = `${car.name} 2017`;
    const frame = (n: number) => dialog.getByRole('img', { name: `${label}, frame ${n} of ${FRAMES}` });
    await expect(frame(1)).toBeVisible();
    await expect.poll(() => frame(1).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // The rest load while the buyer looks.
    await expect(dialog.getByText(`Frame 1 of ${FRAMES}`, { exact: true })).toBeVisible();

    // The open dialog as axe reads it (WCAG 2.1 A and AA).
    const audit = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(audit.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join('; ')}`)).toEqual([]);

    // Keys: the stage has focus when the dialog opens.
    const stage = dialog.getByRole('group', { name: /turn the car/ });
    await expect(stage).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(frame(2)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(frame(FRAMES)).toBeVisible();

    // A drag leftwards across a quarter of the stage turns the car a quarter round (and a bit): 6 frames on.
    const box = await stage.boundingBox();
    if (!box) throw new Error('The stage is not on screen');
    expect(box.width).toBeLessThanOrEqual(390);
    const y = box.y + box.height / 2;
    const x = box.x + box.width * 0.75;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - box.width / 4 - box.width / FRAMES / 2, y, { steps: 8 });
    await page.mouse.up();
    await expect(frame(6)).toBeVisible();

    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await expect(dialog).toBeHidden();
    expect(pageProblems).toEqual([]);
  } finally {
    await removeCars(request, [car]);
  }
});
