import { submitLogin } from '../support/account';
import { expect, test } from '../support/fixtures';
import { asOwner, withSalespersonOnDuty } from '../support/sales-staff';

/*
 * Leads that belong to someone (issue 28): a buyer's request goes at once to the salesperson on
 * duty, who finds it in their inbox, logs a call and a note on its timeline, and sees how fast
 * they answered.
 */
test("a buyer's lead goes to the salesperson, who logs a call and a note; the first response shows", async ({
  page,
  request,
  mail,
  pageProblems,
}, testInfo) => {
  test.setTimeout(90_000);
  const unique = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const email = `neema-${unique}@e2e.test`.toLowerCase();

  // The owner invites a salesperson, alone on duty: the next lead is Neema's.
  await withSalespersonOnDuty(request, mail, { name: 'Neema Achieng', email }, async (neema) => {
    const buyer = `Baraka Otieno ${unique}`;
    const sent = await request.post('/trpc/lead.create', {
      data: { kind: 'enquiry', name: buyer, phone: '0733 222 111', consent: true, message: 'Do you have a Probox in white?' },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    // The buyer is told who will call.
    const page0 = await asOwner(request, 'lead.list', { search: buyer }, 'GET');
    expect((page0 as { items: { assignee: { id: string } | null }[] }).items[0].assignee?.id).toBe(neema.id);

    await page.goto('/login');
    await submitLogin(page, neema);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard/admin/leads?assignee=mine');
    const lead = page.getByRole('article', { name: `Enquiry from ${buyer}` });
    await expect(lead).toBeVisible();
    await expect(lead).toContainText('Neema Achieng');
    await expect(lead.getByText(/^Waiting /)).toBeVisible();

    await lead.getByRole('button', { name: `Timeline and follow-up of ${buyer}` }).click();
    const drawer = page.getByRole('dialog', { name: `Enquiry from ${buyer}` });
    await drawer.getByRole('textbox', { name: 'What was said (optional)' }).fill('Called: white Probox 2016 in stock');
    await drawer.getByRole('button', { name: 'Log a call' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: `Call to ${buyer} logged` })
        .first(),
    ).toBeVisible();
    await drawer.getByRole('textbox', { name: 'Add a note' }).fill('Viewing on Saturday morning');
    await drawer.getByRole('button', { name: 'Add note' }).click();
    const timeline = drawer.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText('Called: white Probox 2016 in stock');
    await expect(timeline).toContainText('Viewing on Saturday morning');
    await expect(timeline).toContainText('Neema Achieng');
    await page.keyboard.press('Escape');
    await expect(lead.getByText(/^First response in /)).toBeVisible();
  });
  expect(pageProblems).toEqual([]);
});
