import { AuditListInputSchema } from './audit.schemas';

describe('audit contracts', () => {
  it('page the log with defaults and bounds', () => {
    expect(AuditListInputSchema.parse({})).toEqual({ page: 1, pageSize: 12 });
    expect(AuditListInputSchema.safeParse({ pageSize: 49 }).error?.issues[0].message).toBe('pageSize must be at most 48');
    expect(AuditListInputSchema.safeParse({ entity: 'planet' }).error?.issues[0].path).toEqual(['entity']);
  });
});
