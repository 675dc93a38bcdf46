import { TRPCClientError } from '@trpc/client';
import { describeApiError, SERVER_ERROR_MESSAGE } from './api-error';

/** A tRPC failure as the client sees it, `data` shaped by the API's error formatter. */
function failure(message: string, data: Record<string, unknown>) {
  return new TRPCClientError(message, { result: { error: { message, code: -32600, data } } });
}

describe('describeApiError', () => {
  it('keeps the server message and the first message per field of an invalid input', () => {
    const info = describeApiError(failure('Name is required', { httpStatus: 400, fieldErrors: { name: ['Name is required', 'too short'], phone: [] } }));
    expect(info).toEqual({ message: 'Name is required', fieldErrors: { name: 'Name is required' }, isServerFault: false });
  });

  it('shows a domain error naming a field on that field', () => {
    const info = describeApiError(failure('Email is already registered', { httpStatus: 409, field: 'email' }));
    expect(info.fieldErrors).toEqual({ email: 'Email is already registered' });
  });

  it('calls a network failure, a server fault or a foreign error a server error', () => {
    for (const error of [new TypeError('Failed to fetch'), failure('boom', { httpStatus: 500 }), failure('no status', {})]) {
      expect(describeApiError(error)).toEqual({ message: SERVER_ERROR_MESSAGE, fieldErrors: {}, isServerFault: true });
    }
  });
});
