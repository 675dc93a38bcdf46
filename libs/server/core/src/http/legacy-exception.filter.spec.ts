import { DomainError, ErrorCode } from '@dealership/shared-schemas';
import { ForbiddenException, NotFoundException } from '@nestjs/common';
import { z } from 'zod';
import { LegacyExceptionFilter } from './legacy-exception.filter';
import { parseOrThrow } from './zod-validation';

describe('LegacyExceptionFilter.toResponse', () => {
  const filter = new LegacyExceptionFilter();

  it('maps domain errors by their code', () => {
    expect(filter.toResponse(new DomainError(ErrorCode.NotFound, 'Brand not found'))).toEqual({
      status: 404,
      body: { success: false, message: 'Brand not found' },
    });
    expect(filter.toResponse(new DomainError(ErrorCode.Conflict, 'Email taken')).status).toBe(409);
  });

  it('names each invalid field', () => {
    const schema = z.object({ name: z.string({ error: 'Name is required' }), price: z.number({ error: 'must be a number' }) });
    let caught: unknown;
    try {
      parseOrThrow(schema, { price: 'x' });
    } catch (error) {
      caught = error;
    }
    const { status, body } = filter.toResponse(caught);
    expect(status).toBe(400);
    expect(body.message).toBe('Name is required; price: must be a number');
    expect(body.errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'price', message: 'must be a number' },
    ]);
  });

  it('keeps Nest HTTP errors status and hides unknown errors', () => {
    expect(filter.toResponse(new NotFoundException())).toEqual({ status: 404, body: { success: false, message: 'Not found' } });
    expect(filter.toResponse(new ForbiddenException('Admin access required'))).toEqual({
      status: 403,
      body: { success: false, message: 'Admin access required' },
    });
    expect(filter.toResponse(new Error('db password is hunter2'))).toEqual({ status: 500, body: { success: false, message: 'Internal server error' } });
    expect(filter.toResponse(Object.assign(new Error('Body is too large'), { statusCode: 413 })).status).toBe(413);
  });
});
