import { SiteContentUpdateInputSchema } from './content.schemas';
import {
  footerOpeningHoursText,
  hoursInWords,
  isDefaultOpeningHours,
  openingHoursText,
} from './opening-hours';
import { homeOpeningHoursJsonLd, minutesByWeekday, openingHoursSpecification } from './opening-hours.schema-org';
import { DEFAULT_OPENING_HOURS, DEFAULT_OPENING_HOURS_TEXT, defaultSiteContent } from './site-content.defaults';

const fields = () => {
  const { version: _version, updatedAt: _updatedAt, hoursText: _hoursText, footerHoursText: _footerHoursText, ...rest } = defaultSiteContent('+254 700 000 000');
  return rest;
};
const firstMessage = (input: unknown) => SiteContentUpdateInputSchema.safeParse(input).error?.issues[0].message;

describe('site content contract', () => {
  it('takes the defaults as they are', () => {
    expect(SiteContentUpdateInputSchema.parse(fields())).toEqual(fields());
  });

  it('names the field of each problem', () => {
    expect(firstMessage({ ...fields(), faq: [{ question: 'Q?', answer: ' ' }] })).toBe('Answer is required');
    expect(firstMessage({ ...fields(), faq: [] })).toBe('FAQ must have at least one question');
    expect(firstMessage({ ...fields(), hours: { ...DEFAULT_OPENING_HOURS, saturday: { closed: false, open: '14:00', close: '13:00' } } })).toBe(
      'Saturday closing time must be after its opening time',
    );
    expect(firstMessage({ ...fields(), hours: { ...DEFAULT_OPENING_HOURS, monday: { closed: false, open: '8am', close: '17:00' } } })).toBe(
      'Monday opening time must be a time (HH:MM, 24-hour)',
    );
    expect(firstMessage({ ...fields(), phone: 'call us' })).toBe('Phone must be a phone number, e.g. +254 700 000 000');
    expect(firstMessage({ ...fields(), whatsapp: '12' })).toBe('WhatsApp number must be a phone number, e.g. +254 700 000 000');
    expect(firstMessage({ ...fields(), email: 'nope' })).toBe('Email must be an email address');
    expect(firstMessage({ ...fields(), address: '' })).toBe('Address is required');
    expect(firstMessage({ ...fields(), mapUrl: 'javascript:alert(1)' })).toBe('Map link must be a web address starting with https://');
    expect(firstMessage({ ...fields(), social: { ...fields().social, tiktok: 'tiktok' } })).toBe('TikTok must be a web address starting with https://');
  });

  it('lets a closed day keep any valid times', () => {
    const hours = { ...DEFAULT_OPENING_HOURS, sunday: { closed: true, open: '17:00', close: '08:00' } };
    expect(SiteContentUpdateInputSchema.safeParse({ ...fields(), hours }).success).toBe(true);
  });
});

describe('opening hours in words', () => {
  it("states the default hours in the spec's three readings", () => {
    expect(isDefaultOpeningHours(DEFAULT_OPENING_HOURS)).toBe(true);
    expect(footerOpeningHoursText(DEFAULT_OPENING_HOURS)).toBe('Mon-Sat 8:00 AM to 6:00 PM');
    expect(homeOpeningHoursJsonLd(DEFAULT_OPENING_HOURS)).toBe('Mo-Sa 08:00-17:00');
    expect(openingHoursText(DEFAULT_OPENING_HOURS)).toBe('Mon-Fri 08:00-17:00 and Sat 08:00-13:00');
    expect(DEFAULT_OPENING_HOURS_TEXT).toBe(openingHoursText(DEFAULT_OPENING_HOURS));
    expect(defaultSiteContent('+254 700 000 000')).toMatchObject(hoursInWords(DEFAULT_OPENING_HOURS));
    expect(openingHoursSpecification(DEFAULT_OPENING_HOURS)).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '17:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '08:00', closes: '13:00' },
    ]);
  });

  it('states edited hours the same way everywhere', () => {
    const hours = { ...DEFAULT_OPENING_HOURS, wednesday: { closed: true, open: '08:00', close: '17:00' }, saturday: { closed: false, open: '09:00', close: '14:30' } };
    expect(isDefaultOpeningHours(hours)).toBe(false);
    expect(footerOpeningHoursText(hours)).toBe('Mon-Tue 08:00-17:00, Thu-Fri 08:00-17:00 and Sat 09:00-14:30');
    expect(homeOpeningHoursJsonLd(hours)).toEqual(['Mo-Tu 08:00-17:00', 'Th-Fr 08:00-17:00', 'Sa 09:00-14:30']);
    expect(minutesByWeekday(hours)).toEqual([null, [480, 1020], [480, 1020], null, [480, 1020], [480, 1020], [540, 870]]);
    expect(openingHoursText({ ...hours, ...Object.fromEntries(Object.keys(hours).map((day) => [day, { closed: true, open: '08:00', close: '09:00' }])) })).toBe('Closed');
  });
});
