import sharp from 'sharp';
import { adminToken, makeCars, removeCars } from '../support/made-cars';
import { expect, PHONE, test } from '../support/fixtures';

// The inspection report (issue 44) read on a phone with JavaScript off: the server writes it with the
// page, and its areas open with the browser's own <details>, so it needs no script at all.
test.use(PHONE);

test('a car with an inspection shows its report without JavaScript; a car without one says nothing', async ({ browser, request }, testInfo) => {
  const [inspected, plain] = await makeCars(request, testInfo, [1_350_000, 1_150_000], 'Inspected');
  try {
    const headers = { authorization: `Bearer ${await adminToken(request)}` };
    const photo = await sharp({ create: { width: 480, height: 320, channels: 3, background: { r: 120, g: 60, b: 40 } } })
      .jpeg()
      .toBuffer();
    const upload = await request.post('/api/media/upload', { headers, multipart: { file: { name: 'pads.jpg', mimeType: 'image/jpeg', buffer: photo } } });
    expect(upload.status(), await upload.text()).toBe(201);
    const { url, public_id: publicId } = (await upload.json()) as { url: string; public_id: string };
    // The pre-shipment certificate, a PDF, made public.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const certificate = await request.post('/api/inspection-certificates', { headers, multipart: { file: { name: 'PSI.pdf', mimeType: 'application/pdf', buffer: pdf } } });
    expect(certificate.status(), await certificate.text()).toBe(201);
    const certificateId = ((await certificate.json()) as { id: string }).id;
    const inForce = await request.get(`/trpc/inspection.checklistInForce?input=${encodeURIComponent(JSON.stringify({ on: '2026-11-15' }))}`, { headers });
    expect(inForce.ok(), await inForce.text()).toBe(true);
    const checklistId = ((await inForce.json()) as { result: { data: { id: string } } }).result.data.id;
    const recorded = await request.post('/trpc/inspection.record', {
      headers,
      data: {
        carId: inspected.id,
        checklistId,
        inspectedOn: '2026-11-15',
        inspector: 'Juma Otieno',
        odometerKm: 83_400,
        // Front and rear pads (Brakes) and "Car tracks straight" (Road test) in the seeded checklist.
        results: [
          { point: 55, status: 'attention', note: 'Front pads at 30%', photo: { url, publicId } },
          { point: 56, status: 'attention' },
          { point: 140, status: 'attention', note: 'Slight pull to the left' },
        ],
        auctionGrade: '4.5',
        auctionInteriorGrade: 'B',
        exportCertificateKm: 83_000,
        certificateId,
        certificatePublic: true,
      },
    });
    expect(recorded.ok(), await recorded.text()).toBe(true);

    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/car/${inspected.slug}`);
    const report = page.getByRole('region', { name: '150-point inspection' });
    await expect(report.getByText('147 passed, 3 need attention')).toBeVisible();
    await expect(report.getByText('Inspected on 15 November 2026 at 83,400 km')).toBeVisible();
    await expect(report.getByText('4.5 (interior B)')).toBeVisible();
    await expect(report.getByText('83,000 km')).toBeVisible();
    await expect(report.getByText(/Brakes, Front pad thickness\. Front pads at 30%/)).toBeVisible();
    await expect(report.getByRole('img', { name: 'Photo: Front pad thickness' })).toBeVisible();
    const download = report.getByRole('link', { name: 'Download the certificate (PDF, 1 KB)' });
    expect((await request.get((await download.getAttribute('href')) ?? '')).headers()['content-type']).toBe('application/pdf');
    // Search engines read the report's facts on the car's node (schema.org has no inspection type).
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).flatMap((text) => [JSON.parse(text) as Record<string, unknown>].flat());
    const carId = jsonLd.find((block) => block['@type'] === 'Car' && 'offers' in block)?.['@id'];
    expect(jsonLd.find((block) => block['@id'] === carId && 'additionalProperty' in block)?.['additionalProperty']).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: '150-point inspection', value: '147 passed, 3 need attention' })]),
    );
    // An area opens without the page's code.
    const brakes = report.locator('details', { has: page.locator('summary', { hasText: 'Brakes' }) });
    await expect(brakes.getByText('Front discs free of scoring')).toBeHidden();
    await brakes.locator('summary').click();
    await expect(brakes.getByText('Front discs free of scoring')).toBeVisible();
    // Within the phone's width.
    const box = await report.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);

    await page.goto(`/car/${plain.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/point inspection/)).toHaveCount(0);
    await context.close();
  } finally {
    await removeCars(request, [inspected, plain]);
  }
});
