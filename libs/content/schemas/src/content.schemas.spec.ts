import { ContentCreateInputSchema, ContentListInputSchema, ContentUpdateInputSchema, CONTENT_NAME_MAX_LENGTH } from './content.schemas';

describe('content contracts', () => {
  it('trim a name and refuse an empty or long one', () => {
    expect(ContentCreateInputSchema.parse({ name: '  First ' })).toEqual({ name: 'First' });
    expect(ContentCreateInputSchema.safeParse({ name: '   ' }).error?.issues[0].message).toBe('Name is required');
    expect(ContentCreateInputSchema.safeParse({}).error?.issues[0].message).toBe('Name is required');
    expect(ContentCreateInputSchema.safeParse({ name: 'x'.repeat(CONTENT_NAME_MAX_LENGTH + 1) }).success).toBe(false);
    expect(ContentCreateInputSchema.safeParse({ name: 'Fir\u0000st' }).error?.issues[0].message).toBe('name must not contain control characters');
  });

  it('update only what is given, by a valid id', () => {
    const id = '0b6f6a36-0a53-4a8e-9a7a-0b1c2d3e4f50';
    expect(ContentUpdateInputSchema.parse({ id })).toEqual({ id });
    expect(ContentUpdateInputSchema.safeParse({ id: 'nope' }).error?.issues[0].path).toEqual(['id']);
  });

  it('page the list with defaults and bounds', () => {
    expect(ContentListInputSchema.parse({})).toEqual({ page: 1, pageSize: 12 });
    expect(ContentListInputSchema.safeParse({ pageSize: 49 }).error?.issues[0].message).toBe('pageSize must be at most 48');
  });
});
