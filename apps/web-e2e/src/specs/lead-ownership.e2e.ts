import type { APIRequestContext } from '@playwright/test';
import { submitLogin } from '../support/account';
import { expect, test } from '../support/fixtures';
import { adminToken } from '../support/made-cars';

interface StaffRow {
  id: string;
  email: string;
  staffRole: 'owner' | 'sales';
  deactivatedAt: string | null;
  away: boolean;
}

/** A tRPC call of the test's own, as the owner. */
async function asOwner(request: APIRequestContext, path: string, input?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<unknown> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const response =
    method === 'GET'
      ? await request.get(`/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { headers })
      : await request.post(`/trpc/${path}`, { headers, data: input });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: unknown } }).result.data;
}

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
  const password = 'neema-e2e-password';

  // The owner invites a salesperson, who chooses a password from the email.
  await asOwner(request, 'staff.invite', { name: 'Neema Achieng', email, staffRole: 'sales' });
  const invitation = await mail.waitFor((m) => m.to.includes(email));
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(invitation.text)?.[1] ?? '';
  const set = await request.post('/trpc/user.resetPassword', { data: { token, password, confirmPassword: password } });
  expect(set.ok(), await set.text()).toBe(true);

  // Other salespeople of this worker's earlier tests step away: the next lead is Neema's.
  const staff = (await asOwner(request, 'staff.list', undefined, 'GET')) as StaffRow[];
  const others = staff.filter((member) => member.staffRole === 'sales' && member.email !== email && !member.deactivatedAt && !member.away);
  const neema = staff.find((member) => member.email === email) as StaffRow;
  for (const other of others) await asOwner(request, 'staff.setAway', { userId: other.id, away: true });
  try {
    const buyer = `Baraka Otieno ${unique}`;
    const sent = await request.post('/trpc/lead.create', {
      data: { kind: 'enquiry', name: buyer, phone: '0733 222 111', consent: true, message: 'Do you have a Probox in white?' },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    // The buyer is told who will call.
    const page0 = await asOwner(request, 'lead.list', { search: buyer }, 'GET');
    expect((page0 as { items: { assignee: { id: string } | null }[] }).items[0].assignee?.id).toBe(neema.id);

    await page.goto('/login');
    await submitLogin(page, { email, password });
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
  } finally {
    for (const other of others) await asOwner(request, 'staff.setAway', { userId: other.id, away: false });
    await asOwner(request, 'staff.deactivate', { userId: neema.id });
  }
  expect(pageProblems).toEqual([]);
});
