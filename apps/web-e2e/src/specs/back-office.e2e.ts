import type { Locator, Page, TestInfo } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { E2E_ADMIN, submitLogin } from '../support/account';
import { escapeRegExp } from '../support/api';
import { choose } from '../support/car-form';
import { amount } from '../support/catalogue';
import { atWidths, DESKTOP, expect, PHONE, test } from '../support/fixtures';

/*
 * The dealer runs the catalogue from the browser (issue 10), on a laptop and on a phone: a brand
 * with a logo, a car with two pictures through the create form's checks in spec §5's order, the
 * car on the public site, a price change, a picture removed, the car deleted through the dialog,
 * then the brand edited and deleted. Real server, real database, real uploads.
 */

let pictures: string;
const picture = (name: string) => join(pictures, name);

/** A photo-like JPEG of `width` x `height` with a label, so each picture is told apart. */
async function writeJpeg(path: string, color: string, label: string, width = 1600, height = 1000): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${color}"/><text x="80" y="${height / 2}" font-size="160" font-family="sans-serif" fill="white">${label}</text></svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(path);
}

test.beforeAll(async () => {
  pictures = mkdtempSync(join(tmpdir(), 'e2e-admin-'));
  await writeJpeg(picture('front.jpg'), '#8a1c1c', 'FRONT');
  await writeJpeg(picture('side.jpg'), '#1c4f8a', 'SIDE');
  const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><circle cx="128" cy="128" r="120" fill="#c8102e"/></svg>`;
  await sharp(Buffer.from(logo)).png().toFile(picture('logo.png'));
});

test.afterAll(() => rmSync(pictures, { recursive: true, force: true }));

/** A name no other test or viewport uses: every test shares one database. */
const unique = (testInfo: TestInfo, label: string) => `${label} ${testInfo.project.name} ${Date.now().toString(36)}`;

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/$/);
}

/** A toast of the given text (Mantine notifications are `alert`s). */
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** The file input behind a drop area named `label`. */
const fileInput = (page: Page, label: string) => page.getByLabel(label, { exact: true }).and(page.locator('input[type=file]'));

/** Waits until every picked picture has uploaded. */
async function uploadsSettled(page: Page): Promise<void> {
  await expect(page.getByText('Uploading Images. Please Wait...')).toBeHidden({ timeout: 20_000 });
}

function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}`)).and(scope.locator('input, textarea'));
}

/** Presses Create Car and expects the form to stop at `message` (a toast, nothing sent). */
async function expectStopsAt(page: Page, message: string): Promise<void> {
  await page.getByRole('button', { name: 'Create Car', exact: true }).click();
  await expect(toast(page, message)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/admin\/create-product$/);
}

test.describe('back office: the catalogue', () => {
  test('an admin creates a brand and a car, sees it on the site, updates and deletes it, then edits and deletes the brand', async ({
    page,
    pageProblems,
  }, testInfo) => {
    test.setTimeout(120_000);
    const brandName = unique(testInfo, 'Maz');
    const carName = unique(testInfo, 'Maz CX-5');
    await signInAsAdmin(page);

    // Create Brand: the checks in order, then the logo.
    await page.goto('/dashboard/admin/create-brand');
    const brandForm = page.getByRole('form', { name: 'Create Brand' });
    await brandForm.getByRole('button', { name: 'Create Brand' }).click();
    await expect(toast(page, 'Brand name is required')).toBeVisible();
    await field(brandForm, 'Brand Name').fill(brandName);
    await brandForm.getByRole('button', { name: 'Create Brand' }).click();
    await expect(toast(page, 'Please upload Brand Image')).toBeVisible();
    await fileInput(page, 'Brand Image').setInputFiles(picture('logo.png'));
    await uploadsSettled(page);
    await brandForm.getByRole('button', { name: 'Create Brand' }).click();
    await expect(toast(page, 'Brand Created Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/admin\/allbrands$/);
    await expect(page.getByRole('row').filter({ hasText: brandName })).toBeVisible();

    // Create Car: every check of spec §5 in its order, each stopping the submit.
    await page.goto('/dashboard/admin/create-product');
    await expect(page.getByText('The brand cannot be changed once allocated.')).toBeVisible();
    await expectStopsAt(page, 'Car Brand is required');
    await choose(page, 'Car Brand', brandName);
    await expectStopsAt(page, 'Please Provide atleast one Image');
    await fileInput(page, 'Car Images').setInputFiles([picture('front.jpg'), picture('side.jpg')]);
    await uploadsSettled(page);
    await expect(page.getByRole('listitem', { name: 'Picture 1, main picture' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Picture 2' })).toBeVisible();
    // Drag the side view to the front with the keyboard (focus the handle, Space, arrow, Space).
    const announced = page.locator('[id^="DndLiveRegion"]');
    await page.getByRole('button', { name: 'Drag to reorder side.jpg' }).focus();
    await page.keyboard.press('Space');
    await expect(announced).toHaveText('side.jpg is over position 2.');
    await page.keyboard.press('ArrowLeft');
    await expect(announced).toHaveText('side.jpg is over position 1, the main picture.');
    await page.keyboard.press('Space');
    await expect(announced).toHaveText('side.jpg dropped at position 1, the main picture.');
    await expect(page.getByRole('listitem', { name: 'Picture 1, main picture' }).getByRole('button', { name: 'Drag to reorder side.jpg' })).toBeVisible();
    await expectStopsAt(page, 'Car name is required');
    await field(page, 'Car Name').fill(carName);
    await expectStopsAt(page, 'Price is required');
    await field(page, 'Car Price').fill('3450000');
    await choose(page, 'Body Type', 'SUV');
    await expectStopsAt(page, 'FuelType is required');
    await choose(page, 'Fuel Type', 'Petrol');
    await expectStopsAt(page, 'Transmission is required');
    await choose(page, 'Transmission Type', 'Automatic');
    await expectStopsAt(page, 'Engine Size is required');
    await field(page, 'Engine Size').fill('2500');
    await expectStopsAt(page, 'Mileage is required');
    await field(page, 'Car Mileage').fill('42000');
    await expectStopsAt(page, 'Year of manufucture is required');
    await field(page, 'Year of Manufacture').fill('2019');
    await expectStopsAt(page, 'Drive is required');
    await choose(page, 'Drive Type', '4 WD');
    await expectStopsAt(page, 'Description is required');
    await field(page, 'Car Description').fill('Clean, one owner, full service history in Mombasa.');
    await page.getByRole('button', { name: 'Create Car', exact: true }).click();
    await expect(toast(page, 'Car Created Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/admin\/cars/);

    // The new car heads the list (newest first), and its View link leads to the public page.
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(carName);
    await expect(page).toHaveURL(/search=/);
    const card = page.getByRole('article', { name: carName });
    await expect(card).toBeVisible();
    await expect(card.getByText(`sh. ${amount(3_450_000)}`)).toBeVisible();
    const publicPath = await card.getByRole('link', { name: `View ${carName}` }).getAttribute('href');
    expect(publicPath).toMatch(/^\/car\/[a-z0-9-]+$/);

    await page.goto(publicPath as string);
    await expect(page.getByRole('heading', { level: 1, name: carName })).toBeVisible();
    await expect(page.getByText(`KES ${amount(3_450_000)}`, { exact: true })).toBeVisible();
    const mainPicture = page.getByRole('img', { name: `${carName}, photo 1 of 2` });
    await expect(mainPicture).toBeVisible();
    await expect.poll(() => mainPicture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The picture dragged to the front is the main one: the blue side view, not the red front.
    const corner = await mainPicture.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 8;
      canvas.height = 8;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(img, 0, 0, 8, 8);
      const [red, green, blue] = context.getImageData(1, 1, 1, 1).data;
      return { red, green, blue };
    });
    expect(corner.blue).toBeGreaterThan(corner.red);

    // Update: a new price, one picture removed.
    await page.goto(`/dashboard/admin/cars?search=${encodeURIComponent(carName)}`);
    await page.getByRole('link', { name: `Update ${carName}` }).click();
    await expect(page.getByRole('button', { name: 'Update Car' })).toBeVisible();
    await expect(field(page, 'Car Name')).toHaveValue(carName);
    await field(page, 'Car Price').fill('3300000');
    await page.getByRole('button', { name: 'Remove picture 2' }).click();
    await expect(toast(page, 'Image deleted')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Picture 2' })).toHaveCount(0);
    // The edited price survives the car's reload after the picture went.
    await expect(field(page, 'Car Price')).toHaveValue(/3,?300,?000/);
    await page.getByRole('button', { name: 'Update Car' }).click();
    await expect(toast(page, 'Car Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/admin\/cars/);

    await page.goto(publicPath as string);
    await expect(page.getByText(`KES ${amount(3_300_000)}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: `${carName}, photo 1 of 1` })).toBeVisible();
    // The cut is told on the car's page, and the back office keeps who made it.
    await expect(page.getByText(/^Reduced by KES 150,000 on \d{1,2} [A-Z][a-z]{2}$/)).toBeVisible();
    await page.goto(`/dashboard/admin/car/${(publicPath as string).split('/').pop()}`);
    const history = page.getByRole('region', { name: 'Price history' }).getByRole('table');
    await expect(history.getByRole('row').nth(1)).toContainText(`KES ${amount(3_450_000)}`);
    await expect(history.getByRole('row').nth(1)).toContainText(`KES ${amount(3_300_000)}`);

    // Delete through the dialog, with the spec's words.
    await page.goto(`/dashboard/admin/cars?search=${encodeURIComponent(carName)}`);
    await page.getByRole('button', { name: `Delete ${carName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await expect(dialog.getByText('Are you sure you want to delete this car? This action cannot be undone.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: carName })).toBeVisible();
    await page.getByRole('button', { name: `Delete ${carName}` }).click();
    await page.getByRole('dialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Car Deleted Successfully')).toBeVisible();
    await expect(page.getByRole('article', { name: carName })).toHaveCount(0);
    const gone = await page.request.get(publicPath as string);
    expect(gone.status()).toBe(404);

    // The brand: renamed in the edit modal, then deleted after the warning.
    const renamed = `${brandName} Motors`;
    await page.goto('/dashboard/admin/allbrands');
    await page.getByRole('button', { name: `Edit ${brandName}` }).click();
    const editor = page.getByRole('dialog', { name: new RegExp(`^Edit Brand`) });
    await expect(editor.getByText('Change this Image').first()).toBeVisible();
    await field(editor, 'Brand Name').fill(renamed);
    await editor.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Brand Updated Successfully')).toBeVisible();
    await expect(editor).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: renamed })).toBeVisible();

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const warning = page.getByRole('dialog', { name: new RegExp(`^Delete Brand`) });
    await expect(warning.getByText(/can no longer be found by searching or filtering by brand/)).toBeVisible();
    await expect(warning.getByText(/use Edit instead/)).toBeVisible();
    await warning.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Brand Deleted Successfully')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);

    // Every write above is in the activity log, newest first, with who did it.
    await page.goto('/dashboard/admin/activity?entity=car');
    const carEvents = page.getByRole('row').filter({ hasText: carName });
    for (const action of ['Deleted', 'Updated', 'Picture removed', 'Created']) {
      await expect(carEvents.filter({ hasText: action }).first()).toBeVisible();
    }
    await expect(carEvents.first()).toContainText('Deleted');

    expect(pageProblems.filter((problem) => !/status of 404/.test(problem))).toEqual([]);
  });

  atWidths({ desktop: DESKTOP, phone: PHONE }, () => {
    test('every admin screen fits the screen: nothing scrolls the page sideways, tables scroll in their box', async ({ page, pageProblems }) => {
      // A dozen screens: about 17 s on a quiet machine.
      test.setTimeout(60_000);
      await signInAsAdmin(page);
      for (const path of [
        '/dashboard/admin',
        '/dashboard/admin/allbrands',
        '/dashboard/admin/cars',
        '/dashboard/admin/create-brand',
        '/dashboard/admin/create-product',
        '/dashboard/admin/activity',
        '/dashboard/admin/testimonials',
        '/dashboard/admin/leads',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('.mantine-Skeleton-root, [aria-busy="true"]')).toHaveCount(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
      }
      expect(pageProblems).toEqual([]);
    });
  });
});
