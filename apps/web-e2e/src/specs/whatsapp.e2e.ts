import { type WhatsAppStub, whatsappDelivery, whatsappSignature } from '@dealership/shared-provider-stubs';
import type { APIRequestContext } from '@playwright/test';
import { submitLogin } from '../support/account';
import { expect, PHONE, test } from '../support/fixtures';
import { withSalespersonOnDuty } from '../support/sales-staff';

/** What Meta's webhook delivers (a buyer's message, a status), signed with the app's secret as Meta signs it. */
async function deliver(request: APIRequestContext, whatsapp: WhatsAppStub, item: Parameters<typeof whatsappDelivery>[0]): Promise<void> {
  const body = whatsappDelivery(item, whatsapp.env.WHATSAPP_PHONE_NUMBER_ID);
  const response = await request.post('/api/whatsapp/webhook', {
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(body, whatsapp.env.WHATSAPP_APP_SECRET) },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
}

// Salespeople answer WhatsApp on their phones: the drawer is the whole screen.
test.use(PHONE);

/*
 * WhatsApp conversations in the leads inbox (issue 43): a buyer's WhatsApp message, delivered by
 * Meta's signed webhook, becomes a lead of the salesperson on duty, who answers it from the lead's
 * drawer; the reply goes out through the outbox to the Cloud API (a loopback stub here) and Meta's
 * status callbacks show on it.
 */
test('a salesperson answers a WhatsApp lead from the drawer', async ({ page, request, mail, whatsapp, pageProblems }, testInfo) => {
  test.setTimeout(90_000);
  const unique = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const email = `zawadi-${unique}@e2e.test`.toLowerCase();

  // The owner invites a salesperson, alone on duty: the next lead is Zawadi's.
  await withSalespersonOnDuty(request, mail, { name: 'Zawadi Mwangi', email }, async (zawadi) => {
    // The buyer writes to the dealership's WhatsApp number; Meta delivers it to the webhook, signed with the app's secret.
    const buyer = `Hamisi Juma ${unique}`;
    const from = `2547${String(Date.now()).slice(-8)}`;
    await deliver(request, whatsapp, { message: { from, id: `wamid.${unique}`, text: 'Is ST-00012 still available?', name: buyer } });

    await page.goto('/login');
    await submitLogin(page, zawadi);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard/admin/leads?assignee=mine');
    const lead = page.getByRole('article', { name: `WhatsApp from ${buyer}` });
    await expect(lead).toBeVisible();
    await expect(lead).toContainText('Zawadi Mwangi');
    await expect(lead.getByText(/^Waiting /)).toBeVisible();

    await lead.getByRole('button', { name: `WhatsApp conversation with ${buyer}` }).click();
    const drawer = page.getByRole('dialog', { name: `WhatsApp from ${buyer}` });
    const conversation = drawer.getByRole('log', { name: 'WhatsApp conversation' });
    await expect(conversation.getByRole('listitem')).toHaveText([/^Is ST-00012 still available\?/]);

    // A quick reply, edited before it goes.
    await drawer.getByRole('group', { name: 'Quick replies' }).getByRole('button').first().click();
    const box = drawer.getByRole('textbox', { name: 'Reply on WhatsApp' });
    await expect(box).not.toHaveValue('');
    const reply = `Yes, it is here. Come and see it on Saturday, ${buyer.split(' ')[0]}.`;
    await box.fill(reply);
    await drawer.getByRole('button', { name: 'Send on WhatsApp' }).click();
    await expect(box).toHaveValue('');

    // The outbox sends it to the Cloud API as text, to the buyer's number.
    const sent = await whatsapp.waitFor((m) => m.to === from, 15_000);
    expect(sent).toMatchObject({ type: 'text', text: reply, phoneNumberId: whatsapp.env.WHATSAPP_PHONE_NUMBER_ID });
    const mine = conversation.getByRole('listitem').filter({ hasText: reply });
    await expect(mine).toContainText('Zawadi Mwangi');
    await expect(mine).toContainText(/Sent$/);

    // Meta calls back: delivered to the phone.
    await deliver(request, whatsapp, { status: { id: sent.id, status: 'delivered', recipient: from } });
    await expect(mine).toContainText(/Delivered$/);

    // The reply is on the timeline, and it was the lead's first response.
    const timeline = drawer.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText('WhatsApp from the buyer');
    await expect(timeline).toContainText('WhatsApp reply by Zawadi Mwangi');
    await page.keyboard.press('Escape');
    await expect(lead.getByText(/^First response in /)).toBeVisible();
  });
  expect(pageProblems).toEqual([]);
});
