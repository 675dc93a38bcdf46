import { DomainError, ERROR_HTTP_STATUS, ErrorCode } from './errors';
import { IdSchema } from './ids.schemas';
import { PriceKesSchema } from './money.schemas';
import { PageInputSchema } from './pagination.schemas';

describe('shared contracts', () => {
  it('map every error code to an HTTP status', () => {
    for (const code of Object.values(ErrorCode)) expect(ERROR_HTTP_STATUS[code]).toBeGreaterThanOrEqual(400);
    const error = new DomainError(ErrorCode.Conflict, 'Email already registered', 'email');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 'CONFLICT', field: 'email', message: 'Email already registered', name: 'DomainError' });
  });

  it('take whole shillings only', () => {
    expect(PriceKesSchema.parse(1_250_000)).toBe(1_250_000);
    expect(PriceKesSchema.safeParse(10.5).error?.issues[0].message).toBe('Price must be a whole number of shillings');
    expect(PriceKesSchema.safeParse('100').success).toBe(false);
  });

  it('bound pages and check ids', () => {
    expect(PageInputSchema.parse({})).toEqual({ page: 1, pageSize: 12 });
    expect(PageInputSchema.safeParse({ pageSize: 100 }).success).toBe(false);
    expect(IdSchema.safeParse('not-an-id').error?.issues[0].message).toBe('must be a valid id');
  });
});
