import { normaliseKenyanPhone } from '@dealership/shared-schemas';
import { oldestImportableYear } from './import-rule';
import { LEAD_CONSENT_MESSAGE, LEAD_NAME_MAX_LENGTH, LEAD_PHONE_MESSAGE, nairobiToday, TEST_DRIVE_HOURS_MESSAGE } from './lead.constants';
import { DEFAULT_OPENING_HOURS } from '@dealership/content-schemas';
import { EnquiryLeadSchema, LeadCreateInputSchema, leadCreateInputSchemaFor } from './lead-forms.schemas';
import { LeadListInputSchema, LeadSetStatusInputSchema } from './lead.schemas';
import { callBackTime, nairobiTime, openingSlots, slotProblem, weekdayOf } from './opening-hours';

const valid = { name: 'Amina', phone: '0712 345 678', consent: true, message: 'Is it still available?' };
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

  it.each(['', '12345', '0712 345 67', '0712 345 6789', '+255712345678', '+1 415 555 0100', '0012345678', 'call me', '0712 345 678 ext 2', '+254 012 345 678'])(
    'refuses %j',
    (input) => expect(normaliseKenyanPhone(input)).toBeNull(),
  );
});

describe('lead contracts', () => {
  it('a new enquiry: trimmed, phone as +254, email lower-cased, blank email dropped', () => {
    expect(LeadCreateInputSchema.parse({ ...valid, name: '  Amina W. ', email: ' Amina@Mail.co.KE ' })).toEqual({
      kind: 'enquiry',
      name: 'Amina W.',
      phone: '+254712345678',
      email: 'amina@mail.co.ke',
      consent: true,
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
    // Consent to be contacted: a box the buyer ticks, never assumed.
    expect(issue({ ...valid, consent: false })).toMatchObject({ path: ['consent'], message: LEAD_CONSENT_MESSAGE });
    expect(issue({ ...valid, consent: undefined })).toMatchObject({ path: ['consent'], message: LEAD_CONSENT_MESSAGE });
    expect(issue({ ...valid, kind: 'spam' })?.path).toEqual(['kind']);
    expect(issue({ ...valid, carId: 'nope' })?.path).toEqual(['carId']);
    expect(issue({ ...valid, preferredDate: '2020-01-01' })).toMatchObject({ path: ['preferredDate'], message: 'Preferred date cannot be in the past' });
    expect(issue({ ...valid, preferredDate: 'tomorrow' })).toMatchObject({ path: ['preferredDate'], message: 'Preferred date must be a date (YYYY-MM-DD)' });
    expect(EnquiryLeadSchema.parse({ ...valid, preferredDate: nairobiToday() }).preferredDate).toBe(nairobiToday());
    expect(EnquiryLeadSchema.parse({ ...valid, preferredDate: '' }).preferredDate).toBeUndefined();
  });

  it('Nairobi is three hours ahead of UTC', () => {
    expect(nairobiToday(new Date('2026-11-23T21:30:00Z'))).toBe('2026-11-24');
    expect(nairobiToday(new Date('2026-11-23T20:59:00Z'))).toBe('2026-11-23');
  });

  it('moves a lead along the pipeline with a note (blank clears it)', () => {
    const id = '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50';
    expect(LeadSetStatusInputSchema.parse({ id, status: 'Contacted', note: ' Called, visiting Saturday ' })).toEqual({
      id,
      status: 'Contacted',
      note: 'Called, visiting Saturday',
    });
    expect(LeadSetStatusInputSchema.parse({ id, status: 'Won', note: '' })).toEqual({ id, status: 'Won', note: null });
    expect(LeadSetStatusInputSchema.safeParse({ id, status: 'Maybe' }).error?.issues[0].path).toEqual(['status']);
  });

  it('pages the inbox by kind and status', () => {
    expect(LeadListInputSchema.parse({})).toEqual({ page: 1, pageSize: 12 });
    expect(LeadListInputSchema.parse({ kind: 'test-drive', status: 'New' })).toMatchObject({ kind: 'test-drive', status: 'New' });
    expect(LeadListInputSchema.safeParse({ pageSize: 49 }).error?.issues[0].message).toBe('pageSize must be at most 48');
  });
});

describe('test-drive opening hours (Nairobi time, 30-minute slots)', () => {
  // 2026-11-23 is a Monday.
  it('knows the day of the week of a date, and no day for a date that does not exist', () => {
    expect(['2026-11-23', '2026-11-28', '2026-11-29'].map(weekdayOf)).toEqual([1, 6, 0]);
    expect(weekdayOf('2026-02-31')).toBeNull();
    expect(weekdayOf('Monday')).toBeNull();
  });

  it('offers half-hour slots from 08:00 that end by closing: 17:00 on weekdays, 13:00 on Saturdays, none on Sundays', () => {
    const weekday = openingSlots('2026-11-23');
    expect(weekday).toHaveLength(18);
    expect([weekday[0], weekday[1], weekday[weekday.length - 1]]).toEqual(['08:00', '08:30', '16:30']);
    expect(openingSlots('2026-11-27')).toEqual(weekday);
    const saturday = openingSlots('2026-11-28');
    expect([saturday[0], saturday[saturday.length - 1], saturday.length]).toEqual(['08:00', '12:30', 10]);
    expect(openingSlots('2026-11-29')).toEqual([]);
    expect(openingSlots('not a day')).toEqual([]);
    expect(openingSlots('2026-11-28', '11:15')).toEqual(['11:30', '12:00', '12:30']);
  });

  it('says what is wrong with a slot', () => {
    const [today, now] = ['2026-11-23', '10:05'];
    expect(slotProblem('2026-11-24', '08:00', today, now)).toBeNull();
    expect(slotProblem('2026-11-24', '16:30', today, now)).toBeNull();
    expect(slotProblem('2026-11-28', '12:30', today, now)).toBeNull();
    expect(slotProblem('2026-11-23', '10:30', today, now)).toBeNull();
    expect(slotProblem('2026-11-29', '10:00', today, now)).toBe('closed-day');
    expect(slotProblem('2026-11-24', '17:00', today, now)).toBe('outside-hours');
    expect(slotProblem('2026-11-24', '07:30', today, now)).toBe('outside-hours');
    expect(slotProblem('2026-11-28', '13:00', today, now)).toBe('outside-hours');
    expect(slotProblem('2026-11-24', '10:15', today, now)).toBe('off-slot');
    expect(slotProblem('2026-11-24', '10am', today, now)).toBe('not-a-time');
    expect(slotProblem('2026-11-23', '10:00', today, now)).toBe('passed');
  });

  it('reads the time in Nairobi, three hours ahead of UTC', () => {
    expect(nairobiTime(new Date('2026-11-23T05:07:00Z'))).toBe('08:07');
    expect(nairobiTime(new Date('2026-11-23T21:30:00Z'))).toBe('00:30');
  });
});

/** The next day after today (Nairobi's) that falls on `weekday` (0 Sunday ... 6 Saturday). */
function nextDay(weekday: number): string {
  const day = new Date(`${nairobiToday()}T00:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== weekday);
  return day.toISOString().slice(0, 10);
}

describe('lead kinds', () => {
  const carId = '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50';
  const contact = { name: 'Amina', phone: '0712 345 678', consent: true };

  it('a test drive: the car, a day and a slot in opening hours; the message is optional', () => {
    const drive = { ...contact, kind: 'test-drive', carId, preferredDate: nextDay(2), preferredTime: '10:30' };
    expect(LeadCreateInputSchema.parse(drive)).toEqual({
      kind: 'test-drive',
      name: 'Amina',
      phone: '+254712345678',
      consent: true,
      message: '',
      carId,
      preferredDate: nextDay(2),
      preferredTime: '10:30',
    });
    expect(issue({ ...drive, carId: undefined })).toMatchObject({ path: ['carId'], message: 'carId: choose the car to test drive' });
    expect(issue({ ...drive, preferredDate: undefined })).toMatchObject({ path: ['preferredDate'], message: 'Preferred date is required' });
    expect(issue({ ...drive, preferredTime: '' })).toMatchObject({ path: ['preferredTime'], message: 'Preferred time is required' });
    expect(issue({ ...drive, preferredDate: nextDay(0) })).toMatchObject({
      path: ['preferredDate'],
      message: 'Preferred date is a Sunday, when we are closed. We open Mon-Fri 08:00-17:00 and Sat 08:00-13:00: choose another day',
    });
    expect(issue({ ...drive, preferredTime: '17:00' })).toMatchObject({
      path: ['preferredTime'],
      message: `Preferred time is outside our hours. ${TEST_DRIVE_HOURS_MESSAGE}`,
    });
    expect(TEST_DRIVE_HOURS_MESSAGE).toBe('We open Mon-Fri 08:00-17:00 and Sat 08:00-13:00: choose a time in those hours');
    expect(issue({ ...drive, preferredDate: nextDay(6), preferredTime: '13:00' })?.path).toEqual(['preferredTime']);
    expect(issue({ ...drive, preferredTime: '10:10' })).toMatchObject({
      path: ['preferredTime'],
      message: 'Preferred time must be on the hour or half past (test drives take 30 minutes)',
    });
    expect(issue({ ...drive, preferredDate: '2020-01-06' })).toMatchObject({ path: ['preferredDate'], message: 'Preferred date cannot be in the past' });
  });

  it('a test drive in the hours the staff keep: a longer Saturday, a closed Wednesday', () => {
    const hours = { ...DEFAULT_OPENING_HOURS, wednesday: { closed: true, open: '08:00', close: '17:00' }, saturday: { closed: false, open: '09:00', close: '15:30' } };
    const schema = leadCreateInputSchemaFor(hours);
    // One schema per hours object.
    expect(leadCreateInputSchemaFor(hours)).toBe(schema);
    const saturday = { ...contact, kind: 'test-drive', carId, preferredDate: nextDay(6), preferredTime: '14:30' };
    expect(schema.safeParse(saturday).success).toBe(true);
    expect(LeadCreateInputSchema.safeParse(saturday).success).toBe(false);
    expect(schema.safeParse({ ...saturday, preferredTime: '08:30' }).error?.issues[0]).toMatchObject({
      path: ['preferredTime'],
      message: 'Preferred time is outside our hours. We open Mon-Tue 08:00-17:00, Thu-Fri 08:00-17:00 and Sat 09:00-15:30: choose a time in those hours',
    });
    expect(schema.safeParse({ ...saturday, preferredDate: nextDay(3), preferredTime: '10:00' }).error?.issues[0]).toMatchObject({
      path: ['preferredDate'],
      message: 'Preferred date is a Wednesday, when we are closed. We open Mon-Tue 08:00-17:00, Thu-Fri 08:00-17:00 and Sat 09:00-15:30: choose another day',
    });
    expect(openingSlots('2026-11-28', undefined, hours)).toHaveLength(13);
    // Tuesday 16:45 in Nairobi: the next opening is Thursday's (Wednesday is closed).
    expect(callBackTime(new Date('2026-11-24T13:45:00Z'), hours)).toBe('on Thursday at 08:00');
  });

  it('a trade-in: the car, its mileage and condition; an empty asking price is none; up to 6 photos', () => {
    const details = { make: ' Toyota ', model: 'Fielder', year: 2015, mileage: 98_000, condition: 'Good', askingPrice: '' };
    expect(LeadCreateInputSchema.parse({ ...contact, kind: 'trade-in', details })).toMatchObject({
      kind: 'trade-in',
      message: '',
      details: { make: 'Toyota', model: 'Fielder', year: 2015, mileage: 98_000, condition: 'Good', askingPrice: undefined, photos: [] },
    });
    const tradeIn = (change: object) => issue({ ...contact, kind: 'trade-in', details: { ...details, ...change } });
    expect(tradeIn({ make: '' })).toMatchObject({ path: ['details', 'make'], message: 'Make is required' });
    expect(tradeIn({ year: '' })).toMatchObject({ path: ['details', 'year'], message: 'Year is required' });
    expect(tradeIn({ year: 1975 })).toMatchObject({ path: ['details', 'year'], message: 'Year must be 1980 or later' });
    expect(tradeIn({ year: Number(nairobiToday().slice(0, 4)) + 2 })).toMatchObject({ message: 'Year cannot be in the future' });
    expect(tradeIn({ mileage: -1 })).toMatchObject({ path: ['details', 'mileage'], message: 'Mileage cannot be negative' });
    expect(tradeIn({ condition: 'Mint' })).toMatchObject({
      path: ['details', 'condition'],
      message: 'Condition must be one of: Excellent, Good, Fair, Needs work',
    });
    expect(tradeIn({ askingPrice: 0 })).toMatchObject({ path: ['details', 'askingPrice'], message: 'Asking price must be more than KES 0' });
    const photo = { url: '/media/documents/a.jpg', publicId: 'documents/a' };
    expect(tradeIn({ photos: Array(7).fill(photo) })).toMatchObject({ path: ['details', 'photos'], message: 'Photos: at most 6' });
  });

  it('an import on behalf: refuses a first year older than the eight-year rule allows at arrival', () => {
    const oldest = oldestImportableYear();
    const details = { make: 'Mazda', model: 'CX-5', yearFrom: oldest, yearTo: oldest + 2, budget: 3_200_000, colour: '' };
    expect(LeadCreateInputSchema.parse({ ...contact, kind: 'import', details })).toMatchObject({ kind: 'import', details: { ...details, colour: undefined } });
    const request = (change: object) => issue({ ...contact, kind: 'import', details: { ...details, ...change } });
    expect(request({ yearFrom: oldest - 1 })).toMatchObject({
      path: ['details', 'yearFrom'],
      message: `Kenya admits used cars first registered less than eight years before they arrive: the oldest year you can import now is ${oldest}`,
    });
    expect(request({ yearTo: oldest - 1 })).toMatchObject({ path: ['details', 'yearTo'], message: 'Year to cannot be before Year from' });
    expect(request({ budget: '' })).toMatchObject({ path: ['details', 'budget'], message: 'Budget is required' });
  });

  it('the eight-year rule moves on a year when the car would arrive in the next year', () => {
    // The default rates' cut-off is 2019; 60 days' shipping from 2 November 2026 lands in 2027.
    expect(oldestImportableYear(new Date('2026-10-01T12:00:00Z'))).toBe(2019);
    expect(oldestImportableYear(new Date('2026-11-24T12:00:00Z'))).toBe(2020);
  });

  it('financing: price, deposit below it, 12 to 72 months and an income band', () => {
    const details = { price: 1_500_000, deposit: 300_000, months: 48, incomeBand: 'KES 100,000-250,000' };
    expect(LeadCreateInputSchema.parse({ ...contact, kind: 'financing', carId, details })).toMatchObject({ kind: 'financing', carId, details });
    expect(LeadCreateInputSchema.parse({ ...contact, kind: 'financing', details })).not.toHaveProperty('carId');
    const application = (change: object) => issue({ ...contact, kind: 'financing', details: { ...details, ...change } });
    expect(application({ months: 6 })).toMatchObject({ path: ['details', 'months'], message: 'Months must be from 12 to 72' });
    expect(application({ months: 84 })).toMatchObject({ path: ['details', 'months'], message: 'Months must be from 12 to 72' });
    expect(application({ deposit: 1_500_000 })).toMatchObject({ path: ['details', 'deposit'], message: 'Deposit must be less than the price' });
    expect(application({ incomeBand: 'A lot' })).toMatchObject({
      path: ['details', 'incomeBand'],
      message: expect.stringMatching(/^Monthly income must be one of: Below KES 50,000/),
    });
  });

  it('names the kinds when the kind is unknown, and keeps the enquiry as the default kind', () => {
    expect(issue({ ...valid, kind: 'spam' })).toMatchObject({
      path: ['kind'],
      message: 'kind must be one of: enquiry, test-drive, trade-in, import, financing',
    });
    expect(LeadCreateInputSchema.parse(valid).kind).toBe('enquiry');
  });
});
