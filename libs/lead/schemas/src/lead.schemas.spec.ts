import { normaliseKenyanPhone } from './kenyan-phone';
import { LEAD_PHONE_MESSAGE, LeadCreateInputSchema, LeadListInputSchema, LeadSetStatusInputSchema, LEAD_NAME_MAX_LENGTH, nairobiToday } from './lead.schemas';

const valid = { name: 'Amina', phone: '0712 345 678', message: 'Is it still available?' };
const issue = (input: unknown) => LeadCreateInputSchema.safeParse(input).error?.issues[0];

describe('Kenyan phone numbers', () => {
  it.each([
    ['0712 345 678', '+254712345678'],
    ['0712345678', '+254712345678'],
    ['712345678', '+254712345678'],
    ['+254712345678', '+254712345678'],
    ['254712345678', '+254712345678'],
    ['+254 (0)712 345 678', '+254712345678'],
    ['00254 712 345 678', '+254712345678'],
    ['0712-345-678', '+254712345678'],
    ['0110 123 456', '+254110123456'],
    ['041 222 3333', '+254412223333'],
  ])('%s -> %s', (input, expected) => expect(normaliseKenyanPhone(input)).toBe(expected));

  it.each(['', '12345', '0712 345 67', '0712 345 6789', '+255712345678', '+1 415 555 0100', '0012345678', 'call me', '0712 345 678 ext 2', '+254 012 345 678'])('refuses %j', (input) =>
    expect(normaliseKenyanPhone(input)).toBeNull(),
  );
});

describe('lead contracts', () => {
  it('a new enquiry: trimmed, phone as +254, email lower-cased, blank email dropped', () => {
    expect(LeadCreateInputSchema.parse({ ...valid, name: '  Amina W. ', email: ' Amina@Mail.co.KE ' })).toEqual({
      kind: 'enquiry',
      name: 'Amina W.',
      phone: '+254712345678',
      email: 'amina@mail.co.ke',
      message: 'Is it still available?',
    });
    expect(LeadCreateInputSchema.parse({ ...valid, email: '' }).email).toBeUndefined();
  });

  it('names the field of each bad value', () => {
    expect(issue({ ...valid, name: ' ' })).toMatchObject({ path: ['name'], message: 'Name is required' });
    expect(issue({ ...valid, name: 'x'.repeat(LEAD_NAME_MAX_LENGTH + 1) })?.path).toEqual(['name']);
    expect(issue({ ...valid, phone: '12345' })).toMatchObject({ path: ['phone'], message: LEAD_PHONE_MESSAGE });
    expect(issue({ ...valid, phone: '' })).toMatchObject({ path: ['phone'], message: 'Phone is required' });
    expect(issue({ ...valid, email: 'not-an-email' })).toMatchObject({ path: ['email'], message: 'Enter a valid email address' });
    expect(issue({ ...valid, message: '  ' })).toMatchObject({ path: ['message'], message: 'Message is required' });
    expect(issue({ ...valid, kind: 'spam' })?.path).toEqual(['kind']);
    expect(issue({ ...valid, carId: 'nope' })?.path).toEqual(['carId']);
    expect(issue({ ...valid, preferredDate: '2020-01-01' })).toMatchObject({ path: ['preferredDate'], message: 'Preferred date cannot be in the past' });
    expect(issue({ ...valid, preferredDate: 'tomorrow' })).toMatchObject({ path: ['preferredDate'], message: 'Preferred date must be a date (YYYY-MM-DD)' });
    expect(LeadCreateInputSchema.parse({ ...valid, preferredDate: nairobiToday() }).preferredDate).toBe(nairobiToday());
    expect(LeadCreateInputSchema.parse({ ...valid, preferredDate: '' }).preferredDate).toBeUndefined();
  });

  it('Nairobi is three hours ahead of UTC', () => {
    expect(nairobiToday(new Date('2026-11-23T21:30:00Z'))).toBe('2026-11-24');
    expect(nairobiToday(new Date('2026-11-23T20:59:00Z'))).toBe('2026-11-23');
  });

  it('moves a lead along the pipeline with a note (blank clears it)', () => {
    const id = '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50';
    expect(LeadSetStatusInputSchema.parse({ id, status: 'Contacted', note: ' Called, visiting Saturday ' })).toEqual({ id, status: 'Contacted', note: 'Called, visiting Saturday' });
    expect(LeadSetStatusInputSchema.parse({ id, status: 'Won', note: '' })).toEqual({ id, status: 'Won', note: null });
    expect(LeadSetStatusInputSchema.safeParse({ id, status: 'Maybe' }).error?.issues[0].path).toEqual(['status']);
  });

  it('pages the inbox by kind and status', () => {
    expect(LeadListInputSchema.parse({})).toEqual({ page: 1, pageSize: 12 });
    expect(LeadListInputSchema.parse({ kind: 'test-drive', status: 'New' })).toMatchObject({ kind: 'test-drive', status: 'New' });
    expect(LeadListInputSchema.safeParse({ pageSize: 49 }).error?.issues[0].message).toBe('pageSize must be at most 48');
  });
});
