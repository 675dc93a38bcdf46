import { LeadCreateInputSchema, LeadListInputSchema, LeadUpdateInputSchema, LEAD_NAME_MAX_LENGTH } from './lead.schemas';

describe('lead contracts', () => {
  it('trim a name and refuse an empty or long one', () => {
    expect(LeadCreateInputSchema.parse({ name: '  First ' })).toEqual({ name: 'First' });
    expect(LeadCreateInputSchema.safeParse({ name: '   ' }).error?.issues[0].message).toBe('Name is required');
    expect(LeadCreateInputSchema.safeParse({}).error?.issues[0].message).toBe('Name is required');
    expect(LeadCreateInputSchema.safeParse({ name: 'x'.repeat(LEAD_NAME_MAX_LENGTH + 1) }).success).toBe(false);
    expect(LeadCreateInputSchema.safeParse({ name: 'Fir\u0000st' }).error?.issues[0].message).toBe('name must not contain control characters');
  });

  it('update only what is given, by a valid id', () => {
    const id = '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50';
    expect(LeadUpdateInputSchema.parse({ id })).toEqual({ id });
    expect(LeadUpdateInputSchema.safeParse({ id: 'nope' }).error?.issues[0].path).toEqual(['id']);
  });

  it('page the list with defaults and bounds', () => {
    expect(LeadListInputSchema.parse({})).toEqual({ page: 1, pageSize: 12 });
    expect(LeadListInputSchema.safeParse({ pageSize: 49 }).error?.issues[0].message).toBe('pageSize must be at most 48');
  });
});
