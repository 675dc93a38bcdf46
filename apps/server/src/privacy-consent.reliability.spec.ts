import { LEAD_CONSENT_MESSAGE, LEAD_CONSENT_TEXT } from '@dealership/lead-schemas';
import { leads } from '@dealership/lead-data';
import { eq } from 'drizzle-orm';
import { type PrivacyServer, startPrivacyServer } from './testing/privacy-server';

/*
 * Consent to be contacted (Data Protection Act, 2019): a lead form's box, unticked by default and
 * required. Through the whole server: a lead without it, or with it refused, is a 400 naming the
 * field and stores nothing; a lead with it records the words agreed to and when.
 */
describe('lead consent (whole server, real database)', () => {
  let server: PrivacyServer;
  const enquiry = { kind: 'enquiry', name: 'Zawadi Consent', phone: '0712 345 678', message: 'Is the Vitz still available?' };
  const stored = () => server.database.db.select().from(leads).where(eq(leads.name, enquiry.name));

  beforeAll(async () => {
    server = await startPrivacyServer();
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['missing', {}],
    ['unticked', { consent: false }],
    ['not a boolean', { consent: 'yes' }],
  ])('refuses a lead whose consent is %s: 400 naming the field, nothing stored', async (_case, consent) => {
    const { status, body } = await server.trpc('lead.create', { ...enquiry, ...consent });
    expect(status).toBe(400);
    expect(body.error?.data.fieldErrors).toEqual({ consent: [LEAD_CONSENT_MESSAGE] });
    expect(body.error?.message).toContain('Consent is required');
    expect(await stored()).toEqual([]);
  });

  it('stores a lead with consent, with the words agreed to and when', async () => {
    const before = Date.now();
    const { status, body } = await server.trpc('lead.create', { ...enquiry, consent: true });
    expect(status).toBe(200);
    const [lead] = await stored();
    expect(lead.id).toBe((body.result?.data as { id: string }).id);
    expect(lead.consentText).toBe(LEAD_CONSENT_TEXT);
    expect(lead.consentedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(lead.consentedAt?.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
